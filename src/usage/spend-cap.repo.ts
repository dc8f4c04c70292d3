import type { Tier } from '../accounts/tiers.ts';
import type { Queryable } from '../db/client.ts';

export function createSpendCapRepo(db: Queryable) {
  return {
    async account(userId: string): Promise<{ tier: Tier; ownCapUsd: number | null } | undefined> {
      const rows = await db.query<{ tier: Tier; daily_cap_usd: number | null }>(
        'SELECT tier, daily_cap_usd FROM users WHERE id = $1',
        [userId],
      );
      const r = rows[0];
      return r && { tier: r.tier, ownCapUsd: r.daily_cap_usd };
    },

    /** The account's upstream spend in [from, to): its projects', its deleted projects' and its own calls. */
    async spent(userId: string, from: Date, to: Date): Promise<number> {
      const rows = await db.query<{ usd: number }>(
        `SELECT coalesce(sum(cost_usd), 0)::float8 AS usd FROM upstream_calls
          WHERE called_at >= $2 AND called_at < $3
            AND (project_id IN (SELECT id FROM projects WHERE user_id = $1)
                 OR project_id IS NULL AND user_id = $1)`,
        [userId, from, to],
      );
      return rows[0]?.usd ?? 0;
    },

    async setOwnCap(userId: string, usd: number | null): Promise<void> {
      await db.query('UPDATE users SET daily_cap_usd = $2 WHERE id = $1', [userId, usd]);
    },
  };
}
