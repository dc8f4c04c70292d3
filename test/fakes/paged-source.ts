import type { RedditItem, UpstreamSource } from '../../src/upstream/source.ts';

/**
 * An upstream in process (no HTTP) that serves every subreddit the same pages of new posts and of comments, one page
 * a call from the cursor it gave last (null: the first page), then nothing; each call reported at no cost. Search
 * and comment trees answer nothing.
 */
export function pagedSource(pages: { posts?: RedditItem[][]; comments?: RedditItem[][] }): UpstreamSource {
  const next = (list: RedditItem[][], cursor: string | null) => {
    const i = cursor === null ? 0 : Number(cursor.slice(1));
    return i < list.length ? { items: list[i]!, cursor: `p${i + 1}` } : { items: [], cursor };
  };
  return {
    name: 'replay',
    async subredditNew(_sub, cursor, report) {
      report({ api: 'replay.subreddit_new', costUsd: 0, ok: true });
      return next(pages.posts ?? [], cursor);
    },
    async subredditComments(_sub, cursor, report) {
      report({ api: 'replay.subreddit_comments', costUsd: 0, ok: true });
      return next(pages.comments ?? [], cursor);
    },
    async search() {
      return { items: [], cursor: null };
    },
    async commentTree() {
      return [];
    },
  };
}
