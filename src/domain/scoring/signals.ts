/**
 * The profile-independent language signals: how a post asks for, compares or is ready to buy something, how it
 * describes a pain, whether its author is selling, and the shapes of posts no product answers (stories,
 * reviews, discussions, job hunting). Each group is a list of regex sources over lower-case text, matched as
 * whole words by a PhraseIndex.
 */

export const PRODUCT_NOUN =
  '(?:software|tools?|apps?|applications?|programs?|services?|systems?|solutions?|platforms?|plugins?|providers?|vendors?|products?|sites?|websites?|options?|packages?|suites?|alternatives?)';

/** What a buyer asks for when they want a product rather than advice. */
const TOOL_NOUN = [
  '(?:software|tools?|apps?|applications?|programs?|services?|systems?|solutions?|platforms?|plugins?|providers?|vendors?|products?|suites?|saas|subscriptions?|laptops?|notebooks?|ultrabooks?)',
];

/** Asks for something to use, whatever words follow: these phrases are about products by themselves. */
const SEEKING_PRODUCT = [
  'recommend(?:ations?|ed|s)?',
  "what (?:do|does|would|should) (?:you|y'?all|people|you guys|everyone|u|i|one) (?:use|recommend|suggest|get|buy)",
  'what (?:does|do) (?:reddit|everyone|everybody|you all|people here) use',
  'do you (?:guys |all |folks )?use (?:any|a|an|some)',
  'in the market for',
  // "what booking app do y'all use", "which CRM do you guys use".
  `(?:what|which) (?:[a-z-]+ ){0,2}${PRODUCT_NOUN} (?:do|does|would|should) (?:you|y'?all|people|you guys|you all|everyone|u) (?:guys |all )?(?:use|recommend|suggest)`,
  '(?:does|is there) (?:something|anything|an app|a tool|a service|such a thing) (?:like (?:this|that) )?(?:exist|out there)',
  '(?:does|do) (?:this|that|these|such (?:a )?(?:thing|service|tool)s?) (?:kind of (?:thing|service) )?exist',
  // "Is it possible to rent a powerful remote machine?": asking whether one can buy the thing.
  'is it possible to (?:rent|buy|hire|lease|pay for|subscribe to|get (?:a|an|some))',
  'is there (?:something|anything) like',
  // "is there anything decent for online booking under $60?"
  'is there (?:anything|something) (?:decent|good|cheap|cheaper|affordable|simple|better|reliable) (?:for|that|out there)',
  `(?:your|you guys'?|y'?all'?s?) fav(?:ou?rite)? (?:[a-z-]+ ){0,2}${PRODUCT_NOUN}`,
];

/** Asks for help: counts fully when a product noun is near ("any good software?"), less for advice. */
const SEEKING = [
  'suggestions?',
  'suggest (?:a|an|some|any)',
  // "any good booking app", "any invoice reminder tool".
  `any (?:good |decent |cheap |free |simple |easy |other )?(?:[a-z-]+ ){0,2}${PRODUCT_NOUN}`,
  `(?<!feel )(?:best|good|decent|cheap|affordable|free|simple|easy|reliable) (?:[a-z-]+ ){0,3}${PRODUCT_NOUN}`,
  'looking for (?:a|an|some|good|the best|recommendations|suggestions|advice on|something|software|tools?|an? app)',
  `looking (?:for|at) (?:[a-z-]+ ){0,3}${PRODUCT_NOUN}`,
  "wondering if (?:there is|there's|there are|anyone)",
  `(?:is|are) there (?:(?:some|a|an|any) )?(?:[a-z-]+ ){0,2}${PRODUCT_NOUN}`,
  `(?:some|a|an) (?:[a-z-]+ )?${PRODUCT_NOUN} (?:i|we) (?:can|could) use`,
  'do you (?:guys |all |folks )?use',
  // Joining someone else's request: "we are looking too", "also looking for one".
  "(?:(?:i am|i'm|im|we are|we're) (?:also |still )?looking (?:too|as well)|(?:i'm|i am|we're|we are) also looking)",
  'how (?:do|can|should) i (?:get|stop|prevent|handle|deal|avoid|keep|manage|make sure|track|automate)',
  'any (?:tips|advice)',
  'what (?:can|should) i do',
  "i'd (?:like|love) to (?:have|find|get) (?:something|a|an)",
  `what ${PRODUCT_NOUN} (?:do|does|should|would|is|are|can)`,
  `which (?:[a-z-]+ ){0,2}${PRODUCT_NOUN}`,
  // A title that is a wish list: "Booking app that texts the client when I am late?"
  `^(?:[a-z-]+ ){0,2}${PRODUCT_NOUN} (?:that|which|with|to) [^?\\n]{0,80}\\?`,
  // "Is there a way to …" is mostly a how-to ("… to sum a column?"); "is there any way" more often wants a fix.
  'is there (?:an|any) (?:good |simple |easy |free |cheap |better )?(?:way|[a-z]+ (?:that|which|for|to))',
  'is there a (?:good |simple |easy |free |cheap |better )?(?:(?!way )[a-z]+ (?:that|which|for|to))',
  // A title that names the kind of provider and asks: "Premium paper suppliers?", "Local print shops?"
  '^(?:[a-z-]+ ){0,3}(?:suppliers?|manufacturers?|wholesalers?|companies|shops|agencies|firms)\\s*\\?',
  'help (?:me )?(?:find|choose|pick|decide|finding|choosing|picking)',
  '(?:can|could|would) (?:anyone|someone|somebody|you|you guys) (?:recommend|suggest|point)',
  '(?:anyone|anybody|someone|somebody) (?:here )?knows? (?:of )?(?:a|an|any|some|where|if there)',
  'advice on (?:which|what|a|an|getting|buying|choosing)',
  'need (?:a|an|some) (?:good |new |cheap |simple |decent |reliable |better )?(?:software|tool|app|program|service|system|solution|laptop|way)',
  // "still need booking software", "need scheduling software by March".
  `(?:still |really |urgently |badly |also )?need (?:[a-z-]+ ){1,2}${PRODUCT_NOUN}(?![a-z])`,
  'where (?:can|do|should|would) i (?:find|get)',
  "how do (?:you|y'?all|you guys|others|people) (?:handle|manage|keep track|track|deal with|organize|do|get)",
  "what(?:'s| is| are) (?:the |a |some )?(?:best|easiest|simplest|cheapest|recommended|good)",
  // "Invoicing software?" asks; "credits in an iOS app?" and "promote my services?" do not.
  // The words before it are whole words: "salon app?" and "admin tool?" still ask ("on", "in" end those words).
  '(?<!(?<![a-z])(?:(?:in|on|with|from|into|inside|within|using|of|for) (?:(?:a|an|the|this|that|your) )?(?:[a-z-]+ )?|(?:my|our) (?:[a-z-]+ )?))(?:software|tools?|apps?|programs?|services?|systems?|solutions?|platforms?|plugins?|providers?)\\?',
  'any (?:ideas|thoughts|advice|help)\\?',
  'need (?:some |a little |your )?(?:advice|suggestions|guidance|input)',
  '^help (?:with|me|needed|please)',
  "(?:wondering if|do|does) (?:you|you guys|y'?all|anyone|anybody) (?:guys )?(?:have|has|know of) (?:any|some|a) (?:good )?(?:tips|advice|suggestions|recommendations|ideas|sources?|resources?|inspiration)",
  'need your (?:suggestions|advice|help|input|recommendations)',
  '(?:seeking|looking for|asking for|requesting|need|needing|want|wanting) (?:some |any |your |a little )?(?:advice|guidance|input)',
  '(?:best|easiest|cheapest|simplest|right|better) way to',
  '(?:point|steer) (?:me|us) in the right direction',
  'what are (?:my|our|the|some|your) (?:best |other |cheapest )?(?:options|alternatives|choices)',
  '(?:i|we) could use (?:some |a little |your )?(?:[a-z]+ ){0,2}help',
  // "wondering what sort of insurance to consider", "what kinds of licenses would I need".
  'what (?:sorts?|kinds?|types?) of (?:[a-z-]+ ){1,2}(?:(?:do|would|should|will|might) )?(?:i|we|to) (?:would |should |will )?(?:need|get|consider|buy|use|carry|look (?:for|into))',
];

/** Weighs named options or asks for alternatives to one. */
const COMPARING = [
  'alternatives? (?:to|for)',
  'alternatives?(?=\\s*[?.!,:\\n]|\\s*$)',
  'compar(?:e|ing) (?:prices|plans|options|features|them|these|the two|both)',
  '(?:is|would) (?:this|it|that) (?:be )?a good (?:[a-z-]+ ){0,2}(?:deal|buy|price|choice|option|pick)?',
  'for the price',
  'good deal',
  'better (?:buy|option|choice|deal|value)',
  'worth (?:it|the money|the price|\\$\\s?\\d[\\d,.]*k?)',
  'is it worth',
  '(?:switch|switching|move|moving|migrate|migrating) (?:from|away)',
  'replace (?:my|our)',
  'narrowed (?:it )?down',
];

/** Comparisons of anything ("estimate vs invoice"): they count fully only near a product noun. */
const COMPARING_GENERIC = [
  'vs\\.?',
  'versus',
  'comparisons?',
  'which (?:is|one is|would be) (?:better|best|the better|cheaper|more)',
  'which (?:of these|of the two|one should|one would|should i|would you)',
  'or should i',
  'pros and cons',
  'decide between',
  'deciding between',
  'torn between',
];

/**
 * A decision, a budget or a timeline. Every pattern is matched as whole words (the index appends
 * `(?![a-z0-9])`), so an amount is written out to its last digit ("\\$\\s?\\d[\\d,.]*k?"), never as a bare "\\$".
 */
const PURCHASE = [
  '(?:ready|going|about|planning|plan|looking|hoping|want|wanting|need|needing|trying) to (?:buy|purchase|order|hire|sign up|pay for|get a|get an|invest in|spend|outsource)',
  'where (?:to|can i|should i|do i) (?:buy|purchase|order)',
  '(?:need|want) (?:it|one|this) (?:by|before)',
  'deadline',
  '(?:must|needs? to|has to) (?:arrive|ship|be here|be delivered) by',
  'asap',
  'price check',
  'my budget',
  'budget (?:is|of|around|about|under|up to|~)',
  'price range',
  '(?:buying|purchasing) (?:my|a|an|the|new|first)',
  'budget(?: is| of)? (?:about |around |up to |under |max |~)?\\$\\s?\\d[\\d,.]*k?',
  'still (?:need|needing|looking for|searching for|in need of|hunting for)',
  "(?:i|we)(?:'re| are| am) (?:currently |actively )?shopping for",
  '(?:would|will|could|can) (?:sign up|subscribe|buy|switch) (?:this week|today|tomorrow|right away)',
  '(?:willing|happy|able|ready|prepared) to (?:pay|spend)',
  'can (?:afford|spend|pay) (?:up to |about |around |maybe )?\\$\\s?\\d[\\d,.]*k?',
  // What the buyer will pay: "how much should I pay", "how much would you charge"; "how much should I charge" and
  // "how much do you charge" are providers' questions (low-value phrases below).
  'how much (?:would|will|does|should|do|might) (?:(?:it|this|that|a|an|one) (?:cost|charge|pay|budget|spend|expect to pay)|(?:i|we) (?:pay|budget|spend|expect to pay))',
  'how much (?:would|will|might|could) you (?:charge|quote|ask)',
  'set (?:a|my|our) budget',
  // A job to hand to someone: "I need some minor work done", "we need the roof repaired".
  '(?:i|we) (?:need|want) (?:some |a few |a little |the |my |our )?(?:[a-z-]+ ){0,2}(?:work|repairs?|jobs?) done',
  '(?:i|we) (?:need|want) (?:the |my |our )?(?:[a-z-]+ ){1,2}(?:repaired|fixed|replaced|installed|redone)',
];

/** Leaving a product: counts only right before a named competitor ("thinking of leaving Calendly"). */
const LEAVING = [
  '(?:left|leaving|leave|ditch(?:ed|ing)?|dump(?:ed|ing)?|quit(?:ting)?|cancel(?:l?ed|l?ing)?|outgr(?:ew|own|owing)|replac(?:e|ed|ing)|moving off|move off|switch(?:ed|ing)? from|migrat(?:e|ed|ing) from|done with|fed up with|unhappy with|tired of)',
  'what did you (?:move|switch|switched|go|change|migrate) to',
  '(?:cheaper|simpler|easier|better) (?:than|alternative to)',
];

/**
 * Weighing options the author has met: tried, tested, looked at or is considering ("I have tried", "ruled out",
 * "had a look at", "switching from", "can anyone vouch for"). Read only for the stage: with a request it makes the post a
 * comparison, never a higher score. "considering buying" is a decision, not options.
 */
const WEIGHING = [
  "(?:i'm|i am|we're|we are|i've been|we've been) (?:also |now )?(?:considering(?! [a-z]+ing\\b)|comparing|deciding between|choosing between|trying out|testing|experimenting with)",
  // "I have tried …". The contraction ("I've tried") was never matched when the stage rules were measured; read
  // too, it lowered group A's stage accuracy 0.813 -> 0.792 (docs/scoring-history.md), so it stays out.
  '(?:i|we) have (?:already |also )?(?:tried|tested|looked at)',
  'ruled out',
  '(?:had|took) a look at',
  '(?:switch|switching|switched|move|moving|migrate|migrating) (?:away )?from',
  'vouch for',
  // Options met or heard of, told while asking (fifteenth session): "I've looked into Square", "heard good things
  // about Herman Miller", "leaning towards PayPal", "thinking about getting the Everlane".
  "(?:i|we)(?:'ve| have)? (?:already |also )?looked into",
  'heard (?:good|great|mixed|bad) things about',
  'leaning (?:towards?|to)',
  "(?:i'm|i am|we're|we are|i was|we were) (?:thinking|thought) (?:about|of) (?:getting|going with|using|buying)",
];

/** Giving advice or a how-to: the author answers rather than asks. */
const ADVICE = [
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

/** Amounts: a price in the title is a budget; in the body it may be anything (an unpaid bill, a salary). */
const MONEY_AMOUNT = ['\\$\\s?\\d[\\d,.]*k?', '(?:usd|dollars|bucks)', 'under \\$?\\d+'];

/** The author has the problem: frustration, loss, things not working. */
const PAIN = [
  'struggl(?:e|es|ing)',
  'too (?:expensive|pricey|complicated|complex|slow|buggy|clunky)',
  'overpriced',
  '(?:not|never) (?:happy|satisfied) with',
  'unhappy with',
  'sucks',
  'price (?:increase|hike)',
  'frustrat(?:ed|ing|ion)',
  'nightmare',
  'headaches?',
  'hassle',
  'tired of',
  'sick of',
  'fed up',
  'pain in the',
  'waste (?:of )?(?:time|hours|money)',
  'wasting (?:time|hours|money)',
  'keeps? (?:losing|missing|forgetting|getting|having|resetting|rebooting|restarting|dropping|disconnecting|failing|crashing|breaking|disabling|suspending|blocking|banning|shutting)',
  '(?:got|been|was|were|getting|keeps getting) (?:hacked|compromised|infected|suspended|blacklisted|penalized|penalised|deindexed)',
  '(?:have|need|had) to (?:keep )?(?:reset|reboot|restart)',
  "(?:won't|doesn't|didn't|hasn't|haven't|refuses? to|never|not) (?:pay|paid|paying|show|showed|showing|respond|responding|answer)",
  'overdue',
  'late (?:payments?|fees?|paying)',
  'chas(?:e|ing)',
  'hound(?:ing)?',
  'no[- ]shows?',
  'double[- ]book(?:ed|ing|ings)?',
  'went down',
  'goes down',
  'outages?',
  'downtime',
  'crash(?:ed|es|ing)',
  'died',
  // A thing that broke: "stopped working", "isn't recognised anymore", "won't boot", "accidentally formatted".
  '(?:stopped|stops|quit) working',
  "(?:isn't|is not|wasn't|was not|no longer|not being|isn't being|won't be) (?:recogni[sz]ed|detected|showing up|mounting|booting)",
  "(?:won't|wont|will not|doesn't|does not|didn't|did not) (?:boot|turn on|power on|spin(?: up)?|mount|post)(?![a-z])",
  '(?:accidentally|accidently|mistakenly) (?:deleted|formatted|wiped|erased|overwrote|removed|quick[- ]formatted)',
  'lost (?:all )?(?:of )?(?:my|our|the) (?:files|data|photos|pictures|documents|videos|work)',
  "can't keep up",
  'overwhelm(?:ed|ing)',
  'losing (?:money|clients|customers|track|business|sales)',
  'lost (?:money|clients|customers|track)',
  '(?:having |had |have )?(?:trouble|difficulty|difficulties) (?:with|getting|ranking|finding)',
  // Work at a scale that hurts by hand: "hundreds of sheets", "thousands of rows" gone through manually.
  '(?:hundreds|thousands|dozens) of (?:[a-z]+ )?(?:sheets|files|spreadsheets|workbooks|rows|records|invoices|entries|pages|emails|orders|receipts|products)',
  // Something that used to work is falling: traffic, rankings, sales, reach.
  '(?:traffic|rankings?|ranks|sales|visitors|visits|views|page ?views|revenue|sign-?ups|leads|orders|bookings|conversions|engagement|reach|followers|speeds?|connection|signal|internet|wifi|wi-fi|performance) (?:(?:has|have|had|been|suddenly|just|randomly|sporadically|keeps?|really|completely) ){0,2}(?:dropped|drops|fell|falls|plummeted|plummeting|tanked|tanking|declined|declining|decreased|went down|disappeared|dried up|stalled|flatlined)',
  // Not a price that fell ("price dropped from $900"): that is good news for a buyer.
  '(?<!(?:price|prices|cost|costs|it|rate|rates) )(?:dropped|fell|slipped|plummeted|tanked) (?:from|off|out of|below|to page)',
  'out-?rank(?:ed|ing|s)',
  "(?:i'm|i am|we're|we are) (?:a bit |a little |completely |totally |kind of |kinda |really )?(?:lost|stuck)",
  "no idea (?:why|what happened|what to do|where to start|what i'?m doing|how to)",
  "(?:can't|cannot|couldn't) (?:figure out|tell|understand|work out) (?:why|what)",
  "(?:help|trying to|try to) figur(?:e|ing) out (?:why|what(?:'s| is) (?:wrong|causing|happening))",
];

/** Coursework: the author is a student (low value unless the profile sells to students; score.ts SCHOOLING). */
export const COURSEWORK =
  '(?:my|our) homework|homework (?:help|question|problem|assignment)|(?:working on|doing|for) (?:a|an|my|this|the) (?:[a-z-]+ ){0,2}(?:assignment|homework)|for (?:my|our) (?:class|course)|(?:my|our) (?:professor|teacher|instructor)';

/** Posts no product answers: stories, reviews, thanks, news, general discussion, how-to, job hunting. */
const LOW_VALUE = [
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

/** A pitch or an offer: the author is selling, whatever else the post says. */
const SELLER_PITCH = [
  'check (?:it )?out (?:my|our)',
  'feedback (?:on|for|about) (?:my|our)',
  '(?:thoughts|opinions?) on (?:my|our) (?:new )?(?:app|site|website|startup|product|tool|service|idea)',
  'what do you (?:guys )?think (?:of|about) (?:my|our) (?:new )?(?:app|site|website|startup|product|tool|service)',
  'beta (?:testers?|invites?)',
  'sign up (?:at|here|now|today)',
  '(?:promo|discount|coupon|referral) (?:code|link)',
  "(?:we are|we're|i am|i'm) (?:now )?offering(?! (?:\\$|\\d|to pay|payment|compensation|a reward|a bounty|money|cash))",
  '(?:expert|consultant|agency|freelancer|developer|designer) offering',
  "(?<!(?:to|will|would|won't|wouldn't|not|never|nobody|can't|could|didn't|should) )hire me",
  'rates? start',
  'available for (?:hire|freelance|work|new projects|projects|commissions)',
  'commissions? (?:are )?open',
  "pm me (?:for|with|if (?:you(?:'re| are) )?interested)",
  'looking for (?:users|testers|beta testers|early adopters)',
  // "Testers wanted", "cx_Freeze - a call for developers": recruiting people to work on what the author runs.
  '(?:testers|contributors|volunteers|beta testers) (?:wanted|needed)',
  'call for (?:developers|contributors|testers|volunteers|maintainers)',
  // "Need something translated? I'm your girl!"
  "(?:i'm|i am|we're|we are) your (?:guy|girl|man|woman|team|people)(?![a-z])",
  'shameless (?:plug|self)',
  // "[self-promotion]", "sorry for the self-promo!", not "a self-promotion based model".
  "(?<!(?:not|no|isn't|without|avoid) (?:a |any )?)self[- ]promo(?:tion)?(?=\\s*(?:[\\]):!.,]|$))",
  // "We just launched"; not a question to someone who did ("You just launched an app... How do you get traffic?").
  '(?<!(?:you|they|he|she|someone|somebody|friend) )just launched',
  // "I'm one of the authors of RTextTools", "the founder of a booking tool"; not "We are the co-founders of a new
  // barbershop and need …".
  "(?:i'm|i am|we're|we are) (?:one of )?the (?:co-?)?(?:founders?|developers?|creators?|makers?|authors?) of (?:(?!an? |my |our |the )[a-z0-9]+|(?:an?|my|our|the) (?:[a-z-]+ ){0,3}(?:tool|app|saas|software|platform|plugin|extension|startup|product|service|library|game))(?![a-z])",
  // Offering help to the reader's business: "Rails developer here looking to help your startup", "How can we help
  // you?", "Want original music for your game?".
  '(?:looking|here|happy|glad) to help (?:you|your)(?![a-z])',
  'how (?:can|could|may) (?:we|i) help (?:you|your)(?![a-z])',
  '^(?:want|need|looking for) (?![^?\\n]{0,60}?(?<![a-z])(?:you use|do you|would you|what|which|how|best|recommend\\w*|suggest\\w*|advice)(?![a-z]))[^?\\n]{0,60}? for your (?:[a-z-]+ ){0,2}(?:game|movie|film|video|project|business|website|site|app|company|startup|brand|shop|store|blog|salon|studio|restaurant|practice|office)(?![a-z])',
  // An employee asking who uses their product: "I work at PRWeb, any SEO folks out there use us?"
  '(?:use|using|tried|heard of) us\\s*\\?',
  // "Could you please try out my Dad's game?"
  "(?<![a-z])(?:please|you|come|go) (?:try|test) (?:it )?out (?:my|our)(?: [a-z]+'s)? (?:[a-z-]+ ){0,2}(?:app|game|site|website|tool|plugin|extension|product|service|startup)",
  'validat(?:e|ing) (?:my|an|our|this) (?:idea|product|startup)',
  // "We are considering developing a new product and want to understand the market reaction".
  '(?:understand|gauge|test|measure|see) (?:the )?market (?:reaction|demand|interest|need)',
  'looking for (?:a )?(?:business |technical )?(?:partner|co-?founder)',
  // Offers of work and services, in any subreddit.
  'check us out',
  'looking for (?:a |some |new |more )?(?:projects?|clients|gigs|commissions|freelance (?:work|projects?))',
  "(?:i'd|i would|i'll|i will) be happy to (?:design|build|make|create|code|develop|write|do) (?:one|it|a|an|your|you|logos?|websites?|them)",
  // "I will build you a website", "I can design your logo", "I'll make a logo for you"; not "I'll make a change".
  "(?:i|we)(?: can| will|'ll) (?:design|build|make|create|code|develop) (?:your|you|logos?|websites?|apps?)",
  "(?:i|we)(?: can| will|'ll) (?:design|build|make|create|code|develop) (?:a|an) (?:[a-z-]+ )?(?:logo|website|site|app|theme|plugin|banner|flyer|design)s? (?:for (?:you|your|anyone|free|cheap|only)|at a)",
  // "Need a website? I'll do it for $20"
  "(?:i'll|i will|we'll|we will|i can|we can) do (?:it|this|one|them|yours|that) for (?:\\$\\s?\\d[\\d,.]*k?|only|just|free)",
  // "If anyone needs a logo, PM me"; not "if anyone wants a good idea of the dispute, read this".
  '(?:if|in case) (?:anyone|anybody|someone) (?:needs?|needed|wants?|is looking)(?! (?:a |an )?(?:good idea|to (?:read|see|know|learn)|more (?:info|details)))',
  '(?:any|anyone|anybody|any [a-z]+) (?:in need of|need(?:s|ing)?|want(?:s|ing)?) (?:a|an|some|help with|their|your)(?! (?:good )?idea)',
  'join (?:our|my) (?:team|company|startup)',
  // A team recruiting ("We're looking for 2 developers"); not "I'm looking for a writer" for the author's site.
  "(?:we're|we are) (?:looking for|hiring|seeking) (?:another |a |an |some |[0-9]+(?:-[0-9]+)? )?(?:[a-z]+ ){0,2}(?:developers?|designers?|engineers?|writers?|freelancers?|interns?|contractors?)(?! (?:to|who (?:can|could|will)) (?:write|design|build|make|create|fix|redo|do) (?:a |an |the |some )?(?:[a-z-]+ ){0,2}(?:for )?(?:my|our))",
  // Launches, releases and invitations to try or test something the author made.
  '^(?:\\[[^\\]]*\\] )?show (?:/?r/[a-z0-9_]+|reddit|hn)',
  // "Building a booking app - is this helpful?" announces; "Making my portfolio site... what should I include?" asks.
  '^(?:creating|building|developing|making|launching) (?:a|an|my|our) (?:[a-z-]+ ){0,3}(?:app|website|site|tool|platform|service|startup|saas|game|plugin|extension)(?![^?\\n]*(?<![a-z])(?:what|how|which|where|any (?:tips|advice))(?![a-z])[^?\\n]*\\?)',
  "^my (?:(?:new|first|latest|free|little) ){0,2}(?:app|game|site|website|startup|tool|extension|plugin|saas|service)\\b(?! (?:is|was|keeps|needs|has been|doesn't|won't|can't|business|company))",
  '(?:pushed|rolled|put) out (?:the |a )?(?:latest |new )?(?:version|update|release)',
  '(?:now|is) (?:available|live|out) (?:in|on) (?:the )?(?:play|app|google play|apple app|chrome web|windows) store',
  'v?[0-9]+(?:\\.[0-9]+)+ (?:released|is out|is now available|is live)',
  'try it (?:out )?(?:for )?free',
  // Release notes: "[feature update] X adds the ability to …", "now supports".
  '^\\[(?:feature update|release|launch|announcement|new feature)\\]',
  '(?:adds|added) (?:the )?(?:ability|support|option) (?:to|for)',
  'download it (?:at|here|from|for free)',
  '(?:invite|invites|invitation) to (?:a |my |our |the )?(?:private |closed |public )?beta',
  '(?:come (?:to|see|check out)|attend) (?:my|our) (?:[a-z]+ )?(?:talk|session|workshop|booth|class|webinar|presentation|meetup)',
  "(?:i'll|i will) be (?:speaking|presenting|giving a talk)",
  "(?:i|we)(?:'m|'re|'d|'ve|'ll| am| are)?(?![a-z'])[^.!?\\n]{0,25}gauge (?:interest|if|whether|how|the interest)",
  // "Here is my idea: software where landlords …" pitches; "Here's my idea... is it possible?" asks for a tool.
  "here(?: is|'s) my (?:business |startup |app |product |software )?(?:idea|concept|pitch)(?![^?\\n]{0,12}(?:is (?:it|this|that) possible|can (?:it|this) be done|would (?:it|this) work))",
  'what (?:do|would) you (?:want|like to see|wish) (?:in|from) (?:a|an|your|such an?|this|my|our)(?![a-z])',
  // "Please share with me what YOU want in an information website": market research for what the author runs.
  "(?:share with|tell) (?:me|us) what (?:you|y'?all|you guys) (?:want|would like|wish for|would like to see) (?:in|from) (?:a|an|my|our|this|such an?)(?![a-z])",
  '(?:take|fill out|answer|complete) (?:my|our|a|this) (?:quick |short |brief )?(?:[^ ]+ ){0,3}survey',
  "what (?:do )?(?:you |y'?all )?(?:guys )?(?:honestly )?think (?:of|about) (?:my|our) (?:new |newest |latest |first )?(?:[a-z]+ )?(?:design|designs|logo|logos|portfolio|work|site|website|app|startup|product|tool|service|game|video|blog|landing page|project|artwork|cover)",
  '(?:use|with) (?:my|our) (?:referral|affiliate|promo|discount)',
  'amzn\\.to/[a-z0-9]+',
  '(?<=[?&])(?:tag|aff|affid|affiliate_id)=[a-z0-9-]+',
  // Giving away what the author made, recruiting people to try it, offering work for free or for a fee.
  // "Giving away a free plugin"; not a prize in the business's own sweepstakes (a marketing tactic it asks about).
  '(?<!(?:sweepstakes|contest|raffle|competition|giveaway)[^.!?\\n]{0,60})giving (?:it |them |this |these )?away(?! (?:too much|the (?:game|secret|plot|ending|farm)|anything|information|my (?:secrets|income)))',
  // Feedback on what the author made: "review my landing page", "how does it look?", "feedback requested on my idea".
  "(?<!(?:won't|wouldn't|didn't|refused to|not|never|to|they|he|she|it) )(?:review|critique|roast|rate|tear apart) my (?:[a-z-]+ )?(?:landing page|site|website|app|startup|store|shop|product|logo|design|portfolio|idea|pitch)",
  '(?:how does|how do) (?:it|this|my (?:[a-z-]+ )?(?:site|website|store|shop|logo|landing page|app|design)) look(?=\\s*[?!.]|\\s*\\n|\\s*$)',
  '(?:feedback|input|opinions?|thoughts) (?:requested|wanted|needed) (?:on|for) (?:my|our|a|an|this) (?:[a-z-]+ )?(?:idea|app|startup|product|site|website|business|service|landing page)',
  // "We are Snapclass, a company built by …": the author introduces their company.
  '^we are [a-z0-9.-]+, (?:a|an) (?:[a-z-]+ ){0,3}(?:company|startup|team|agency|studio)',
  '(?:anyone|anybody|someone) interested in (?:testing|trying|beta[- ]?testing)',
  // "Would anybody be interested in my latest project", "Interest check?": gauging demand for what the author has.
  '(?:would|is|are) (?:anybody|anyone|any of you|people)(?: here)? (?:be )?interested in (?:my|our)(?![a-z])',
  'interest check(?![a-z])',
  // A launch title naming the product first: "Puzzled.by - A free market research tool that makes it fun …",
  // "Acme: an invoicing app for freelancers". Not a question ("Help - a tool that tracks invoices?").
  "^(?!(?:help|question|request|looking|need|needed|wanted|recommendations?|suggestions?|advice|idea|ideas|survey|poll|update|psa|rant|vent)(?![a-z]))[a-z0-9][a-z0-9.'-]*(?: [a-z0-9.'-]+)? ?(?:-|–|—|:) (?:a|an) (?:[a-z-]+ ){0,3}(?:tool|app|web ?app|platform|service|site|website|plugin|extension|saas|game|library|framework|marketplace|directory|widget|bot)s? (?:that|which|for|to|built|designed|made)(?![a-z])(?![^\\n]*\\?)",
  // "Would r/entrepreneur be interested in an in-depth follow along as I build …", "Would you guys be interested in a course".
  "would (?:/?r/[a-z0-9_]+|reddit|you guys|you all|y'?all|redditors|this (?:sub|subreddit|community)) be interested in (?:a|an|my|our|this|something)(?![a-z])",
  // "Want to help break my SaaS startup?", "if you guys wanted to try it out", "My offer: I will do …".
  '(?:help (?:me |us )?|want to )(?:test|break|beta[- ]?test) (?:my|our)(?![a-z])',
  "if you (?:guys |all )?(?:want(?:ed)?|would like|'d like|care) to (?:try|test|check) (?:it|them) out",
  '(?<![a-z])my offer:',
  '(?:looking for|need|want|seeking) (?:some |a few |more )?(?:people|folks|volunteers|redditors) to (?:try|test|beta)',
  // "Looking for salon owners to beta test our booking software".
  '(?:looking for|need|want|seeking|recruiting) (?:[a-z-]+ ){0,2}(?:owners|users|testers|people|folks|volunteers|redditors|customers|businesses|shops|salons|freelancers|designers|developers|landlords|teams) to beta[- ]?test',
  '(?:looking|willing|happy|glad|offering|want|wanting) to help [^.!?\\n]{0,50}?(?:for free|free of charge|absolutely free|at no cost|pro bono)',
  '(?:i|we) (?:could|can|will) provide (?:you|your (?:company|business|agency))',
  "(?:i|we)(?:'ve| have)? (?:just )?(?:created|started|made|launched|opened(?= (?:a|my|our|new) )) (?:a |the |this |my |our )?(?:new )?(?:sub-?reddit|/?r/[a-z0-9_]+)",
  // Showing the author's own site or content: "I'd like to show you all my website", "(link in comments)".
  "(?:like|want|wanted|love) to show (?:you|y'?all|everyone|reddit)(?: all| guys)? (?:my|our) (?:new |latest |first |little )?(?:site|website|app|tool|project|work|portfolio|channel|blog|startup|product|game|store|shop|plugin|theme)",
  // A professional's AMA ("IamA credit card processing expert. AMA.", "I am an American sourcing agent … AMA"):
  // the author offers their trade. Not an owner's or a customer's AMA ("I own 6 rental properties. AMA").
  "^[^\\n]{0,200}(?:(?:i am|i'm|iam) (?:a|an)|iama) (?:[a-z-]+ ){0,4}(?:expert|consultant|agent|broker|specialist|advisor|coach)(?![a-z])[^\\n]{0,200}(?<![a-z])(?:ama|ask me anything)(?![a-z])",
  // Promoting the author's show or event: "The 4th Episode of the R/Entrepreneur Podcast", "We're hosting a webinar".
  '^(?:the )?(?:[0-9]+(?:st|nd|rd|th)|first|second|third|new|latest) episode of',
  // An event with a sign-up; not "I'm running a workshop series and need booking software".
  "(?:we're|we are|i'm|i am) (?:hosting|holding|running) (?:a|an|our) (?:free |live |online )?(?:webinar|workshop|masterclass|class|meetup|event)(?=[^\\n]{0,160}(?<![a-z])(?:register|sign up|rsvp|join us|save your (?:seat|spot))(?![a-z]))",
  // "Register here: …"; not "Calendly makes them register for free first".
  '(?<![a-z] )register (?:here|now|today)(?![a-z])',
  // Naming what the author made: "I made an app called Finch designed to help …".
  "(?:i|we)(?:'ve| have)? (?:just |recently )?(?:made|built|created|developed|launched|released|wrote) (?:an?|my|our) (?:[a-z-]+ ){0,2}(?:app|tool|site|website|web ?app|service|product|plugin|extension|game|platform|program|script|bot) (?:called|named)(?![a-z])",
  // Testing the market for it: "Is there any demand for this plugin I've made?", "Would anyone actually buy this?"
  "demand for (?:this|my|our) [^?\\n.]{0,40}(?<![a-z])(?:i|we)(?:'ve| have)? (?:made|built|developed|created|written|coded)(?![a-z])",
  '(?:would|will) (?:anyone|anybody|people) (?:actually |really )?(?:buy|pay for|purchase) (?:this|such)(?![a-z])',
  // A gig title: "I will create a clay person from a photo … for $5".
  '^i will (?!pay|hire|give|tip|need|buy)[^\\n]{3,120}? for \\$\\s?[0-9]+(?![0-9,.]*k)',
  // A team introducing itself ("We are the content team at Conductor … AMA").
  // Only with an AMA in the title: "We are a small sales team at a roofing company. Which CRM?" asks.
  '^we are (?:a|an|the) (?:[a-z0-9+-]+ ){0,4}team (?:at|from|behind)(?=[^\\n?]*(?<![a-z])(?:ama|ask (?:us|me) anything)(?![a-z]))',
  // Sharing the author's own work for others to use: "I hope you guys find it useful", "I thought some people here
  // might find them useful"; not "did you find it useful?" or "I found it useful".
  // "hoped you'd find the lessons useful", "thought you fine folks at /r/marketing might find it useful".
  "(?:hope|hoped|hopefully|think|thought|figured|guess|maybe|perhaps)(?: that)? (?:you|some of you|someone|somebody|anyone|people|some people|some folks|others|other people|folks|fellow [a-z]+|a few of you|a few people)(?:'d| would)?(?: [a-z/_]+){0,4}? (?:will |would |might |may |could |can |also )?find (?:it|this|them|these|(?:my|our|the) (?:[a-z]+ )?[a-z]+) (?:useful|helpful|handy|interesting|of use)",
  // "Hopefully you get value from my blog post".
  '(?:get|find|gain) (?:some )?value (?:from|in|out of) (?:my|our) (?:[a-z-]+ )?(?:post|blog|article|guide|video|course|book|ebook|podcast|list|tool|app)',
  // "it's currently usable if you want to try out the beta build", "join the beta".
  '(?:try|test|join|check) (?:out )?(?:the|our|my) (?:open |public |closed |private )?beta(?![a-z])',
  // Testing the market: "Is there any demand for this plugin?", "Would there be interest in something like this?"
  '(?:any|is there (?:any|a)|would there be (?:any )?|gauge the) (?:real |actual )?(?:demand|market|interest) (?:for|in) (?:this|my|our|something like this|such an?)(?![a-z])',
  // Asking how to improve what the author runs: "feedback on how we can improve our print templates".
  '(?:feedback|critique) (?:on|about) how (?:i|we) (?:can|could|should|might) (?:improve|make) (?:my|our)(?![a-z])',
  // Sharing something the author made as useful to others ("I made a planner that I thought would be handy").
  '(?:i|we)(?: just| recently)? (?:made|built|created|put together|designed|wrote) (?:a|an|this|my) (?:[a-z-]+ ){0,2}(?:that|which) (?:i|we) (?:thought|think|hope|figured) (?:was|is|would be|might be|could be|will be|may be) (?:pretty |really |very |quite )?(?:useful|helpful|handy|of use)',
];

/**
 * The author owns or sells something: a pitch when it leads (the title), ordinary context in the body of a post
 * that asks for help (selling a house, marketing one's own app).
 */
const SELLER_SELF = [
  "(?:i|we)(?: just| recently|'ve|'ve just| have| finally)? (?:built|made|created|developed|launched|released|wrote|designed|coded)(?:(?!(?:a |the )?(?:list|collection|roundup|compilation) of)[^.!?\\n]){0,60}?(?<![a-z])(?:app|tool|site|website|web ?app|platform|plugin|service|product|extension|software|startup|course|saas|template|theme|bot|script|program|system|ebook|game|library|framework|website|search engine|marketplace|directory|job board)s?",
  '(?:i|we) offer',
  "(?:we're|we are|i'm|i am) launching",
  'introducing',
  'free trial',
  'early (?:adopters|access)',
  '(?:ownership|equity) (?:stake|share|in (?:the|my|our) (?:company|business|startup))',
  'you can have \\d+%',
  // "Selling loads of assorted parts", "I would like to sell my Radeon", "I'm asking $320 shipped".
  'selling (?:my|a|an|some|off|loads|lots|a bunch|a few|several|two|three|four|[0-9]+ )',
  "(?:i'd|i would|i'm looking|i am looking) (?:like )?to sell (?:my|a|an|some|off|these|this|both|two)(?![a-z])",
  "(?:i'm|i am) asking (?:\\$\\s?[0-9]|around \\$|about \\$)",
  'for sale',
  'price drop',
  'shipped (?:to|within|included)',
  'shipping (?:included|is included|to conus)',
  'obo',
  'local pick ?up',
  'parting out',
  'part out',
  '(?:i|we) have (?:a|an) (?:[a-z-]+ )?(?:app|web ?app|product|tool|website|startup|saas|plugin)(?: that| which|,| called| designed to)',
  // "A bit over a year ago I finished a weekend project: imagestash.org".
  "(?:i|we)(?:'ve| have)? (?:just )?(?:finished|completed|built|launched|made|released|shipped) (?:a|my|our) (?:little |small )?(?:weekend|side|pet|hobby|spare[- ]time) project",
  "(?:i|we)(?:'ve| have)? (?:just |recently |very recently |finally )?(?:launched|released|shipped)",
  // A job seeker offering themselves (a question about the search stays a question: the title's "?" weighs
  // against it): "Looking for an assistant/caretaker/nanny/helper position", "Help! I need some quick work".
  "(?:(?:i'm|i am|currently|now|^[^\\n?]{0,40}) |^)(?:looking|searching) for (?:work|a job|employment|an? (?:[a-z/-]+ ){1,3}(?:position|job|role))(?! (?:[a-z-]+ ){0,2}(?:board|site|posting|software|app|tool|description|order|scheduling|management|tracking))",
  '(?:i|we) need (?:some )?(?:quick |extra |more |freelance )(?:work|gigs?|jobs?)(?![a-z])(?! (?:done|on|for (?:my|our)))',
  // "I couldn't find one, so I made one".
  'so (?:i|we) (?:made|built|created|wrote|coded) (?:one|it|my own|our own)(?![a-z])',
  // Content the author wrote: "I wrote a blog post about it: bit.ly/…", "I wrote this on my blog today".
  '(?:i|we) (?:wrote|published|posted|put up) (?:a|an|this) (?:[a-z-]+ ){0,2}(?:blog post|article|guide|ebook|white ?paper)',
  '(?:wrote|posted|published) (?:this|it) on (?:my|our) (?:blog|site|website)',
  // An employee or maker pointing at their product: "an education campaign on how to use our tools better".
  '(?:how to use|try|check out|test(?: out)?) our (?:[a-z-]+ ){0,2}(?:tools?|apps?|product|software|service|platform|plugin)(?![a-z])',
  "(?:i|we)(?:'ve| have)? (?:just |recently |finally )?(?:completed|finished|put together) (?:my|our|a|an|this) (?:first |new |little |small )?(?:web ?site|site|web project|app|compilation|library|framework|game|course|ebook)",
  "(?:app|site|website|tool|game|library|framework|plugin|extension|spreadsheet|template|program|service|prototype) (?:that |which )?(?:i|we)(?:'ve)? (?:created|made|built|developed|wrote|designed|coded|put together)",
  'the reason (?:i|we) (?:made|built|created|wrote|developed|started)',
  "(?:i|we)(?:'ve| have) (?:just |recently )?written (?:an?|my|this|our) (?:[a-z-]+ ){0,2}(?:article|guide|post|ebook|book|tutorial|course|plugin|app|tool)",
  '(?<=^|\\n|[.!?]\\s)meet (?:our |my |the |a )?(?:new|brand new)',
  // A title that reports finishing something: "Just finished up a ticketing plugin", "Just made a theme".
  '^(?:i |we )?just (?:finished(?: up)?|made|built|created|released|completed|wrote|published|coded) (?:a|an|my|our|the|this) (?:[a-z-]+ ){0,4}?(?:app|web ?app|tool|site|website|plugin|theme|extension|game|system|package|library|script|template|course|ebook|product|service|platform)',
  "(?:app|site|website|tool|plugin|extension|theme|service|product|platform|game) (?:that |which )?(?:i|we)(?:'m|'re| was| were| am| are| have been|'ve been| had been) (?:building|developing|working on|making|creating|writing)",
  // "Here is my latest article: …", "Here's my script: …", "(disclaimer: I wrote this)".
  "here(?: is|'s) my (?:latest |new |newest |first |little )?(?:[a-z-]+ )?(?:article|blog post|post|script|app|tool|plugin|theme|game|video|project|guide|tutorial|ebook|infographic|extension|library)",
  "(?:disclaimer|disclosure|full disclosure)[:\\s-]+(?:i|we)(?:'m| am)? (?:wrote|made|built|created|own|run|work (?:for|at)|am the|the (?:author|founder|developer))",
  '(?:like|want|wanted|love) to introduce (?:you (?:all |guys )?to )?(?:my|our)',
  '(?:you can )?check (?:the|my|our) (?:product|app|site|website|shop|store|work|game)s? (?:out )?(?:here|at|on)',
  'check it out (?:at|here|on)',
  '(?:business|company|startup|app|product|site|website|tool|plugin) (?:that )?(?:i|we) (?:started|founded|created|built|launched|made) is (?:called|named)',
  "(?:i|we)(?:'ve| have)? (?:coded|programmed|hacked together) (?:a|an|my|this)",
  "(?:i'm|i am|we're|we are) (?:working on|building|developing|creating|making|writing) (?:a|an|my|our|some) (?:[a-z-]+ ){0,3}(?:app|application|site|website|tool|startup|saas|platform|service|library|game|plugin|extension|product|software)",
  // "We've been working for a few years on a MATLAB toolbox".
  "(?:i|we)(?:'ve| have) been (?:working|building|developing)(?: for [a-z0-9 ]{1,20}?)? on (?:a|an|my|our|this) (?:[a-z-]+ ){0,3}(?:app|application|site|website|tool|toolbox|startup|saas|platform|library|package|framework|game|plugin|extension|product)(?![a-z])",
  "i(?: want| plan| intend|'m going| am going) to (?:write|build|create|develop|make|launch) (?:a|an|my) (?:(?!for )[a-z-]+ ){0,3}(?:app|application|site|website|startup|saas|platform|service|library|game|plugin|extension|product|software|tool)(?![a-z])",
  'itunes\\.apple\\.com',
  'market\\.android\\.com/details',
  'fiverr\\.com/[a-z0-9_]+',
  'play\\.google\\.com/store',
  'chrome\\.google\\.com/webstore',
  // "You can purchase the extension in the Google Play Store".
  '(?:purchase|buy|download|get|grab) (?:it|them|the (?:[a-z-]+ )?(?:app|extension|game|plugin|theme|add-?on|pro version|full version)) (?:in|on|from) (?:the )?(?:google play|play|app|apple app|chrome web|windows) store',
  '(?:my|our) (?:(?:behance|dribbble|design|online) )?portfolio',
  'get rid of (?:[0-9]+|all|our|my|some)',
  // Content the author made: "Created this blog post after …", "I just put together this compilation".
  '(?:i |we )?(?:just )?(?:created|wrote|published|put together|compiled) (?:this|my|our) (?:[a-z-]+ ){0,2}(?:blog post|post|article|guide|compilation|list|video|infographic|ebook)',
  "(?:i|we)(?:'ve| have)? (?:just |recently )?put together (?:a|an|this|my|our) (?:[a-z-]+ ){0,2}(?:web ?site|site|app|tool|business|service|startup|platform|kit|ui kit|templates?|themes?|icon set|icons|fonts?|plugin|script|spreadsheet|cheat ?sheet)",
  // Planning a service or product to sell: "I am thinking of developing a new service", "I want to offer".
  // Not starting a business or launching its site: that is what a new buyer does.
  "(?:i'm|i am|we're|we are) (?:thinking of|thinking about|considering|planning on|planning to) (?:developing|building|offering|develop|build|offer) (?:a|an) (?:new )?(?:[a-z-]+ ){0,2}(?:service|app|tool|product|platform)",
  // "I want to offer my services", "… to offer the following for a fixed price"; not "to offer online booking to
  // our clients" (a salon owner buying).
  '(?:i|we) (?:want|plan|intend|would like) to offer (?:(?:my|our) (?:[a-z-]+ )?(?:services?|help|skills|expertise|work)|[^.?!\\n]{0,60}?for (?:a fixed price|a flat (?:fee|rate)|an? (?:low|affordable) (?:price|fee)|only \\$))',
  // A show or channel the author started: "Started a show about online marketing, would love your opinions".
  '^(?:i |we )?(?:just |recently )?(?:started|launched) (?:a|my|our) (?:new |own |little )?(?:[a-z-]+ ){0,2}(?:show|podcast|youtube channel|channel|vlog|web series|newsletter)(?![a-z])',
  "(?:i|we)(?:'ve| have)? (?:just |recently )?started (?:a|my|our) (?:new |own |little )?(?:[a-z-]+ ){0,2}(?:show|podcast|youtube channel|vlog|web series) (?:on|about|called|where)(?![a-z])",
  // Sharing the author's own tool: "Here is the analysis spreadsheet I use", "here's the template we made".
  "here(?: is|'s) (?:the|my|our) (?:[a-z-]+ ){0,2}(?:spreadsheet|template|checklist|calculator|worksheet|script|tool|app) (?:that )?(?:i|we) (?:use|made|built|created|wrote|put together)(?![a-z])",
  "free to download and use|(?:it's|it is|they're|they are) (?:completely |totally |all )?free to download",
  // "I put this guide together", "kickstarter.com/projects/…" (the author's campaign), "what do you think of this idea?".
  'put (?:this|my|our|a|an) (?:[a-z-]+ ){0,2}(?:guide|list|compilation|collection|infographic|resource) together',
  'kickstarter\\.com/projects',
  // "We open-sourced our CRM apps", "join it here!" (a site or group the author is building up).
  "(?:i|we)(?:'ve| have)? (?:just |finally |now )?open[- ]?sourced(?![a-z])",
  '(?<![a-z])join (?:it|us) (?:here|now|today)(?![a-z])',
  // Cross-posting the author's own article: "The original post can be found at: …", "originally posted on my blog".
  '(?:the )?original (?:post|article) (?:can be found|is|was posted) (?:at|here|on)(?![a-z])',
  '(?:cross-?posted|originally posted|first posted) (?:from|on|at|to) (?:my|our)(?![a-z])',
  'what do you (?:guys |all )?think (?:of|about) (?:this|my|our) (?:business |startup |app |product )?idea',
];

/** Owning a product is context, not a pitch: weighs 1 in the title, 0.5 in the body. */
const SELLER_OWN = [
  // "Need small business owner feedback!": feedback on what the author made.
  '^[^\\n?]{0,40}(?:need|want|looking for|seeking) (?:some |your |honest )?(?:[a-z-]+ ){0,3}(?:feedback|opinions)(?! (?:software|tools?|apps?|platforms?|forms?|surveys?|on (?:which|what|the best)))',
  // "Selling my tiny business - any takers?"; not someone offering paid work ("paying $500, any takers?").
  '(?<!(?:pay|paying|paid|\\$|budget|hire|hiring)[^\\n]{0,80})any takers',
  "(?:my|our) (?:(?:new|free|first|latest) ){0,2}(?:app|startup|saas|product|tool|plugin|extension|course|ebook)(?! (?:is|was|keeps|needs|has been|doesn't|business|company))",
  'my first (?:[a-z-]+ ){0,2}(?:app|game|plugin|theme|extension|library)',
  'my (?:most recent |latest |last |new )?(?:class|webinar|presentation|talk|workshop)(?: i| that i)? (?:presented|gave|taught|hosted|ran)',
  'sign up for',
  'my (?:services|rates|portfolio)',
  'affiliate',
  "(?:let me know|tell me) what (?:you|y'?all|you guys) (?:think|honestly think)",
  '(?:(?:any|all|your|some|constructive) )?(?:feedback|criticism|critique)s? (?:is |would be )?(?:welcome|welcomed|appreciated|greatly appreciated|is welcome)',
  '(?:would )?(?:love|like|appreciate) (?:to (?:hear|get) )?(?:your |some |any )?(?:feedback|thoughts|input|critique)',
  '(?:my|an?|our) (?:[a-z]+ ){0,2}(?:app|startup|product|saas|software) idea',
  '(?:would|will) (?:you|anyone|anybody|people) (?:guys )?(?:(?:join|sign up|subscribe) and )?(?:use|pay for|be interested in)',
  '(?:my|our) (?:blog|column|columns|podcast|channel|newsletter|youtube channel)',
  'our launch',
  'link (?:is )?in (?:the )?comments',
  'help (?:me|us) beta[- ]?test (?:our|my)',
  // A service or site the author runs ("bensgigs.com is a service I run").
  '(?:service|site|website|tool|app|blog|job board|newsletter) (?:that )?(?:i|we) run',
  "(?:i thought|thought) (?:i'd|i would) (?:let (?:everyone|you all|you guys|you) know|share)",
  // "Hope you all like it", "I … hoped you'd find the lessons and tutorials useful".
  "(?:hope|hoped|hoping|hopefully) (?:you|you'd|you would|you'll|you will|y'?all|you guys|everyone|some (?:people|of you)(?: here)?) (?:all )?(?:like|enjoy|find (?:it|this|them|these|the [a-z ]{1,30}?) (?:useful|helpful|handy|valuable))",
];

/**
 * Asking for help in so many words: "need help", "any advice?", "can anyone help", "how would I do this?", "does
 * anyone know", "I was wondering if", "I have a few questions". Read for the stage and the reason only (fifteenth
 * session: 83 developed graded-2/3 requests had no stage; in the score it would lift how-to questions).
 */
const ASKS_HELP = [
  '(?:need|needs|needing|want|looking for|seeking|could use|would appreciate|appreciate) (?:some |any |a little |a bit of )?(?:help|advice)',
  'does (?:anyone|anybody) know',
  "(?:i was|i am|i'm|just) wondering (?:if|how|whether|what|which)",
  '(?:have|got) (?:a few |some |a couple of |a couple |two |three )?(?:questions|question)(?= for| about|\\.|$)',
  'any (?:help|advice|ideas|suggestions|pointers|input|thoughts)',
  '(?:anyone|anybody|someone|somebody) (?:have|has|got) (?:any )?(?:advice|ideas|suggestions)',
  '(?:can|could|would) (?:anyone|anybody|someone|somebody|you guys|you) (?:please )?help',
  'help (?:me|us) (?:with|out|figure|understand|find|decide|fix|solve)',
  '(?:how|what) (?:would|do|can|should|could) (?:i|we)',
  'is there (?:a|an|any) (?:way|formula|function|tool|app|program|service) (?:to|that|for)',
  '(?:who|what|which (?:app|tool|service|company|one)) (?:does|offers|handles|can do) (?:that|this|it)',
];

/** The signal groups, in the order of SIGNAL (their ids in PhraseHit.group). */
export const SIGNAL = {
  seekProduct: 0,
  seek: 1,
  compare: 2,
  purchase: 3,
  pain: 4,
  low: 5,
  pitch: 6,
  self: 7,
  tool: 8,
  own: 9,
  compareGeneric: 10,
  money: 11,
  advice: 12,
  leave: 13,
  weigh: 14,
  legal: 15,
  employment: 16,
  noBudget: 17,
  personAsked: 18,
  business: 19,
  help: 20,
} as const;

/**
 * A business the author runs, told by its size: "I have 5 locations", "we run three shops", "I manage 12
 * employees" (the profile's own-business phrases, "my bakery", are in its index: profile.ts).
 */
const BUSINESS_SIZE = [
  '(?:i|we) (?:have|run|own|manage|operate) (?:[0-9]+|two|three|four|five|six|seven|eight|nine|ten|several|multiple) (?:[a-z-]+ )?(?:locations|stores|shops|offices|branches|restaurants|salons|clinics|employees|staff)',
];

/**
 * Says there is no money to spend now: "No budget", "zero budget", "we don't have a budget"; not "no budget limit",
 * "had no budget at first", or "can't afford it" (said of a competitor's price, by a buyer of something cheaper).
 */
const NO_BUDGET = [
  '(?<!(?:had|was|were|with) )(?:no|zero|\\$0) budget(?! (?:limit|cap|constraints?|restrictions?|issues?|concerns?|problems?))',
  'budget (?:is|of) (?:zero|nothing|\\$0|0)',
  "(?:don't|do not|doesn't|does not) have (?:a|any|the) budget",
];

/** The verb of a request for a person ("looking for", "hire"); score.ts strips it to name who is asked for. */
export const ASKING_VERB =
  '(?:looking for|look for|searching for|need|needing|want|hire|hiring|find|finding|recommend|know of|pay|paying)';
/** "someone to", "anyone who could (help me)": the start of a request for anyone who can do the job. */
export const SOMEONE_TO = '(?:someone|somebody|anyone|anybody) (?:to|who (?:can|could|would)) (?:help me )?';

/**
 * A request for a person to do the job: "looking for an Excel expert", "need someone to write", "hire a pro"; not
 * negated ("allowed us to not hire a web developer"). Read only for profiles that sell a service.
 */
const PERSON_ASKED = [
  `(?<!(?:not|n't|never|without|no need to|rather than|afford to)(?: [a-z]+){0,2} )${ASKING_VERB} (?:an? |some |the )?(?:good |reliable |local |decent |great |affordable )?(?:(?!(?:from|of|with|about|for|on|in|and|or) )[a-z-]+ ){0,2}(?:experts?|consultants?|freelancers?|professionals?|pros|specialists?|bookkeepers?|accountants?|cpas?|copywriters?|writers?|designers?|developers?|technicians?|property managers?|management compan(?:y|ies)|firms?|agenc(?:y|ies))(?! (?:and cons|jobs?|work|positions?|gigs?|roles?|opportunit(?:y|ies)|clients?|openings?))`,
  `(?<!(?:not|n't|never)(?: [a-z]+){0,2} )${SOMEONE_TO}(?:write|build|make|create|design|do|set up|fix|handle|manage|take care of|file|prepare)`,
  // "Copywriter needed for …", "Excel expert wanted".
  '(?:experts?|consultants?|freelancers?|professionals?|specialists?|bookkeepers?|accountants?|copywriters?|writers?|designers?|developers?|technicians?|property managers?) (?:needed|wanted|required)',
];

/**
 * Needs that another trade answers, whatever the field: a question for a lawyer (a dispute, a liability, a
 * lawsuit). Each is read only for profiles that do not sell that themselves (`profile`: the profile's name,
 * solution and keywords name it); `inBody`: whether the body's words count too, or only the title's.
 */
export const OTHER_NEEDS = [
  {
    group: SIGNAL.legal,
    sources: [
      '(?:lawyers?|attorneys?|legal (?:advice|question|issue|action|help|rights)|legally|illegal(?:ly)?|sue (?:him|her|them|me|us|you|my|our|the|a|an|for)|suing|sued|lawsuits?|small claims|(?<!food )court|indemnif(?:y|ied|ication)|liable|liability)',
    ],
    profile:
      /(?<![a-z])(?:law|laws|legal|lawyers?|attorneys?|litigation|paralegals?|contracts?|compliance)(?![a-z])/,
    reason: 'a legal question, for a lawyer rather than a product',
    inBody: true,
  },
  {
    // A job opening: the author hires an employee, not a product or a provider (a gig is a buyer: "[Hiring]
    // logo for my bakery, $200" names no position, salary or schedule).
    group: SIGNAL.employment,
    sources: [
      '(?:full[- ]time|part[- ]time|in[- ]house|on[- ]site) (?:[a-z/-]+ ){0,3}(?:position|job|role|employee|hire|developer|designer|engineer|staff|opening|coordinator|manager|assistant|specialist|analyst|writer|administrator|receptionist|technician|worker|representative|associate|programmer|editor|marketer)s?',
      '(?:salary|salaried|benefits package|401k|paid time off|relocation|w2 position|w-2 position|permanent position|job opening|career opportunity|now hiring)',
      "(?:we're|we are) hiring",
      // Applying for a job, not bidding for a gig: "send a cover letter and resume".
      '(?<!(?:my|our|his|her) )(?:cover letter|resumes?|résumés?|(?:send|email|submit) (?:us |me )?(?:your |a )?cv)',
    ],
    profile:
      /(?<![a-z])(?:recruit\w*|hiring|staffing|job boards?|applicants?|payroll|hr|human resources|talent)(?![a-z])/,
    reason: 'a job opening, for an employee rather than a product',
    inBody: false,
  },
] as const;

/** Every group's pattern sources; each profile compiles them with its own phrases into one index. */
export const SIGNAL_SOURCES: readonly (readonly string[])[] = [
  SEEKING_PRODUCT,
  SEEKING,
  COMPARING,
  PURCHASE,
  PAIN,
  LOW_VALUE,
  SELLER_PITCH,
  SELLER_SELF,
  TOOL_NOUN,
  SELLER_OWN,
  COMPARING_GENERIC,
  MONEY_AMOUNT,
  ADVICE,
  LEAVING,
  WEIGHING,
  ...OTHER_NEEDS.map((n) => n.sources),
  NO_BUDGET,
  PERSON_ASKED,
  BUSINESS_SIZE,
  ASKS_HELP,
];

/** Title tags of trading and job subreddits. */
export const TAG_FOR_HIRE =
  /\[\s*for[\s-]*hire\s*\]|^\s*for hire\b|\[\s*(?:fs|wts|for sale|selling|offer|offering)\s*\]/;
/**
 * A title tag that files the post as a request, as buying subreddits ask ("[BIFL Request] Winter boots", "[Request]
 * Gym bag", "[WTB] Thinkpad"): the subreddit's own word for asking for something to buy. It tells the stage, not
 * the score: read as a request it lifted off-topic requests as much as on-topic ones (docs/scoring-history.md).
 */
export const TAG_REQUEST =
  /\[\s*(?:(?:bifl|bi4l|bil)\s+)?(?:requests?|req|wtb|want to buy|buying|looking for)\s*\]/;
/** "[Hiring]": the author pays for the work, whatever their own trade. */
export const TAG_HIRING = /\[\s*hiring\s*\]/;
export const TAG_BUYER = /\[\s*(?:hiring|task|wtb|buying|looking|request)\s*\]/;
const HAVE_WANT = /\[\s*h\s*\](.*?)\[\s*w\s*\]\s*(.*)$/;
const HAVE_ONLY = /\[\s*h\s*\](.+)$/;
/** "[H] Semi-valuable information regarding scamming": a post about the market, nothing for sale. */
const NOT_GOODS = /(?<![a-z])(?:information|info|psa|warning|scams?|scamm(?:er|ing)|question)(?![a-z])/;
const MONEY =
  /[$£€]|(?<![a-z])(?:paypal|pay pal|cash|money|venmo|usd|google wallet|bitcoin|btc|litecoins?|ltc|offers?|obo|estimates?|bids?)(?![a-z])/;
const LEADING_MONEY = /^[\s,:(-]*(?:[$£€]|(?:paypal|pay pal|cash|money|venmo|offers?)(?![a-z]))/;
/** "[USA-TX] Gaming PC, details in comments [W] $$$": no have named, money wanted. */
const WANT_MONEY_ONLY = new RegExp(`\\[\\s*w\\s*\\]\\s*${LEADING_MONEY.source.slice(1)}`);

/** "(H) 7970 (W) GTX680" written with brackets, at the same offsets: "[h] 7970 [w] gtx680". */
const bracketTags = (title: string) =>
  title.replace(/\(\s*([hw])\s*\)/g, (m, t) => `[${t}${' '.repeat(m.length - 3)}]`);

/**
 * `[H] item [W] PayPal`: the author has goods and wants money, so sells. `[H] PayPal [W] item` buys.
 * Where both sides name money, the side that leads with it decides. Returns true (sells), false (buys) or
 * null (no such tag, or a pure trade).
 */
export function haveWantSells(raw: string): boolean | null {
  const title = bracketTags(raw);
  const m = HAVE_WANT.exec(title);
  if (!m) {
    // "[US-PA] [H] Corsair fans, GTX 680, PSU": goods on offer with no want named (the price is in the body);
    // "[H] $$$, …" with no want is a buyer's title cut short: undecided.
    const h = HAVE_ONLY.exec(title);
    if (!h) return WANT_MONEY_ONLY.test(title) ? true : null;
    const have = h[1]!.replace(/\[[^\]]*\]/g, '');
    return LEADING_MONEY.test(have) || NOT_GOODS.test(have) ? null : true;
  }
  const have = (m[1] ?? '').replace(/\[[^\]]*\]/g, '');
  const want = m[2] ?? '';
  if (LEADING_MONEY.test(have)) return false;
  if (LEADING_MONEY.test(want)) return true;
  if (MONEY.test(have)) return false;
  if (MONEY.test(want)) return true;
  return null;
}

/** Where the have side of a "[H] … [W] …" title stands (from after "[H]" to "[W]"), or null. */
export function haveSpan(title: string): [start: number, end: number] | null {
  const m = HAVE_WANT_INDICES.exec(bracketTags(title));
  return m?.indices?.[1] ?? null;
}
const HAVE_WANT_INDICES = new RegExp(HAVE_WANT.source, 'd');
