// The words around an amount that say whether it is what the author would spend (budget.ts reads them).

/** Words that lead to an amount someone would pay: "pay", "cost", "for", "under", "around", "max". */
export const SPEND_CONTEXT =
  /(?:\b(?:pay|paying|spend|spending|afford|cost|costs|costing|price|priced|worth|charge|quote|quoted|fee|fees|rate|offer|offering|for|under|below|up to|around|about|approx(?:imately)?|max(?:imum)?|at most|less than|no more than|than|within|between|range))\s*[^.!?$\n]{0,12}$|~\s*$|(?:between|from) \$?\s?\d[\d,.]*k? (?:and|to|-) $/;
/** A cap or a range the author sets, right before an amount: "under", "up to", "max", "something in the". */
export const CAP_BEFORE =
  /(?:\b(?:under|up to|max(?:imum)?|at most|no more than|less than|below|around|between|in the)|~)\s*$/;
/** Words right after an amount that make it a price range or a cap: "$500-750 range", "$300 or less", "$80 max". */
export const SPEND_AFTER =
  /^\s*(?:(?:-|–|to)\s*\$?\s?\d[\d,.]*k?\s*)?(?:range|budget|or (?:less|under|below|so)|max|tops|at most|is (?:my|our|the) (?:max(?:imum)? |total |whole |monthly )?budget)/;

/** "budget about", "can spend up to", "willing to pay" right before an amount (or the range it ends). */
export const NAMED_BUDGET =
  /(?:budget|(?:can|could|willing to|happy to|able to|prepared to) (?:spend|pay))[^.!?$\n]{0,15}(?:\$?\s?\d[\d,.]*k?\s*(?:-|–|to)\s*)?$/;

/** "if I had a budget of $5000", "if you had $500": a thought experiment, not the author's budget. */
export const HYPOTHETICAL = /\bif (?:i|we|you) (?:had|were given|were to get)\b(?! to\b)[^.!?\n]{0,40}$/;
/**
 * What a seller asks ("Square Appointments wants $85 a month", "they quoted me $2,000", "it went up to $60"): the
 * price of an option the author weighs, not what the author would spend.
 */
export const ASKED_BY_SELLER =
  /\b(?:wants|charges|is charging|asks for|is asking(?: for)?|(?:i'm|i am|we're|we are) asking(?: for)?|asking price(?: is| of)?|quoted (?:me|us)|quotes|goes for|went up to|raised (?:it|the price|prices|their prices) to|starts at|starting at)\s*$/;

/** The start of a range right before an amount: "$500 to ", "$40-". */
export const RANGE_START = /\$\s?\d[\d,.]*k?\s*(?:-|–|to)\s*$/;
/** "just not $70", "not paying $70 a month": the amount is what the author will not pay. */
export const REFUSED_AMOUNT = /\bnot\s+(?:paying\s+|spending\s+|over\s+)?$/;
/** What the business makes or charges, not what it would spend: "a business of about $2400 a month", "we make". */
export const NOT_A_BUDGET =
  /(?:\b(?:make|makes|making|made|earn|earns|earning|earned|revenue|income|profits?|gross(?:ing)?|sales|salary|turnover|charge|charges|charging|business of|company of|grew|grown|growing|brings? in|bringing in|pulls? in|pulling in|clears?|nets?)\b)[^.!?$\n]{0,20}$/;

/**
 * An amount earned right before it: "makes about $10,000", "revenue of $2k", "we made ~$500". Not "a sales CRM
 * under $30" or "something that makes it easy, ~$25": the earning word must lead straight to the amount.
 */
export const EARNED =
  /(?:\b(?:revenue|income|sales|profits?|turnover|salary|earnings)(?: is| are| was| were| of| around| about| at| hit| reached)?|\b(?:make|makes|made|making|earn|earns|earned|earning|brings? in|bringing in|grossed|grosses|nets|netted|clears|cleared)(?: about| around| over| roughly| nearly| close to| almost| up to)?)\s*~?\s*$/;
