import { countries } from 'countries-list';
import { escapeRegex, normalizeText } from './text.ts';

/**
 * Where a post says it is from, against the geography a profile serves. Every country of the world is known by
 * its name and capital (countries-list, MIT); the markets most posts come from also by their demonyms, big
 * cities, currency signs and the short codes of title tags ("[UK]", "[AU]").
 */
interface Country {
  /** ISO 3166-1 alpha-2 codes this entry stands for (the Europe entry covers several). */
  codes: string[];
  continent: string;
  /** How a profile's geography names it. */
  names: string[];
  /** How a post shows it: regex sources over normalized (lower-case) text. */
  markers: string[];
  /** Short codes ("uk", "au", "cad"): a place elsewhere counts only inside a title tag's brackets. */
  tags: string[];
}

/** The big markets, with the ways posts name them beyond the country's name and capital. */
const MAJOR_MARKERS: Omit<Country, 'tags'>[] = [
  {
    codes: ['US'],
    continent: 'NA',
    names: ['united states', 'usa', 'us', 'america'],
    markers: [
      'usa',
      'u\\.s\\.a?\\.?',
      'us',
      'united states',
      'america',
      'american',
      'conus',
      'us-[a-z]{2}',
      'usa-[a-z]{2,3}',
    ],
  },
  {
    codes: ['GB'],
    continent: 'EU',
    names: ['united kingdom', 'uk', 'britain', 'england'],
    markers: [
      'uk',
      'u\\.k\\.',
      'united kingdom',
      'britain',
      'british',
      'england',
      'scotland',
      'wales',
      'london',
      '£',
    ],
  },
  {
    codes: ['CA'],
    continent: 'NA',
    names: ['canada'],
    markers: [
      'canada',
      'canadian',
      'can',
      'ca',
      'cdn',
      'cad',
      'toronto',
      'vancouver',
      'ontario',
      'montreal',
      'quebec',
    ],
  },
  {
    codes: ['AU'],
    continent: 'OC',
    names: ['australia'],
    markers: ['australia', 'australian', 'au', 'aus', 'aud', 'sydney', 'melbourne', 'brisbane', 'perth'],
  },
  {
    codes: ['NZ'],
    continent: 'OC',
    names: ['new zealand'],
    markers: ['new zealand', 'nz', 'nzd', 'auckland'],
  },
  {
    codes: ['IN'],
    continent: 'AS',
    names: ['india'],
    markers: ['india', 'indian', 'inr', '₹', 'rupees?', 'mumbai', 'bangalore', 'delhi'],
  },
  { codes: ['IE'], continent: 'EU', names: ['ireland'], markers: ['ireland', 'irish', 'dublin'] },
  {
    codes: ['DE', 'FR', 'ES', 'IT', 'NL'],
    continent: 'EU',
    names: ['europe', 'eu', 'germany', 'france', 'spain', 'italy', 'netherlands'],
    markers: [
      'europe',
      'eu',
      'germany',
      'german',
      'ger',
      'de',
      'berlin',
      'munich',
      'france',
      'french',
      'paris',
      'spain',
      'madrid',
      'barcelona',
      'italy',
      'rome',
      'milan',
      'netherlands',
      'dutch',
      'amsterdam',
      '€',
      'eur',
      'euros?',
    ],
  },
  { codes: ['MX'], continent: 'NA', names: ['mexico'], markers: ['(?<!new )mexico', 'mexican'] },
  { codes: ['PH'], continent: 'AS', names: ['philippines'], markers: ['philippines', 'filipino', 'manila'] },
  {
    codes: ['ZA'],
    continent: 'AF',
    names: ['south africa'],
    markers: ['south africa', 'johannesburg', 'cape town'],
  },
];

/**
 * Country names and capitals that are everyday words or US places: "turkey" dinner, "Jordan" the name,
 * "Georgia" the state, "New Jersey", "Victoria" the person, "Lima, Ohio", "Malé" without its accent.
 */
const AMBIGUOUS = new Set(
  'georgia jordan chad turkey guinea jersey man male victoria kingston hamilton lima nice niger togo mali sucre washington panama city kuwait city guatemala city mexico city vatican city monaco'.split(
    ' ',
  ),
);

const fold = (s: string) => normalizeText(s.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));

const isSymbol = (m: string) => /[£€₹]/.test(m);
const MAJOR: Country[] = MAJOR_MARKERS.map((c) => ({
  ...c,
  markers: c.markers.filter((m) => m.length > 4 || isSymbol(m)),
  tags: c.markers.filter((m) => m.length <= 4 && !isSymbol(m)),
}));

const COUNTRIES: Country[] = [
  ...MAJOR,
  ...Object.entries(countries)
    .filter(([code]) => !MAJOR.some((m) => m.codes.includes(code)))
    .map(([code, c]) => {
      const words = [...new Set([c.name, c.native, c.capital].filter(Boolean).map(fold))].filter(
        (w) => /^[a-z][a-z .'-]+$/.test(w) && !AMBIGUOUS.has(w),
      );
      return {
        codes: [code],
        continent: c.continent,
        names: [fold(c.name)],
        markers: words,
        tags: [],
      };
    }),
];

/** Continents a profile may serve as a whole ("Europe", "North America"). */
const CONTINENTS: [name: string, code: string][] = [
  ['europe', 'EU'],
  ['eu', 'EU'],
  ['north america', 'NA'],
  ['asia', 'AS'],
  ['oceania', 'OC'],
  ['africa', 'AF'],
  ['south america', 'SA'],
];

const has = (text: string, phrase: string) => new RegExp(`(?<![a-z])${phrase}(?![a-z])`).test(text);

/** Finds the first place a text names; returns it as written, or null. */
export interface PlaceMatcher {
  find(text: string): string | null;
}

const TOKEN = /[a-z]+(?:['.-][a-z]+)*/g;
const PLAIN = /^[a-z][a-z .'-]*$/;

/** The words of the last text read: the served and the other places are looked up in the same head of a post. */
let lastText = '';
let lastWords: string[] = [];
function wordsOf(text: string): string[] {
  if (text !== lastText) {
    lastText = text;
    lastWords = text.match(TOKEN) ?? [];
  }
  return lastWords;
}

/**
 * Plain names (most of the world's countries and capitals) are looked up word by word in a map keyed by their
 * first word, so five hundred names cost one walk over the text; the few patterns (codes with dots, symbols,
 * title-tag brackets) stay one small regex.
 */
function placeMatcher(plain: string[], patterns: string[]): PlaceMatcher {
  const byFirst = new Map<string, string[][]>();
  for (const name of plain) {
    const words = name.match(TOKEN) ?? [];
    if (!words.length) continue;
    const list = byFirst.get(words[0]!) ?? [];
    list.push(words);
    byFirst.set(words[0]!, list);
  }
  const re = patterns.length ? new RegExp(patterns.join('|')) : null;
  return {
    find(text) {
      const hit = re?.exec(text);
      if (hit) return hit[0];
      const words = wordsOf(text);
      for (let i = 0; i < words.length; i++) {
        const candidates = byFirst.get(words[i]!);
        if (!candidates) continue;
        for (const c of candidates) if (c.every((w, k) => words[i + k] === w)) return c.join(' ');
      }
      return null;
    },
  };
}

/** Every one-word place name the table knows ("cardiff", "toronto", "ireland"): they label no theme. */
export const PLACE_WORDS: ReadonlySet<string> = new Set(
  COUNTRIES.flatMap((c) => [...c.names, ...c.markers]).filter((m) => /^[a-z]{3,}$/.test(m)),
);

/**
 * The served places (`allowed`) and the others (`foreign`), or null when the profile names no place this table
 * knows (then geography is not judged at all).
 */
export function compileGeography(
  geography: string | null,
): { allowed: PlaceMatcher; foreign: PlaceMatcher } | null {
  if (!geography) return null;
  const g = fold(geography);
  const continents = CONTINENTS.filter(([name]) => has(g, name)).map(([, code]) => code);
  const mine = COUNTRIES.filter(
    (c) => c.names.some((n) => has(g, escapeRegex(n))) || continents.includes(c.continent),
  );
  if (mine.length === 0) return null;
  const others = COUNTRIES.filter((c) => !mine.includes(c));
  // Short codes only count inside brackets ([UK], [AU]) for places elsewhere; full names count anywhere.
  const build = (cs: Country[], strictShort: boolean) => {
    const markers = cs.flatMap((c) => c.markers);
    const plain = markers.filter((m) => PLAIN.test(m));
    const patterns = markers
      .filter((m) => !PLAIN.test(m))
      .map((m) => (isSymbol(m) ? m : `(?<![a-z])${m}(?![a-z])`));
    const tags = cs.flatMap((c) => c.tags);
    if (tags.length) patterns.push(`\\[[^\\]]*(?<![a-z-])(?:${tags.join('|')})(?![a-z-])[^\\]]*\\]`);
    if (!strictShort) plain.push(...tags.filter((t) => t.length >= 3 && t !== 'can' && PLAIN.test(t)));
    return placeMatcher(plain, patterns);
  };
  return { allowed: build(mine, false), foreign: build(others, true) };
}
