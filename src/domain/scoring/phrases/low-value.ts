// Posts that answer rather than ask (advice, how-to), and the shapes no product answers (stories, reviews, news,
// job hunting, coursework). Regex sources over lower-case text, matched as whole words by a PhraseIndex.

/** Giving advice or a how-to: the author answers rather than asks. */
export const ADVICE = [
  "(?:i|we) (?:would |'d |highly |strongly |always |usually |definitely )?(?:recommend|suggest)(?! (?:me|us|a|an|any|some)\\b)",
  'my (?:advice|tip|tips|recommendation)',
  // "Here's what worked", "here's my advice"; not "here's my situation" (the author's problem follows).
  "here(?:'s| is| are) (?:what|how|some|a few|my(?! (?:[a-z]+ )?(?:situation|problem|issue|question|site|website|story|dilemma|setup|current|case|predicament|scenario)))",
  'tips? (?:for|on|to)',
  '(?:what|this) (?:worked|works) (?:for|well for) (?:me|us)',
  'you (?:should|need to|have to|must) (?:try|use|consider|always|never|make sure)',
  'pro ?tip',
  // Reporting a result: "A $10 deposit took us from about 14% no-shows to almost none".
  'took (?:us|me|them) from (?:about |around |roughly )?[0-9]+%? (?:[a-z-]+ ){0,3}to (?:almost |nearly |basically |about |around )?(?:none|zero|nothing|[0-9]+%?)',
  // A house rule or a reminder to others: "Our rule: two no-shows and you book with a card", "Gentle reminder that
  // a lot of no-shows are people who forgot".
  '(?<=^|\\n)(?:our|my) (?:house |shop |salon |golden )?(?:rule|policy)(?: is)?\\s*[:-]',
  '(?<=^|\\n)(?:a )?(?:gentle|friendly|quick|general) reminder(?: that|:)',
  'hope (?:this|it|that) helps',
  'step[- ]by[- ]step',
  "(?:a|my|the) (?:quick |short |complete |beginner's )?guide",
  // "Guide: moving your client list …", "[Guide] …"
  "^\\[?(?:quick |short |complete |beginner'?s |ultimate )?guide\\b",
  'how (?:i|we) (?:handle|manage|deal with|reduced|cut|stopped|fixed|solved|use)',
  // Reporting what worked: "Dropped our no-shows by half", "cut my late payments to almost zero" (tenth session).
  '(?:dropped|cut|reduced|halved|lowered|slashed|brought down) (?:our|my) (?:[a-z-]+ ){0,2}(?:by (?:half|\\d|a third|a lot|[a-z]+ percent)|in half|to (?:almost |nearly |basically )?(?:zero|nothing|none))',
  // Sharing a list: "some useful tools you might not know about".
  '(?:you )?(?:might|may) not (?:already )?(?:know|have heard) (?:about|of)',
  '(?:useful|handy|helpful|essential|must-have) (?:[a-z-]+ )?(?:tools|apps|sites|websites|resources|extensions|plugins)(?! (?:for|to|that|which|i|we)\\b)',
];

/** Coursework: the author is a student (low value unless the profile sells to students; phrases/reading.ts SCHOOLING). */
export const COURSEWORK =
  '(?:my|our) homework|homework (?:help|question|problem|assignment)|(?:working on|doing|for) (?:a|an|my|this|the) (?:[a-z-]+ ){0,2}(?:assignment|homework)|for (?:my|our) (?:class|course)|(?:my|our) (?:professor|teacher|instructor)';

/** Posts no product answers: stories, reviews, thanks, news, general discussion, how-to, job hunting. */
export const LOW_VALUE = [
  'success story',
  'confessions? (?:of|from)',
  'lessons? learned',
  'my experience',
  // A story, unless it asks where to go next ("Had a terrible experience with X, what are the alternatives?").
  '(?:just )?had (?:a|an|the) (?:[a-z]+ ){0,2}experience(?![^\\n]*(?:alternative|switch|instead|replac|recommend|suggest))',
  '\\[review\\]',
  'reviews?(?= of|:|\\n|$)',
  'review(?= \\w+ \\w+(?:\\n|$))',
  'i?ama',
  'ask me anything',
  'review(?= \\()',
  'til',
  'psa',
  // A warning told to everyone ("Just a warning that there are people out there who spam apps"), not a request.
  '(?:just )?a (?:friendly |quick |little )?(?:warning|heads[- ]up) (?:to|for|that|about)(?![a-z])',
  '^(?:fyi|heads[- ]up)(?![a-z])',
  'thanks?(?: you)?(?: all| guys| reddit| everyone| r/)',
  '\\[thanks!?\\]',
  'rant',
  'dae',
  'does anyone else',
  'discussion',
  // A prompt for everyone's stories: "Do you make a living off of WordPress? Tell us about it."
  '(?:tell|show) us (?:about (?:it|yours|your [a-z]+)|your (?:stories|story|experiences?))',
  'what do you (?:think|guys think) (?:about|of)',
  'opinions? on',
  'infographic',
  'tutorial',
  'guide to',
  'how i (?:made|built|grew|got|went|started|quit)',
  'i just (?:bought|got|finished|received|picked up)',
  'just (?:bought|got|received|picked up) (?:a|an|my|the)',
  'looking for (?:a |an )?(?:job|work|internship|employment|position)',
  // Someone weighing whether to become a provider: "How lucrative is selling SEO services?"
  // "Is it profitable to sell …", "How profitable would it be to start offering …".
  '(?:how (?:lucrative|profitable)(?: is| would| could)?(?: it)?(?: be)?(?: to)?|is it (?:lucrative|profitable|worth it) to|money (?:in|to be made (?:in|from))) (?:(?:start(?:ing)?|get(?:ting)? into) )?(?:sell|offer|provid|do|run|becom)(?:e|ing)?(?![a-z])',
  '(?:have|got) an interview (?:at|with|for|tomorrow|today|next)',
  'resume',
  'cover letter',
  'job interview',
  // Careers and schooling in the field: the author works in it or wants to, and buys nothing.
  'careers?(?! page)',
  'internships?',
  'job offer',
  'degree in',
  '(?:major|majoring|minor) in',
  // Coursework: "my homework", "working on a linear programming assignment", "for my class".
  COURSEWORK,
  'salary',
  // The author sells the service and asks what to charge for it.
  '(?:how much|what) (?:(?:should|do|would|can|could) (?:i|we)|to) (?:charge|quote|bill)(?! (?:me|us))',
  // Asking peers what they usually charge ("How much do you charge for SEO?"), not asking one for a quote.
  "(?:how much|what) do (?:you|y'?all|you guys|you all) (?:usually |typically |normally |generally )?(?:charge|bill)",
  "let'?s (?:talk|discuss|chat) about",
  'story time',
  'funny',
  'meme',
  'news',
  // An announcement: "You can now download the new firmware".
  'you can now (?:download|get|buy|use|install|try|order)',
  'article',
  'how (?:do|to|can) (?:i |you )?(?:configure|set up|setup|install|fix|enable|disable|convert|calculate|format|write|code|script|troubleshoot)',
];
