import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { Usage } from './usage.schemas.ts';

interface PerApiRow {
  api: string;
  calls: number;
  cost_usd: number;
  reused: number;
}

const DAY_MS = 86_400_000;
const roundUsd = (n: number) => Math.round(n * 1e6) / 1e6;

export function createUsageService(deps: { db: Db; clock: Clock }) {
  return {
    /** Today's (UTC) upstream calls of one project, grouped by upstream endpoint. */
    async getUsage(projectId: string): Promise<Usage> {
      const dayStart = new Date(Math.floor(deps.clock.now().getTime() / DAY_MS) * DAY_MS);
      const rows = await deps.db.query<PerApiRow>(
        `SELECT api, count(*)::int AS calls, coalesce(sum(cost_usd), 0)::float8 AS cost_usd,
                (count(*) FILTER (WHERE reused))::int AS reused
           FROM upstream_calls
          WHERE project_id = $1 AND called_at >= $2 AND called_at < $3
          GROUP BY api ORDER BY api`,
        [projectId, dayStart, new Date(dayStart.getTime() + DAY_MS)],
      );
      const perApi = rows.map((r) => ({
        api: r.api,
        calls: r.calls,
        costUsd: roundUsd(r.cost_usd),
        reused: r.reused,
      }));
      const calls = perApi.reduce((n, r) => n + r.calls, 0);
      const reused = perApi.reduce((n, r) => n + r.reused, 0);
      const costUsd = roundUsd(rows.reduce((n, r) => n + r.cost_usd, 0));
      return { calls, costUsd, fetched: calls - reused, reused, perApi };
    },
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
