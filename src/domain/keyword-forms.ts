// The other spellings of a keyword's English words that still match it (docs/decisions/0117-keyword-variants.md):
// a word's plural, and a plural's singular when other words of the keyword fix its sense. Rules, not a dictionary:
// forms that are not words ("boxe") are generated too and never found in text, so they cost only a map entry.

/** Words ending in s that are not the plural of the word without it, or whose singular means something else. */
const OWN_S = new Set([
  'news',
  'goods',
  'sales',
  'means',
  'thanks',
  'savings',
  'earnings',
  'series',
  'species',
  'glasses',
  'clothes',
  'windows',
  'teams',
  'jeans',
  'pants',
  'always',
  'perhaps',
]);

/** Only lower-case ASCII words of three letters or more are inflected: "it", "us" and "c++" stay as written. */
const INFLECTABLE = /^[a-z]{3,}$/;

/** The plural of a singular noun (also a verb's -s form), by the regular English rules. */
export function pluralOf(w: string): string[] {
  if (/(?:s|x|z|ch|sh)$/.test(w)) return [`${w}es`];
  if (/[^aeiou]y$/.test(w)) return [`${w.slice(0, -1)}ies`];
  if (/[^aeiou]o$/.test(w)) return [`${w}s`, `${w}es`];
  if (w.endsWith('ife')) return [`${w}s`, `${w.slice(0, -2)}ves`];
  if (/(?:l|ea)f$/.test(w)) return [`${w}s`, `${w.slice(0, -1)}ves`];
  return [`${w}s`];
}

/** The singulars a plural may come from; none for a word that does not read as a plural. */
export function singularOf(w: string): string[] {
  if (w.length < 4 || !w.endsWith('s') || /(?:ss|us|is|ics)$/.test(w) || OWN_S.has(w)) return [];
  const out = [w.slice(0, -1)];
  if (w.endsWith('ies') && w.length > 4) out.push(`${w.slice(0, -3)}y`);
  if (/(?:s|x|z|ch|sh|o)es$/.test(w)) out.push(w.slice(0, -2));
  if (w.endsWith('ives')) out.push(`${w.slice(0, -3)}fe`);
  if (/(?:l|ea)ves$/.test(w)) out.push(`${w.slice(0, -3)}f`);
  return out;
}

/**
 * The spellings of one lower-cased keyword word that match it: the word, and its plural ("invoice" -> "invoices",
 * "company" -> "companies", "knife" -> "knives"); a plural also matches its singular when it is not the whole
 * keyword ("pivot tables" ~ "pivot table"), since a plural keyword of one word is often written so to leave out the
 * singular's other sense ("leads", "contacts", "hours"). No verb forms: "invoicing", "networking" and "reported"
 * are other words (measured in docs/scoring.md, "Keyword matching").
 */
export function wordForms(word: string, alone: boolean): readonly string[] {
  if (!INFLECTABLE.test(word)) return [word];
  const singulars = singularOf(word);
  if (singulars.length) return alone ? [word] : [word, ...singulars];
  return [word, ...pluralOf(word)];
}

/** A word only as written. */
export const writtenForm = (word: string): readonly string[] => [word];
