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
import { tokenize } from './matching.ts';
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
/** MinHash: BANDS bands of ROWS values each; a pair at resemblance 0.8 shares a band with probability 0.995. */
const BANDS = 10;
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
  kind: 'post' | 'comment';
  id: string;
  crosspostOf: string | null;
  /** The body's words joined by single spaces: equal for bodies that differ in case, punctuation or links only. */
  body: string;
  bodyWords: number;
  /** Word 3-shingles of the body (posts long enough only; else empty). */
  shingles: Set<number>;
  /**
   * Keys that a copy of this item shares with it: `p:<post id>` (a post and its cross-posts), `x:<hash>` (the
   * body, when long enough), `b<n>:<hash>` (MinHash bands of the shingles). Sharing a band key only makes two
   * items candidates: sameStory decides.
   */
  keys: string[];
}

const URL = /\b(?:https?:\/\/|www\.)\S+/giu;

/** The words of a text: NFKC, lower case, entities decoded, links dropped, punctuation and spacing ignored. */
export function storyWords(text: string): string[] {
  return tokenize(decodeEntities(text).replace(URL, ' '));
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return fmix32(h);
}

/** One seed per MinHash value: x -> fmix32(x ^ seed) is a permutation of the 32-bit hashes. */
const SEEDS = Array.from({ length: BANDS * ROWS }, (_, i) => fmix32(Math.imul(i + 1, 0x9e3779b9)));

function bandKeys(shingles: Set<number>): string[] {
  const mins = new Uint32Array(SEEDS.length).fill(0xffffffff);
  for (const h of shingles) {
    for (let i = 0; i < SEEDS.length; i++) {
      const v = fmix32(h ^ SEEDS[i]!);
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
    keys.push(`b${b}:${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}`);
  }
  return keys;
}

/** The word 3-shingles as 32-bit hashes (a collision now and then moves a resemblance by a hair). */
function shinglesOf(words: string[]): Set<number> {
  const hashes = words.map(hashString);
  const out = new Set<number>();
  for (let i = 0; i + SHINGLE <= hashes.length; i++) {
    out.add(fmix32(Math.imul(fmix32(Math.imul(hashes[i]!, 31) ^ hashes[i + 1]!), 31) ^ hashes[i + 2]!));
  }
  return out;
}

const minWords = (kind: StoryPrint['kind']) => (kind === 'post' ? STORY_MIN_WORDS : COMMENT_MIN_WORDS);

const prints = new WeakMap<StoryItem, StoryPrint>();

/** The item read for story matching; computed once per item object (an item matches many projects). */
export function storyPrint(item: StoryItem): StoryPrint {
  const known = prints.get(item);
  if (known) return known;
  const words = storyWords(item.body);
  const body = words.join(' ');
  const long = words.length >= minWords(item.kind);
  const crosspostOf = item.kind === 'post' ? (item.crosspostOf ?? null) : null;
  const shingles = item.kind === 'post' && long ? shinglesOf(words) : new Set<number>();
  const keys: string[] = [];
  if (item.kind === 'post') keys.push(`p:${item.id}`);
  if (crosspostOf) keys.push(`p:${crosspostOf}`);
  if (long) keys.push(`x:${createHash('sha256').update(body).digest('hex').slice(0, 16)}`);
  if (shingles.size) keys.push(...bandKeys(shingles));
  const print = { kind: item.kind, id: item.id, crosspostOf, body, bodyWords: words.length, shingles, keys };
  prints.set(item, print);
  return print;
}

/** The keys a copy of this item would have found it by: exact ones (identity, same body), bands aside. */
export const exactKeys = (p: StoryPrint) => p.keys.filter((k) => !k.startsWith('b'));

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
 * copies join). Candidates are the items sharing a key; only those pairs are compared. Groups keep input order.
 */
export function groupStories<T>(items: readonly T[], itemOf: (t: T) => StoryItem): T[][] {
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
    for (const k of p.keys) {
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
