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
 * The meaning stage, before the unit's transaction: the sentence vectors of the posts that match the given
 * projects (each post encoded once, whatever the number of projects) and of those projects' profiles. An
 * encoder that fails leaves the local scores as they are, with a warning.
 */
export async function readMeaning(
  deps: { embedder: Embedder | null; log: ScanLogger },
  w: Watchlist,
  items: readonly RedditItem[],
  projectIds: Set<string>,
): Promise<MeaningOf> {
  const { embedder } = deps;
  if (!embedder) return noMeaning;
  const posts = new Map<string, RedditItem>();
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
    posts.set(item.postId, item);
    projects.add(projectId);
  }
  if (!posts.size) return noMeaning;
  const profiles = new Map([...projects].map((id) => [id, profileTexts(w.projects.get(id)!.profile)]));
  const texts = [...[...posts.values()].map(itemText), ...[...profiles.values()].flat()];
  let vectors: Float32Array[];
  try {
    vectors = await embedder.embed(texts);
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, 'meaning stage failed; local scores kept');
    return noMeaning;
  }
  const byText = new Map(texts.map((t, i) => [t, vectors[i]!]));
  const ofProfile = new Map([...profiles].map(([id, ts]) => [id, ts.map((t) => byText.get(t)!)]));
  return (projectId, item) => {
    const profile = ofProfile.get(projectId);
    const post = item.kind === 'post' ? byText.get(itemText(item)) : undefined;
    return profile && post && profile.every(Boolean) ? { post, profile } : undefined;
  };
}
