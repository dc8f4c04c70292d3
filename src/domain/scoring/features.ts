import type { CompiledProfile } from './profile.ts';
import type { Signals, Weighed } from './score.ts';
import { stemWord, words } from './text.ts';

/**
 * The learned model's inputs for one (item, profile) pair: the rule signals as numbers, then hashed word
 * uni- and bigrams of the title and the start of the body. The profile's own words are replaced by
 * placeholders (K keyword, C competitor, T target user, P pain or solution word), so the model learns the
 * grammar of asking for "K software for a T" rather than any one product's vocabulary.
 */
export interface Features {
  index: number[];
  value: number[];
}

/** Dense signal features first, then this many hash buckets. */
export const HASH_BITS = 14;
export const DENSE = 24;
export const FEATURE_COUNT = DENSE + (1 << HASH_BITS);
const BODY_CHARS = 700;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function token(word: string, p: CompiledProfile): string {
  if (/^[0-9]/.test(word)) return '#';
  const s = stemWord(word);
  if (p.keywordStems.has(s)) return 'K';
  if (p.competitorStems.has(s)) return 'C';
  if (p.targetStems.has(s)) return 'T';
  if (p.concepts.has(s)) return 'P';
  return s;
}

function addGrams(text: string, prefix: string, p: CompiledProfile, out: Map<number, number>): void {
  const toks = words(text).map((w) => token(w, p));
  for (let i = 0; i < toks.length; i++) {
    const uni = `${prefix}${toks[i]}`;
    const bi = i + 1 < toks.length ? `${prefix}${toks[i]}_${toks[i + 1]}` : null;
    for (const g of bi ? [uni, bi] : [uni]) {
      const k = DENSE + (fnv1a(g) & ((1 << HASH_BITS) - 1));
      out.set(k, 1);
    }
  }
}

export function featuresOf(
  title: string,
  body: string,
  p: CompiledProfile,
  s: Signals,
  w: Weighed,
): Features {
  const dense = [
    1,
    w.score / 100,
    w.fit,
    w.intent,
    s.seek.value,
    s.compare.value,
    s.purchase.value,
    s.pain.value,
    s.question,
    s.keywordsTitle.length ? 1 : 0,
    Math.min(1, s.keywordCount / 5),
    Math.min(1, s.conceptWeight / 4),
    s.targetUsers.length ? 1 : 0,
    s.competitors.length ? 1 : 0,
    Math.min(1, s.lowTitle.length),
    Math.min(1, s.lowBody.length / 2),
    s.advice.length ? 1 : 0,
    s.adviceInTitle ? 1 : 0,
    Math.max(-1, Math.min(1, s.sellerPoints / 4)),
    s.geography === 'foreign' ? 1 : 0,
    s.budget === 'fits' ? 1 : 0,
    s.budget === 'over' ? 1 : 0,
    s.leavesCompetitor ? 1 : 0,
    Math.min(1, body.length / 3000),
  ];
  const grams = new Map<number, number>();
  addGrams(title, 't:', p, grams);
  addGrams(body.length > BODY_CHARS ? body.slice(0, BODY_CHARS) : body, 'b:', p, grams);
  const index: number[] = [];
  const value: number[] = [];
  for (const [i, x] of dense.entries()) {
    index.push(i);
    value.push(x);
  }
  // Bag of n-grams, scaled so a long body does not outweigh the signals.
  const scale = 1 / Math.sqrt(Math.max(1, grams.size));
  for (const k of grams.keys()) {
    index.push(k);
    value.push(scale);
  }
  return { index, value };
}

/** The model's logit for a feature vector (weights indexed like FEATURE_COUNT). */
export function logit(f: Features, weights: ArrayLike<number>): number {
  let z = 0;
  for (let i = 0; i < f.index.length; i++) z += (weights[f.index[i]!] ?? 0) * f.value[i]!;
  return z;
}
