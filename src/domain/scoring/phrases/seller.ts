// How a seller shows: a pitch, having made something, owning a product. Regex sources over lower-case text, matched
// as whole words by a PhraseIndex.

/** A pitch or an offer: the author is selling, whatever else the post says. */
export const SELLER_PITCH = [
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
export const SELLER_SELF = [
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
export const SELLER_OWN = [
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
