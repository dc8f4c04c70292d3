import { excludeContext, matchText } from '../../domain/matching.ts';
import type { RedditItem } from '../../upstream/source.ts';
import type { WatchingProject, Watchlist } from './plan.ts';

/** An item that matches a served project, with the keyword it matched first, as the project wrote it. */
export interface Match {
  projectId: string;
  item: RedditItem;
  keyword: string;
}

/** A matched post whose comment thread may need a read of its own. */
export interface ThreadToRead {
  projectId: string;
  postId: string;
  postedAt: Date;
  subreddit: string;
}

export interface Matched {
  /** Every match, in item order, below any threshold included. */
  matches: Match[];
  threads: ThreadToRead[];
  /** Each served project's matches per keyword, as the project wrote it. */
  byKeyword: Map<string, Map<string, number>>;
}

/** A lead's key: one per project, post and comment. */
export const leadKey = (projectId: string, item: RedditItem) =>
  `${projectId}/${item.postId}/${item.kind === 'comment' ? item.id : ''}`;

/** The matches of the items for the served projects (one per item and project), in item order. */
export function matchesOf(
  w: Pick<Watchlist, 'matcher'>,
  items: readonly RedditItem[],
  served: Set<string>,
): Match[] {
  const out: Match[] = [];
  for (const item of items) {
    w.matcher.forEachMatch(
      matchText(item),
      (projectId, keyword) => {
        if (served.has(projectId)) out.push({ projectId, item, keyword });
      },
      excludeContext(item),
    );
  }
  return out;
}

/** Matches the items against the served projects, with the threads of matched posts and counts per keyword. */
export function matchItems(
  w: Pick<Watchlist, 'matcher'>,
  items: readonly RedditItem[],
  served: Set<string>,
): Matched {
  const matches = matchesOf(w, items, served);
  const threads: ThreadToRead[] = [];
  const byKeyword = new Map<string, Map<string, number>>();
  for (const { projectId, item, keyword } of matches) {
    const counts = byKeyword.get(projectId) ?? new Map<string, number>();
    byKeyword.set(projectId, counts.set(keyword, (counts.get(keyword) ?? 0) + 1));
    if (item.kind === 'post') {
      threads.push({ projectId, postId: item.postId, postedAt: item.createdAt, subreddit: item.subreddit });
    }
  }
  return { matches, threads, byKeyword };
}

/**
 * Matches per keyword of one project as it spells them (the matcher reports each keyword so); every keyword it
 * matches against is there, 0 or more. Counted only where a unit read items: a keyword tried on nothing has not
 * matched nothing.
 */
export function keywordCounts(
  p: Pick<WatchingProject, 'matchKeywords'>,
  matched: Map<string, number> | undefined,
): Map<string, number> {
  const counts = new Map(p.matchKeywords.map((k) => [k, 0]));
  for (const [keyword, n] of matched ?? []) counts.set(keyword, (counts.get(keyword) ?? 0) + n);
  return counts;
}
