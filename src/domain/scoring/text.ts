import stem from 'wink-porter2-stemmer';

/** Reddit's JSON escapes these three even with raw_json=1 in older dumps; the rest stay as typed. */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The five entities Reddit escapes, decoded. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);
}

/** Lower-cased text with HTML entities decoded and markdown links reduced to their text. */
export function normalizeText(text: string): string {
  return decodeEntities(text)
    .replace(/\]\((?:https?:)?\/\/[^)\s]*\)/g, ']')
    .replace(/[\u2018\u2019]/g, "'")
    .toLowerCase();
}

const STEMS = new Map<string, string>();
const STEM_CACHE_LIMIT = 200_000;

/** Porter2 stem, memoised: a scan sees the same few thousand words over and over. */
export function stemWord(word: string): string {
  let s = STEMS.get(word);
  if (s === undefined) {
    if (STEMS.size >= STEM_CACHE_LIMIT) STEMS.clear();
    s = stem(word);
    STEMS.set(word, s);
  }
  return s;
}

const WORD = /[a-z][a-z0-9]*(?:'[a-z]+)?/g;

/** Words of already-normalized text, in order. */
export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The set of stems of already-normalized text. */
export function stemSet(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of words(text)) out.add(stemWord(w));
  return out;
}

/**
 * Words that say nothing about a product's field: English function words plus the words every profile and
 * every business post uses. Profile terms in this list are not used to judge fit.
 */
export const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between
both but by can cannot could did do does doing down during each few for from further had has have having he her
here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other
our out over own same she should so some such than that the their them then there these they this those through to
too under until up very was we were what when where which while who whom why will with would you your yours per
etc via like get gets got make makes made use uses used using need needs want wants one two ten twenty lot lots
small big large new old good great best better many much every way ways thing things people someone anyone
business businesses company companies owner owners team teams user users customer customers client clients
work working job time times day days hour hours week weeks month months year years money free cheap paid pay
who's don't can't won't i'm it's that's there's they're we're you're i've lose loses losing find finds instead
help helps want able reliable afford buying buy sell selling service services product products
person personal set sets minutes know knowing shared shared automatic online manual without within across along
among around upon onto toward towards whether yet else ever even still already often always never less fewer nobody`
    .split(/\s+/)
    .filter(Boolean),
);

/** Content stems of a profile field: words minus stopwords and one-letter noise. */
export function contentStems(text: string | null): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const w of words(normalizeText(text))) {
    if (w.length < 3 || STOPWORDS.has(w)) continue;
    const s = stemWord(w);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** A literal string as a regex source. */
export const capitalize = (x: string) => x.charAt(0).toUpperCase() + x.slice(1);

export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Regex sources matching each phrase as typed; spaces match any run of spaces or hyphens. */
export function phrasePatterns(phrases: readonly string[]): string[] {
  return phrases
    .map((p) => normalizeText(p).trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((p) => escapeRegex(p).replace(/\s+/g, '[\\s-]+'));
}
