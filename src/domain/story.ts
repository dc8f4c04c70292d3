/**
 * One lead per story (docs/decisions/0120-one-lead-per-story.md): when two posts or comments are the same story
 * told twice (a cross-post, a repost, the author's copy), and the keys that find a story's lead quickly.
 *
 * Two items are the same story when
 * - one is a cross-post of the other, or both of the same post (Reddit's `crosspost_parent`), whatever their length;
 * - their bodies are the same words (case, punctuation, spacing and links aside) and long enough: at least
 *   STORY_MIN_WORDS for posts, COMMENT_MIN_WORDS when either is a comment, so that short generic texts ("Any
 *   recommendations?") are never one story;
 * - two posts, each body long enough, whose bodies share at least NEAR_JACCARD of their word 3-shingles (Broder's
 *   resemblance): a copy with a fixed typo, a line added or another subreddit named. Titles are left out: a
 *   repost often gets a new title, and two posts under one title with other bodies are two stories.
 */
import { createHash } from 'node:crypto';
import { decodeEntities } from './scoring/text.ts';

/** Words a post's body needs before its text can make it the same story as another post. */
export const STORY_MIN_WORDS = 25;
/** Words a comment needs before it can be a copy (verbatim only) of a post or another comment. */
export const COMMENT_MIN_WORDS = 40;
/** Resemblance of two posts' word 3-shingles from which they are one story. */
export const NEAR_JACCARD = 0.8;
/** How far apart in time two copies may be posted and still be one story: the default lead window. */
export const STORY_WINDOW_DAYS = 30;

const SHINGLE = 3;
/**
 * MinHash: BANDS bands of ROWS values each. Two posts share a band with probability 1 - (1 - J^4)^8: 0.985 at a
 * resemblance J of 0.8, 0.997 at 0.85, 0.9998 at 0.9; 0.01 at 0.2 (a candidate the text then rules out).
 */
const BANDS = 8;
const ROWS = 4;

/** What a story is read from: a post or comment as the scan has it. */
export interface StoryItem {
  kind: 'post' | 'comment';
  /** The post's id, or the comment's. */
  id: string;
  title: string;
  body: string;
  /** Set on a cross-post: the id of the post it cross-posts. */
  crosspostOf?: string | null;
}

/** An item read once for story matching: its words, shingles and lookup keys. */
export interface StoryPrint {
  readonly kind: 'post' | 'comment';
  readonly id: string;
  readonly crosspostOf: string | null;
  /** The body's words joined by single spaces: equal for bodies that differ in case, punctuation or links only. */
  readonly body: string;
  readonly bodyWords: number;
  /** The keys of an exact copy: of the post id (a post and its cross-posts), of the body's words (long enough). */
  readonly exact: readonly string[];
  /** Word 3-shingles of the body (posts long enough only; else empty), read on first use. */
  readonly shingles: Set<number>;
  /**
   * Every key a copy of this item shares with it: the exact ones and the MinHash bands of the shingles, read on
   * first use (all as key64 gives them). Sharing a band key only makes two items candidates: sameStory decides.
   */
  readonly keys: readonly string[];
}

const URL = /\b(?:https?:\/\/|www\.)\S+/giu;

const NOT_WORD = /[^\p{L}\p{N}]+/u;

/** The words of a text: NFKC, lower case, entities decoded, links dropped, punctuation and spacing ignored. */
export function storyWords(text: string): string[] {
  const words = decodeEntities(text).replace(URL, ' ').normalize('NFKC').toLowerCase().split(NOT_WORD);
  return words.filter((w) => w !== '');
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hashString(s: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return fmix32(h);
}

/**
 * A key as stored: a signed 64-bit integer in decimal, from two 32-bit halves; odd for an exact key (identity,
 * same body), even for a band, so that the database tells them apart without the text.
 */
function key64(high: number, low: number, exact: boolean): string {
  const lo = ((low & ~1) | (exact ? 1 : 0)) >>> 0;
  return BigInt.asIntN(64, (BigInt(high >>> 0) << 32n) | BigInt(lo)).toString();
}

/** The exact key of a post id (a post and its cross-posts share it). */
const postKey = (postId: string) =>
  key64(hashString(`p:${postId}`), hashString(`p:${postId}`, 0x2545f491), true);

/** Whether a stored key is exact (identity or same body) rather than a band. */
export const isExactKey = (key: string) => (BigInt(key) & 1n) === 1n;

/** One hash per MinHash value, x -> a·x + b mod 2^32 with a odd: a permutation of the (well mixed) shingle hashes. */
const MUL = Uint32Array.from({ length: BANDS * ROWS }, (_, i) => fmix32(Math.imul(i + 1, 0x9e3779b9)) | 1);
const ADD = Uint32Array.from({ length: BANDS * ROWS }, (_, i) => fmix32(Math.imul(i + 1, 0x85ebca6b)));

function bandKeys(shingles: Set<number>): string[] {
  const mins = new Uint32Array(MUL.length).fill(0xffffffff);
  for (const h of shingles) {
    for (let i = 0; i < MUL.length; i++) {
      const v = (Math.imul(h, MUL[i]!) + ADD[i]!) >>> 0;
      if (v < mins[i]!) mins[i] = v;
    }
  }
  const keys: string[] = [];
  for (let b = 0; b < BANDS; b++) {
    let h1 = 0x811c9dc5 ^ b;
    let h2 = 0x2545f491 ^ b;
    for (let r = 0; r < ROWS; r++) {
      const v = mins[b * ROWS + r]!;
      h1 = fmix32(Math.imul(h1 ^ v, 0x01000193));
      h2 = fmix32(Math.imul(h2 + v, 0x27d4eb2d));
    }
    keys.push(key64(h1, h2, false));
  }
  return keys;
}

/** The word 3-shingles as 32-bit hashes (a collision now and then moves a resemblance by a hair). */
function shinglesOf(words: string[]): Set<number> {
  const hashes = words.map((w) => hashString(w));
  const out = new Set<number>();
  for (let i = 0; i + SHINGLE <= hashes.length; i++) {
    out.add(fmix32(Math.imul(fmix32(Math.imul(hashes[i]!, 31) ^ hashes[i + 1]!), 31) ^ hashes[i + 2]!));
  }
  return out;
}

const minWords = (kind: StoryPrint['kind']) => (kind === 'post' ? STORY_MIN_WORDS : COMMENT_MIN_WORDS);

class Print implements StoryPrint {
  readonly kind: 'post' | 'comment';
  readonly id: string;
  readonly crosspostOf: string | null;
  readonly body: string;
  readonly bodyWords: number;
  readonly exact: string[] = [];
  #words: string[] | null;
  #shingles: Set<number> | null = null;
  #keys: string[] | null = null;

  constructor(item: StoryItem) {
    const words = storyWords(item.body);
    this.kind = item.kind;
    this.id = item.id;
    this.crosspostOf = item.kind === 'post' ? (item.crosspostOf ?? null) : null;
    this.body = words.join(' ');
    this.bodyWords = words.length;
    const long = words.length >= minWords(item.kind);
    this.#words = item.kind === 'post' && long ? words : null;
    if (item.kind === 'post') this.exact.push(postKey(item.id));
    if (this.crosspostOf) this.exact.push(postKey(this.crosspostOf));
    if (long) {
      const digest = createHash('sha256').update(this.body).digest();
      this.exact.push(key64(digest.readUInt32BE(0), digest.readUInt32BE(4), true));
    }
  }

  get shingles(): Set<number> {
    if (!this.#shingles) {
      this.#shingles = this.#words ? shinglesOf(this.#words) : new Set();
      this.#words = null;
    }
    return this.#shingles;
  }

  get keys(): string[] {
    this.#keys ??= this.shingles.size ? [...this.exact, ...bandKeys(this.shingles)] : this.exact;
    return this.#keys;
  }
}

const prints = new WeakMap<StoryItem, StoryPrint>();

/** The item read for story matching; read once per item object (an item matches many projects). */
export function storyPrint(item: StoryItem): StoryPrint {
  let print = prints.get(item);
  if (!print) {
    print = new Print(item);
    prints.set(item, print);
  }
  return print;
}

/** |A ∩ B| / |A ∪ B|. */
export function jaccard<T>(a: Set<T>, b: Set<T>): number {
  if (!a.size && !b.size) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const s of small) if (large.has(s)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Whether two items are the same story told twice (the rules at the top of this file). */
export function sameStory(a: StoryPrint, b: StoryPrint): boolean {
  if (a.kind === b.kind && a.id === b.id) return true;
  if (a.kind === 'post' && b.kind === 'post') {
    if (a.crosspostOf && (a.crosspostOf === b.id || a.crosspostOf === b.crosspostOf)) return true;
    if (b.crosspostOf === a.id) return true;
  }
  const need = Math.max(minWords(a.kind), minWords(b.kind));
  if (a.bodyWords < need || b.bodyWords < need) return false;
  if (a.body === b.body) return true;
  return a.kind === 'post' && b.kind === 'post' && jaccard(a.shingles, b.shingles) >= NEAR_JACCARD;
}

/** Which of two copies is the story's home: a post before a comment, then the earlier, then the smaller id. */
export function homeFirst(
  a: { kind: 'post' | 'comment'; id: string; createdAt: Date },
  b: { kind: 'post' | 'comment'; id: string; createdAt: Date },
): number {
  if (a.kind !== b.kind) return a.kind === 'post' ? -1 : 1;
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Groups items into stories: each group's items are the same story as at least one other of the group (copies of
 * copies join). Candidates are the items sharing a key (keysOf: all of an item's keys unless told otherwise); only
 * those pairs are compared. Groups keep input order.
 */
export function groupStories<T>(
  items: readonly T[],
  itemOf: (t: T) => StoryItem,
  keysOf: (t: T, p: StoryPrint) => readonly string[] = (_, p) => p.keys,
): T[][] {
  const parent = items.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const byKey = new Map<string, number[]>();
  const ps = items.map((t) => storyPrint(itemOf(t)));
  ps.forEach((p, i) => {
    for (const k of keysOf(items[i]!, p)) {
      const seen = byKey.get(k);
      if (!seen) {
        byKey.set(k, [i]);
        continue;
      }
      for (const j of seen) {
        if (find(i) !== find(j) && sameStory(p, ps[j]!)) parent[find(i)] = find(j);
      }
      seen.push(i);
    }
  });
  const groups = new Map<number, T[]>();
  items.forEach((item, i) => {
    const root = find(i);
    const g = groups.get(root);
    if (g) g.push(item);
    else groups.set(root, [item]);
  });
  return [...groups.values()];
}
