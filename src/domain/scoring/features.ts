import type { CompiledProfile } from './profile.ts';
import type { Signals, Weighed } from './reading.ts';
import { stemWord } from './text.ts';

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

/** FNV-1a, 32 bits: the hash of a word stem. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Murmur3's finalizer: spreads a combined hash over all bits before it is cut to HASH_BITS. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Word hash -> the hash of the word's stem, computed once per word: a scan sees the same few thousand words over
 * and over, and numbers look up faster than fresh strings. Each entry keeps a second hash of the word and its
 * length, so two words sharing the first hash ("costarring", "liquid") never share a stem: the second one is
 * stemmed afresh.
 */
const STEM_OF_WORD = new Map<number, { check: number; stem: number }>();
const STEM_OF_WORD_LIMIT = 200_000;
const PLACEHOLDER = { K: fnv1a('\u0001K'), C: fnv1a('\u0001C'), T: fnv1a('\u0001T'), P: fnv1a('\u0001P') };
const TITLE_SEED = fnv1a('t:');
const BODY_SEED = fnv1a('b:');
const BUCKETS = (1 << HASH_BITS) - 1;

/**
 * A post's title and body start, read for the model once (the same for every profile): each word's stem and
 * hash, and the uni- and bigram hashes as they are when no word is one of the profile's.
 */
export interface TextStems {
  title: TextGrams;
  body: TextGrams;
  bodyLength: number;
}
interface TextGrams {
  /** Each word's stem hash. */
  hashes: Uint32Array;
  unigrams: Uint32Array;
  /** bigrams[i] joins words i-1 and i (bigrams[0] is unused). */
  bigrams: Uint32Array;
}

const unigram = (seed: number, h: number) => fmix32(Math.imul(seed, 0x01000193) ^ h);
const bigram = (prevUnigram: number, h: number) =>
  fmix32(Math.imul(prevUnigram ^ 0x5bd1e995, 0x01000193) ^ h);

const isLetter = (c: number) => c >= 97 && c <= 122;
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * The stem hashes of a text's words, the words read as text.ts `words` reads them ([a-z][a-z0-9]*, then one
 * optional 'suffix) without building a string per word.
 */
export function stemHashes(text: string): number[] {
  const out: number[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isLetter(text.charCodeAt(i))) {
      i++;
      continue;
    }
    // Letters and digits, then at most one apostrophe with letters only after it ("don't", "it's").
    const start = i;
    let h = 0x811c9dc5;
    let h2 = 0x9747b28c;
    let apostrophe = false;
    for (let c = text.charCodeAt(i); i < n; c = text.charCodeAt(++i)) {
      if (c === 39 && !apostrophe && i + 1 < n && isLetter(text.charCodeAt(i + 1))) apostrophe = true;
      else if (!isLetter(c) && (apostrophe || !isDigit(c))) break;
      h = Math.imul(h ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    }
    h >>>= 0;
    const check = (h2 ^ (i - start)) >>> 0;
    const cached = STEM_OF_WORD.get(h);
    if (cached !== undefined && cached.check === check) out.push(cached.stem);
    else {
      if (STEM_OF_WORD.size >= STEM_OF_WORD_LIMIT) STEM_OF_WORD.clear();
      const stem = fnv1a(stemWord(text.slice(start, i)));
      STEM_OF_WORD.set(h, { check, stem });
      out.push(stem);
    }
  }
  return out;
}

function gramsOf(text: string, seed: number): TextGrams {
  const hs = stemHashes(text);
  const hashes = Uint32Array.from(hs);
  const unigrams = new Uint32Array(hs.length);
  const bigrams = new Uint32Array(hs.length);
  for (let i = 0; i < hs.length; i++) {
    unigrams[i] = unigram(seed, hashes[i]!);
    if (i > 0) bigrams[i] = bigram(unigrams[i - 1]!, hashes[i]!);
  }
  return { hashes, unigrams, bigrams };
}

/** The model's reading of already-normalized title and body (the body up to the model's length). */
export function stemsOf(title: string, body: string): TextStems {
  return {
    title: gramsOf(title, TITLE_SEED),
    body: gramsOf(body.length > BODY_CHARS ? body.slice(0, BODY_CHARS) : body, BODY_SEED),
    bodyLength: body.length,
  };
}

/**
 * The profile's own word stems (by hash) and the placeholder each stands for (K keyword, C competitor, T target
 * user, P pain or solution word; in that order of precedence).
 */
const PLACEHOLDERS = new WeakMap<CompiledProfile, Map<number, number>>();
function placeholdersOf(p: CompiledProfile): Map<number, number> {
  let m = PLACEHOLDERS.get(p);
  if (!m) {
    m = new Map();
    for (const s of p.concepts.keys()) m.set(fnv1a(s), PLACEHOLDER.P);
    for (const s of p.targetStems) m.set(fnv1a(s), PLACEHOLDER.T);
    for (const s of p.competitorStems) m.set(fnv1a(s), PLACEHOLDER.C);
    for (const s of p.keywordStems) m.set(fnv1a(s), PLACEHOLDER.K);
    PLACEHOLDERS.set(p, m);
  }
  return m;
}

/** Buckets already set for the current item: a generation stamp per bucket, so nothing is cleared per call. */
const STAMP = new Uint32Array(1 << HASH_BITS);
let generation = 0;

/**
 * Adds the text's uni- and bigram buckets to `out`: the post's own hashes, recomputed only around the words
 * that are the profile's (they read as their placeholder).
 */
function addGrams(t: TextGrams, seed: number, own: Map<number, number>, out: number[]): void {
  let prevUni = 0;
  let prevOwn = false;
  for (let i = 0; i < t.hashes.length; i++) {
    const ph = own.get(t.hashes[i]!);
    let uni: number;
    if (ph === undefined) {
      uni = t.unigrams[i]!;
      if (i > 0) add(prevOwn ? bigram(prevUni, t.hashes[i]!) : t.bigrams[i]!, out);
    } else {
      uni = unigram(seed, ph);
      if (i > 0) add(bigram(prevUni, ph), out);
    }
    add(uni, out);
    prevUni = uni;
    prevOwn = ph !== undefined;
  }
}

function add(hash: number, out: number[]): void {
  const b = hash & BUCKETS;
  if (STAMP[b] === generation) return;
  STAMP[b] = generation;
  out.push(DENSE + b);
}

/** The dense signal features (DENSE of them), written into `out`. */
function denseInto(out: Float64Array, stems: TextStems, s: Signals, w: Weighed): void {
  out[0] = 1;
  out[1] = w.score / 100;
  out[2] = w.fit;
  out[3] = w.intent;
  out[4] = s.seek.value;
  out[5] = s.compare.value;
  out[6] = s.purchase.value;
  out[7] = s.pain.value;
  out[8] = s.question;
  out[9] = s.keywordsTitle.length ? 1 : 0;
  out[10] = Math.min(1, s.keywordCount / 5);
  out[11] = Math.min(1, s.conceptWeight / 4);
  out[12] = s.targetUsers.length ? 1 : 0;
  out[13] = s.competitors.length ? 1 : 0;
  out[14] = Math.min(1, s.lowTitle.length);
  out[15] = Math.min(1, s.lowBody.length / 2);
  out[16] = s.advice.length ? 1 : 0;
  out[17] = s.adviceInTitle ? 1 : 0;
  out[18] = Math.max(-1, Math.min(1, s.sellerPoints / 4));
  out[19] = s.geography === 'foreign' ? 1 : 0;
  out[20] = s.budget === 'fits' ? 1 : 0;
  out[21] = s.budget === 'over' ? 1 : 0;
  out[22] = s.leavesCompetitor ? 1 : 0;
  out[23] = Math.min(1, stems.bodyLength / 3000);
}

/** The n-gram buckets of a pair (feature indexes, each once), written into `out` from its start. */
function gramsInto(out: number[], stems: TextStems, p: CompiledProfile): void {
  // A new stamp per call; when the counter would wrap, every old stamp is cleared first.
  if (generation === 0xffffffff) {
    STAMP.fill(0);
    generation = 0;
  }
  generation++;
  out.length = 0;
  const own = placeholdersOf(p);
  addGrams(stems.title, TITLE_SEED, own, out);
  addGrams(stems.body, BODY_SEED, own, out);
}

/** Bag of n-grams, scaled so a long body does not outweigh the signals. */
const gramScale = (count: number) => 1 / Math.sqrt(Math.max(1, count));

/** The pair's features as index/value lists (training reads them; scoring sums them directly: `pairLogit`). */
export function featuresOf(stems: TextStems, p: CompiledProfile, s: Signals, w: Weighed): Features {
  const dense = new Float64Array(DENSE);
  denseInto(dense, stems, s, w);
  const grams: number[] = [];
  gramsInto(grams, stems, p);
  const index: number[] = [];
  const value: number[] = [];
  for (let i = 0; i < DENSE; i++) {
    index.push(i);
    value.push(dense[i]!);
  }
  const scale = gramScale(grams.length);
  for (const k of grams) {
    index.push(k);
    value.push(scale);
  }
  return { index, value };
}

const DENSE_BUFFER = new Float64Array(DENSE);
const GRAMS_BUFFER: number[] = [];

/**
 * The model's logit for a pair, the same sum as `logit(featuresOf(…))` without building the feature lists: the
 * scorer's hot path (one call per post and project).
 */
export function pairLogit(
  stems: TextStems,
  p: CompiledProfile,
  s: Signals,
  w: Weighed,
  weights: ArrayLike<number>,
): number {
  denseInto(DENSE_BUFFER, stems, s, w);
  gramsInto(GRAMS_BUFFER, stems, p);
  // Summed in the order `logit` sums the lists, so both give the same number to the last bit.
  let z = 0;
  for (let i = 0; i < DENSE; i++) z += (weights[i] ?? 0) * DENSE_BUFFER[i]!;
  const scale = gramScale(GRAMS_BUFFER.length);
  for (const k of GRAMS_BUFFER) z += (weights[k] ?? 0) * scale;
  return z;
}

/** The model's logit for a feature vector (weights indexed like FEATURE_COUNT). */
export function logit(f: Features, weights: ArrayLike<number>): number {
  let z = 0;
  for (let i = 0; i < f.index.length; i++) z += (weights[f.index[i]!] ?? 0) * f.value[i]!;
  return z;
}
