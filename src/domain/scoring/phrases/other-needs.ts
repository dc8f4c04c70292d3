// Needs another trade answers (signals.ts OTHER_NEEDS): the phrases that name each, and the profile words that say a
// profile sells that trade itself.

/** A legal question: a dispute, a liability, a lawsuit. */
export const LEGAL_QUESTION = [
  '(?:lawyers?|attorneys?|legal (?:advice|question|issue|action|help|rights)|legally|illegal(?:ly)?|sue (?:him|her|them|me|us|you|my|our|the|a|an|for)|suing|sued|lawsuits?|small claims|(?<!food )court|indemnif(?:y|ied|ication)|liable|liability)',
] as const;
/** A profile that answers legal questions itself. */
export const SELLS_LEGAL =
  /(?<![a-z])(?:law|laws|legal|lawyers?|attorneys?|litigation|paralegals?|contracts?|compliance)(?![a-z])/;

/**
 * A job opening: the author hires an employee, not a product or a provider (a gig is a buyer: "[Hiring] logo for
 * my bakery, $200" names no position, salary or schedule).
 */
export const JOB_OPENING = [
  '(?:full[- ]time|part[- ]time|in[- ]house|on[- ]site) (?:[a-z/-]+ ){0,3}(?:position|job|role|employee|hire|developer|designer|engineer|staff|opening|coordinator|manager|assistant|specialist|analyst|writer|administrator|receptionist|technician|worker|representative|associate|programmer|editor|marketer)s?',
  '(?:salary|salaried|benefits package|401k|paid time off|relocation|w2 position|w-2 position|permanent position|job opening|career opportunity|now hiring)',
  "(?:we're|we are) hiring",
  // Applying for a job, not bidding for a gig: "send a cover letter and resume".
  '(?<!(?:my|our|his|her) )(?:cover letter|resumes?|résumés?|(?:send|email|submit) (?:us |me )?(?:your |a )?cv)',
] as const;
/** A profile that sells hiring itself. */
export const SELLS_HIRING =
  /(?<![a-z])(?:recruit\w*|hiring|staffing|job boards?|applicants?|payroll|hr|human resources|talent)(?![a-z])/;
