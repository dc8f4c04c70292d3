// How a post compares, leaves, weighs or is ready to buy, and what it says about money and size. Regex sources
// over lower-case text, matched as whole words by a PhraseIndex (signals.ts names the groups).

/** Weighs named options or asks for alternatives to one. */
export const COMPARING = [
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
export const COMPARING_GENERIC = [
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
export const PURCHASE = [
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
export const LEAVING = [
  '(?:left|leaving|leave|ditch(?:ed|ing)?|dump(?:ed|ing)?|quit(?:ting)?|cancel(?:l?ed|l?ing)?|outgr(?:ew|own|owing)|replac(?:e|ed|ing)|moving off|move off|switch(?:ed|ing)? from|migrat(?:e|ed|ing) from|done with|fed up with|unhappy with|tired of)',
  'what did you (?:move|switch|switched|go|change|migrate) to',
  '(?:cheaper|simpler|easier|better) (?:than|alternative to)',
];

/**
 * Weighing options the author has met: tried, tested, looked at or is considering ("I have tried", "ruled out",
 * "had a look at", "switching from", "can anyone vouch for"). Read only for the stage: with a request it makes the post a
 * comparison, never a higher score. "considering buying" is a decision, not options.
 */
export const WEIGHING = [
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

/** Amounts: a price in the title is a budget; in the body it may be anything (an unpaid bill, a salary). */
export const MONEY_AMOUNT = ['\\$\\s?\\d[\\d,.]*k?', '(?:usd|dollars|bucks)', 'under \\$?\\d+'];

/**
 * A business the author runs, told by its size: "I have 5 locations", "we run three shops", "I manage 12
 * employees" (the profile's own-business phrases, "my bakery", are in its index: profile.ts).
 */
export const BUSINESS_SIZE = [
  '(?:i|we) (?:have|run|own|manage|operate) (?:[0-9]+|two|three|four|five|six|seven|eight|nine|ten|several|multiple) (?:[a-z-]+ )?(?:locations|stores|shops|offices|branches|restaurants|salons|clinics|employees|staff)',
];

/**
 * Says there is no money to spend now: "No budget", "zero budget", "we don't have a budget"; not "no budget limit",
 * "had no budget at first", or "can't afford it" (said of a competitor's price, by a buyer of something cheaper).
 */
export const NO_BUDGET = [
  '(?<!(?:had|was|were|with) )(?:no|zero|\\$0) budget(?! (?:limit|cap|constraints?|restrictions?|issues?|concerns?|problems?))',
  'budget (?:is|of) (?:zero|nothing|\\$0|0)',
  "(?:don't|do not|doesn't|does not) have (?:a|any|the) budget",
];
