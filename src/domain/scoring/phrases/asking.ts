// How a post asks: for a product, for help, for a person to do the job. Regex sources over lower-case text, matched
// as whole words by a PhraseIndex (signals.ts names the groups).

export const PRODUCT_NOUN =
  '(?:software|tools?|apps?|applications?|programs?|services?|systems?|solutions?|platforms?|plugins?|providers?|vendors?|products?|sites?|websites?|options?|packages?|suites?|alternatives?)';

/** What a buyer asks for when they want a product rather than advice. */
export const TOOL_NOUN = [
  '(?:software|tools?|apps?|applications?|programs?|services?|systems?|solutions?|platforms?|plugins?|providers?|vendors?|products?|suites?|saas|subscriptions?|laptops?|notebooks?|ultrabooks?)',
];

/** Asks for something to use, whatever words follow: these phrases are about products by themselves. */
export const SEEKING_PRODUCT = [
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
export const SEEKING = [
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

/**
 * Asking for help in so many words: "need help", "any advice?", "can anyone help", "how would I do this?", "does
 * anyone know", "I was wondering if", "I have a few questions". Read for the stage and the reason only (fifteenth
 * session: 83 developed graded-2/3 requests had no stage; in the score it would lift how-to questions).
 */
export const ASKS_HELP = [
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

/** The verb of a request for a person ("looking for", "hire"); read.ts strips it to name who is asked for. */
export const ASKING_VERB =
  '(?:looking for|look for|searching for|need|needing|want|hire|hiring|find|finding|recommend|know of|pay|paying)';
/** "someone to", "anyone who could (help me)": the start of a request for anyone who can do the job. */
export const SOMEONE_TO = '(?:someone|somebody|anyone|anybody) (?:to|who (?:can|could|would)) (?:help me )?';

/**
 * A request for a person to do the job: "looking for an Excel expert", "need someone to write", "hire a pro"; not
 * negated ("allowed us to not hire a web developer"). Read only for profiles that sell a service.
 */
export const PERSON_ASKED = [
  `(?<!(?:not|n't|never|without|no need to|rather than|afford to)(?: [a-z]+){0,2} )${ASKING_VERB} (?:an? |some |the )?(?:good |reliable |local |decent |great |affordable )?(?:(?!(?:from|of|with|about|for|on|in|and|or) )[a-z-]+ ){0,2}(?:experts?|consultants?|freelancers?|professionals?|pros|specialists?|bookkeepers?|accountants?|cpas?|copywriters?|writers?|designers?|developers?|technicians?|property managers?|management compan(?:y|ies)|firms?|agenc(?:y|ies))(?! (?:and cons|jobs?|work|positions?|gigs?|roles?|opportunit(?:y|ies)|clients?|openings?))`,
  `(?<!(?:not|n't|never)(?: [a-z]+){0,2} )${SOMEONE_TO}(?:write|build|make|create|design|do|set up|fix|handle|manage|take care of|file|prepare)`,
  // "Copywriter needed for …", "Excel expert wanted".
  '(?:experts?|consultants?|freelancers?|professionals?|specialists?|bookkeepers?|accountants?|copywriters?|writers?|designers?|developers?|technicians?|property managers?) (?:needed|wanted|required)',
];
