import { PRODUCT_NOUN } from './signals.ts';
import { contentStems, normalizeText, phraseAlternation, stemWord } from './text.ts';
import type { ScoringProfile } from './types.ts';

/** What scoring needs from a profile, computed once per profile (matchers, term weights, geography, budget). */
export interface CompiledProfile {
  name: string;
  url: string | null;
  keywordRe: RegExp | null;
  /** A keyword followed by a product noun ("scheduling software", "monitoring tool"): names the category. */
  categoryRe: RegExp | null;
  competitorRe: RegExp | null;
  /** Matches words starting with any concept stem; the hit is confirmed by stemming the word. */
  conceptRe: RegExp | null;
  /** Concept stem -> weight (keywords and solution weigh most, then pain, then target users). */
  concepts: Map<string, number>;
  targetStems: Set<string>;
  geography: { allowed: RegExp; foreign: RegExp } | null;
  budget: { min: number | null; max: number | null } | null;
  /** Short noun phrase for reply drafts, e.g. "online booking page". */
  solution: string | null;
  painText: string | null;
}

const CACHE = new WeakMap<ScoringProfile, CompiledProfile>();

/** The compiled form of a profile, cached per profile object. */
export function compileProfile(profile: ScoringProfile): CompiledProfile {
  let compiled = CACHE.get(profile);
  if (!compiled) {
    compiled = buildProfile(profile);
    CACHE.set(profile, compiled);
  }
  return compiled;
}

function buildProfile(p: ScoringProfile): CompiledProfile {
  const concepts = new Map<string, number>();
  const add = (stems: string[], weight: number) => {
    for (const s of stems) concepts.set(s, Math.max(concepts.get(s) ?? 0, weight));
  };
  add(contentStems(p.targetUsers), 0.6);
  add(contentStems(p.pain), 0.8);
  add(contentStems(p.solution), 1);
  add(
    p.keywords.flatMap((k) => contentStems(k)),
    1,
  );
  const targetStems = new Set(contentStems(p.targetUsers));
  const prefixes = [...concepts.keys()]
    .filter((s) => s.length >= 3)
    .map((s) => (s.endsWith('i') ? `${s.slice(0, -1)}[iy]` : s));
  const kw = phraseAlternation(p.keywords);
  const comp = phraseAlternation(p.competitors);
  return {
    name: p.name,
    url: p.url,
    keywordRe: kw ? new RegExp(kw, 'g') : null,
    categoryRe: kw ? new RegExp(`${kw}\\s+(?:[a-z-]+\\s+)?${PRODUCT_NOUN}(?![a-z])`, 'g') : null,
    competitorRe: comp ? new RegExp(comp, 'g') : null,
    conceptRe: prefixes.length ? new RegExp(`(?<![a-z0-9])(?:${prefixes.join('|')})[a-z]*`, 'g') : null,
    concepts,
    targetStems,
    geography: compileGeography(p.geography),
    budget: parseBudget(p.budgetFit),
    solution: p.solution,
    painText: p.pain,
  };
}

/** Countries and the ways posts name them (title tags like [UK], currencies, demonyms). */
const COUNTRIES: { names: string[]; markers: string[] }[] = [
  {
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
    names: ['canada'],
    markers: ['canada', 'canadian', 'can', 'ca', 'cdn', 'cad', 'toronto', 'vancouver', 'ontario'],
  },
  { names: ['australia'], markers: ['australia', 'australian', 'au', 'aus', 'aud', 'sydney', 'melbourne'] },
  { names: ['new zealand'], markers: ['new zealand', 'nz', 'nzd'] },
  { names: ['india'], markers: ['india', 'indian', 'inr', '₹', 'rupees?'] },
  {
    names: ['europe', 'eu', 'germany', 'france', 'spain', 'italy', 'netherlands'],
    markers: [
      'europe',
      'eu',
      'germany',
      'german',
      'ger',
      'de',
      'france',
      'french',
      'spain',
      'italy',
      'netherlands',
      'dutch',
      '€',
      'eur',
      'euros?',
    ],
  },
];

function compileGeography(geography: string | null): CompiledProfile['geography'] {
  if (!geography) return null;
  const g = normalizeText(geography);
  const mine = COUNTRIES.filter((c) => c.names.some((n) => new RegExp(`(?<![a-z])${n}(?![a-z])`).test(g)));
  if (mine.length === 0) return null;
  const others = COUNTRIES.filter((c) => !mine.includes(c));
  // Short codes only count inside brackets ([UK], [AU]); full names count anywhere.
  const build = (cs: typeof COUNTRIES, strictShort: boolean) => {
    const long = cs.flatMap((c) => c.markers.filter((m) => m.length > 4 || /[£€₹]/.test(m)));
    const short = cs.flatMap((c) => c.markers.filter((m) => m.length <= 4 && !/[£€₹]/.test(m)));
    const bracket = short.length ? `\\[[^\\]]*(?<![a-z-])(?:${short.join('|')})(?![a-z-])[^\\]]*\\]` : null;
    const alts = long.map((m) => (/[£€₹]/.test(m) ? m : `(?<![a-z])${m}(?![a-z])`));
    if (bracket) alts.push(bracket);
    if (!strictShort)
      alts.push(...short.filter((s) => s.length >= 3 && s !== 'can').map((s) => `(?<![a-z])${s}(?![a-z])`));
    return new RegExp(alts.join('|'));
  };
  return { allowed: build(mine, false), foreign: build(others, true) };
}

/** "$300-900 per laptop" -> 300..900; "under $50 per month" -> ..50; "free tier, paid from $30" -> 30.. */
export function parseBudget(budgetFit: string | null): CompiledProfile['budget'] {
  if (!budgetFit) return null;
  const t = normalizeText(budgetFit).replace(/,/g, '');
  const nums = [...t.matchAll(/\$?\s?(\d+(?:\.\d+)?)(k?)/g)].map((m) => Number(m[1]) * (m[2] ? 1000 : 1));
  if (nums.length === 0) return null;
  if (/under|below|less than|up to|max/.test(t)) return { min: null, max: Math.max(...nums) };
  if (/from|over|above|at least|starting/.test(t) && nums.length === 1) return { min: nums[0]!, max: null };
  return { min: Math.min(...nums), max: nums.length > 1 ? Math.max(...nums) : null };
}

export { stemWord };
