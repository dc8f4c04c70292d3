// The words a reply draft (reply.ts) reads a post and a profile by: what a request asks for, what a product is
// called, and the criteria worth checking in any product or service.

/** Words that label a project rather than name a product ("Demo: …", "Test - …", "Audit: …"). */
export const LABEL_WORDS =
  /^(?:demo|test|testing|audit|draft|beta|staging|sample|example|internal|copy|trial|wip|tmp|temp)(?:\s+\d+)?$/i;

/** "automating reports" is something done; "alerting that sets up in minutes" is a thing. */
export const GERUND = /^\w+ing (?!(?:that|which|with|for|and|in|on|of|to)\b)\w/;

export const COUNTABLE =
  /(?:^|\s)(?:system|tool|app|application|plugin|service|platform|program|solution|page|site|provider)(?= for |$)/;
export const PRODUCT =
  /(?:^|\s)(?:software|systems?|tools?|apps?|applications?|plugins?|services?|platforms?|programs?|solutions?|pages?|sites?|providers?)(?= for |$)/;

/** Things worth checking in any product, added when the profile names fewer than four features. */
export const GENERIC_FEATURES = [
  'day-to-day ease of use',
  'setup time',
  'the total yearly cost',
  'how fast support answers',
];

/** Things worth checking in any provider of a service: a studio is judged on its work, not a trial. */
export const SERVICE_FEATURES = [
  'the scope of the work',
  'the turnaround time',
  'support after delivery',
  'ownership of the finished work',
];

/** A request for a person to do the job: "hire", "someone to", "a developer", "an agency". */
export const ASKS_PERSON =
  /\b(?:hire|hiring|someone to|somebody to|developers?|designers?|agenc(?:y|ies)|freelancers?|consultants?|contractors?|accountants?|bookkeepers?|cpas?|lawyers?|attorneys?)\b/;
/** What a craft makes: its buyers hear about briefs, revisions and owning the final files. */
export const CRAFT =
  /\b(?:design\w*|logos?|brand\w*|websites?|web|sites?|video\w*|photo\w*|copy\w*|writ\w*|edit\w*|illustrat\w*|apps?|develop\w*|studio|agency|animation|translation|podcast)\b/;
export const ASKS_PERSON_CRAFT =
  /\b(?:designers?|developers?|agenc(?:y|ies)|freelancers?|studios?|writers?|editors?)\b/;

/** A request for software: "booking software", "an app", "a waitlist tool". */
export const ASKS_SOFTWARE = /\b(?:software|apps?|tools?|platforms?|plugins?|saas|crm|programs?|systems?)\b/;

/** Words any request for a product uses: they say nothing about which product (reply.ts GENERIC_ASK). */
export const GENERIC_ASK_WORDS =
  'software tool tools app apps application program system solution platform plugin provider vendor suite recommendation suggestion option alternative idea anyone question';

/** "booking software", "a waitlist tool": a kind of product named in a title, with up to three words before it. */
export const NAMED_PRODUCT =
  /(?:^|\s)((?:[a-z][\w-]*\s){1,3}(?:software|apps?|tools?|platforms?|plugins?|systems?|programs?))\b/;
/** Words before a product noun that say which one is wanted, not what it is for: "my first", "free", "useful". */
export const NOT_WHAT =
  /^(?:a|an|the|my|our|your|any|some|this|that|which|what|whose|for|of|to|in|on|with|and|or|first|useful|favou?rite|free|best|good|great|new|simple|cheap|inexpensive|decent|definitive|recommended|online|looking|need|want|using|use)$/;
