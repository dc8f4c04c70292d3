import type { Queryable } from '../db/client.ts';

/** The totals /metrics reports from the database, so they are exact across every process on it. */
export function createMetricsRepo(db: Queryable) {
  return {
    scansByStatus: () =>
      db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM scans GROUP BY status'),
    upstreamByApi: () =>
      db.query<{ api: string; reused: boolean; ok: boolean; n: number; cost: number }>(
        `SELECT api, reused, ok, count(*)::int AS n, coalesce(sum(cost_usd), 0)::float8 AS cost
           FROM upstream_calls GROUP BY api, reused, ok`,
      ),
    webhookAttemptsByOutcome: () =>
      db.query<{ outcome: string; n: number }>(
        'SELECT outcome, count(*)::int AS n FROM webhook_attempts GROUP BY outcome',
      ),
  };
}
