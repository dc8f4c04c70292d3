import { itemText, type MeaningVectors, profileTexts, scoreItem } from '../../domain/scoring.ts';
import type { Embedder } from '../../scoring/embedder.ts';
import type { RedditItem } from '../../upstream/source.ts';
import type { ScanLogger } from '../scans.types.ts';
import { matchesOf } from './match.ts';
import type { Watchlist } from './plan.ts';

/**
 * More than the most points the meaning stage added to any labeled pair (51; `npm run train` prints the largest
 * on its pairs): a post further below a project's threshold is not encoded for it.
 */
export const MEANING_REACH = 55;

/** The meaning stage's vectors of a served project's matched post, when it has them. */
export type MeaningOf = (projectId: string, item: RedditItem) => MeaningVectors | undefined;
export const noMeaning: MeaningOf = () => undefined;

/**
 * The meaning stage of one unit, done a piece at a time so that the unit commits the leads of each piece as it
 * is read (docs/decisions/0119-first-scan-at-once.md): the posts to encode, most promising first, and the
 * vectors read so far.
 */
export interface MeaningWork {
  /** Posts still to encode. */
  readonly pending: number;
  /** Posts whose vectors were read. */
  readonly encoded: number;
  /** Encodes up to `n` more posts (the profiles with the first); an encoder that fails ends the work. */
  encodeNext(n: number): Promise<void>;
  meaningOf: MeaningOf;
  /** Whether the match can be scored now: it needs no vector, has its vectors, or the encoder failed. */
  ready(projectId: string, item: RedditItem): boolean;
}

const noWork: MeaningWork = {
  pending: 0,
  encoded: 0,
  encodeNext: async () => {},
  meaningOf: noMeaning,
  ready: () => true,
};

/**
 * Plans the meaning stage of a unit, before its transaction: the posts that match the given projects and whose
 * local score could reach a project's threshold (each encoded once, whatever the number of projects), ordered
 * by how far the best of them stands above its threshold, so that the likeliest leads are read first.
 */
export function planMeaning(
  deps: { embedder: Embedder | null; log: ScanLogger },
  w: Watchlist,
  items: readonly RedditItem[],
  projectIds: Set<string>,
): MeaningWork {
  const { embedder } = deps;
  if (!embedder) return noWork;
  const best = new Map<string, { item: RedditItem; margin: number }>();
  const wanted = new Set<string>();
  const projects = new Set<string>();
  for (const { projectId, item } of matchesOf(
    w,
    items.filter((i) => i.kind === 'post'),
    projectIds,
  )) {
    // Encoding costs milliseconds: a post the stage could not lift to the project's threshold stays local.
    const p = w.projects.get(projectId)!;
    const local = scoreItem(item, p.profile);
    if (local.sellerSide || local.score < p.threshold - MEANING_REACH) continue;
    const margin = local.score - p.threshold;
    const seen = best.get(item.postId);
    if (!seen || seen.margin < margin) best.set(item.postId, { item, margin });
    wanted.add(`${projectId}/${item.postId}`);
    projects.add(projectId);
  }
  if (!best.size) return noWork;
  const queue = [...best.values()].sort((a, b) => b.margin - a.margin).map((c) => c.item);
  const postVectors = new Map<string, Float32Array>();
  let profiles: Map<string, Float32Array[]> | null = null;
  let failed = false;
  let next = 0;
  return {
    get pending() {
      return failed ? 0 : queue.length - next;
    },
    get encoded() {
      return postVectors.size;
    },
    async encodeNext(n) {
      if (failed || next >= queue.length) return;
      const posts = queue.slice(next, next + n);
      next += posts.length;
      const profileText = profiles
        ? null
        : new Map([...projects].map((id) => [id, profileTexts(w.projects.get(id)!.profile)]));
      const texts = [...posts.map(itemText), ...[...(profileText?.values() ?? [])].flat()];
      let vectors: Float32Array[];
      try {
        vectors = await embedder.embed(texts);
      } catch (err) {
        deps.log.warn({ err: (err as Error).message }, 'meaning stage failed; local scores kept');
        failed = true;
        return;
      }
      const byText = new Map(texts.map((t, i) => [t, vectors[i]!]));
      for (const post of posts) postVectors.set(post.postId, byText.get(itemText(post))!);
      if (profileText)
        profiles = new Map([...profileText].map(([id, ts]) => [id, ts.map((t) => byText.get(t)!)]));
    },
    meaningOf(projectId, item) {
      const profile = profiles?.get(projectId);
      const post = item.kind === 'post' ? postVectors.get(item.postId) : undefined;
      return profile && post && profile.every(Boolean) ? { post, profile } : undefined;
    },
    ready(projectId, item) {
      if (failed || item.kind !== 'post' || !wanted.has(`${projectId}/${item.postId}`)) return true;
      return postVectors.has(item.postId);
    },
  };
}

/** The whole meaning stage of a unit at once: the vectors of every post that could reach a threshold. */
export async function readMeaning(
  deps: { embedder: Embedder | null; log: ScanLogger },
  w: Watchlist,
  items: readonly RedditItem[],
  projectIds: Set<string>,
): Promise<MeaningOf> {
  const work = planMeaning(deps, w, items, projectIds);
  await work.encodeNext(Number.POSITIVE_INFINITY);
  return work.encoded > 0 ? work.meaningOf : noMeaning;
}
