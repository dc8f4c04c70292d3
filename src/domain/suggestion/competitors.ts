// The competitors a page names: "alternative to X", "X alternative", "vs X", "switching from X", "unlike X".

/** A product's name as pages write it: capitalised words ("When I Work", "Zillow Rental Manager"), or a digit first ("7shifts"). */
const NAME = String.raw`(?:[\p{Lu}\d][\p{L}\d.+&'’-]*)(?: (?:[\p{Lu}\d][\p{L}\d.+&'’-]*)){0,3}`;
/** Several names: "Buildium and AppFolio", "Xero, FreshBooks or a CSV" (the list stops at the first lower-case word). */
const NAMES = `${NAME}(?:(?:, (?:and |or )?| and | or | & )${NAME})*`;

/** Cue words in either case at their start ("Switching from", "switching from"); names keep their capitals. */
const cue = (words: string) =>
  words.replace(/(^|\|)([a-z])/g, (_, bar: string, c: string) => `${bar}[${c}${c.toUpperCase()}]`);

const PATTERNS = [
  new RegExp(`(?:${cue('alternatives?')}) (?:to|for) (${NAMES})`, 'gu'),
  new RegExp(String.raw`(${NAME}) alternatives?(?![\p{L}])`, 'gu'),
  new RegExp(String.raw`(?:\b(?:vs\.?|versus)) (${NAMES})`, 'gu'),
  new RegExp(String.raw`(${NAME}) (?:vs\.?|versus) `, 'gu'),
  new RegExp(
    String.raw`\b(?:${cue('switch[a-z]*|mov(?:e|es|ing)|migrat[a-z]*|import[a-z]*|coming|came|upgrad[a-z]*')})\b[^.?!]{0,40}? from (${NAMES})`,
    'gu',
  ),
  new RegExp(String.raw`\b(?:${cue('outgr[eo]wn')}) (${NAMES})`, 'gu'),
  new RegExp(
    String.raw`\b(?:${cue('unlike|than|compared (?:to|with)|instead of|replaces?|replacing|cheaper than|better than')}) (${NAMES})`,
    'gu',
  ),
];

/** Capitalised words that are no product: sentence words, pronouns, generic things a page compares itself with. */
const NOT_A_NAME =
  /^(?:i|we|you|it|they|the|a|an|our|your|their|this|that|these|those|one|all|every|most|many|other|others|any|some|no|if|when|then|and|or|but|so|with|for|from|to|in|on|at|by|of|spreadsheets?|excel sheets?|paper|email|e-mail|texts?|csv|pdf|word|hand|scratch|agencies|agency|accountants?|bookkeepers?|freelancers?|us|uk|usa|eu|europe|day|week|month|year|today|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)$/i;

function splitNames(list: string): string[] {
  return list
    .split(/, (?:and |or )?| and | or | & /)
    .map((n) => n.replace(/[.’']+$/u, '').trim())
    .filter(Boolean);
}

/**
 * The competitors the texts name, most named first; never the product itself. A name that opens a sentence is
 * taken only from the patterns that name a competitor after their cue word ("alternative to X").
 */
export function competitorsIn(texts: readonly string[], productName: string): string[] {
  const count = new Map<string, { name: string; n: number; first: number }>();
  const own = productName.toLowerCase();
  let order = 0;
  for (const text of texts) {
    for (const re of PATTERNS) {
      re.lastIndex = 0;
      for (const m of text.matchAll(re)) {
        for (const raw of splitNames(m[1] ?? '')) {
          // "Switching from 7shifts or When I Work?": words after the name that belong to the sentence are cut.
          const name = raw
            .split(' ')
            .filter((w, i) => i === 0 || /^[\p{Lu}\d]/u.test(w))
            .join(' ');
          const key = name.toLowerCase();
          if (!name || key === own || key.includes(own) || NOT_A_NAME.test(name)) continue;
          if (name.split(' ').every((w) => NOT_A_NAME.test(w))) continue;
          const seen = count.get(key) ?? { name, n: 0, first: order++ };
          seen.n++;
          count.set(key, seen);
        }
      }
    }
  }
  return [...count.values()].sort((a, b) => b.n - a.n || a.first - b.first).map((c) => c.name);
}
