import type { Queryable } from '../db/client.ts';
import { type ItemRow, itemFromRow } from '../scans/fetches.repo.ts';
import type { RedditItem } from '../upstream/source.ts';

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
      return { items: rows.map(itemFromRow), total: count[0]?.n ?? 0 };
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
