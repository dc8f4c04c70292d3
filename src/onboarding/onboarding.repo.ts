import type { Queryable } from '../db/client.ts';
import type { RedditItem } from '../upstream/source.ts';

interface ItemRow {
  id: string;
  kind: 'post' | 'comment';
  post_id: string;
  subreddit: string;
  title: string;
  body: string;
  author: string | null;
  url: string;
  created_at: Date;
}

/** A post's text read for the preview: the start of the longest posts is enough to match and score them. */
const BODY_CHARS = 4000;

/** The stored posts and comments a suggestion and its preview read (data already bought), and its model calls. */
export function createOnboardingRepo(db: Queryable) {
  return {
    /** The window's items, newest first, at most `limit` (bodies cut at BODY_CHARS), and how many it holds in all. */
    async windowItems(since: Date, limit: number): Promise<{ items: RedditItem[]; total: number }> {
      const [rows, count] = await Promise.all([
        db.query<ItemRow>(
          `SELECT id, kind, post_id, subreddit, title, left(body, $3) AS body, author, url, created_at FROM upstream_items
            WHERE created_at >= $1 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT $2`,
          [since, limit, BODY_CHARS],
        ),
        db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM upstream_items WHERE created_at >= $1 AND deleted_at IS NULL',
          [since],
        ),
      ]);
      const items = rows.map((r) => ({
        kind: r.kind,
        id: r.id.slice(3),
        postId: r.post_id,
        subreddit: r.subreddit,
        title: r.title,
        body: r.body,
        author: r.author,
        url: r.url,
        createdAt: r.created_at,
      }));
      return { items, total: count[0]?.n ?? 0 };
    },

    /** A model call made for an account (no project yet): recorded in usage as the account's (migration 0016). */
    async recordAccountCall(
      userId: string,
      api: string,
      costUsd: number,
      ok: boolean,
      at: Date,
    ): Promise<void> {
      await db.query(
        `INSERT INTO upstream_calls (project_id, user_id, api, cost_usd, reused, ok, called_at)
         VALUES (NULL, $1, $2, $3, false, $4, $5)`,
        [userId, api, costUsd, ok, at],
      );
    },
  };
}
export type OnboardingRepo = ReturnType<typeof createOnboardingRepo>;
