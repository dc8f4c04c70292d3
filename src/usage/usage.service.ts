import type { Clock } from '../clock.ts';
import { notFound } from '../contract/errors.ts';
import type { Db } from '../db/client.ts';
import { isProjectId } from '../projects/projects.repo.ts';
import type { Usage, UsageReport } from './usage.schemas.ts';

interface PerApiRow {
  api: string;
  calls: number;
  cost_usd: number;
  reused: number;
  failed: number;
}

/**
 * The per-group figures of upstream_calls: a call that failed after retries (ok false, nothing bought, $0) is not
 * a call that fetched or reused data, so it counts in `failed` only (docs/decisions/0104-failed-calls-in-usage.md).
 */
const FIGURES = `(count(*) FILTER (WHERE c.ok))::int AS calls, coalesce(sum(c.cost_usd), 0)::float8 AS cost_usd,
  (count(*) FILTER (WHERE c.ok AND c.reused))::int AS reused, (count(*) FILTER (WHERE NOT c.ok))::int AS failed`;

const DAY_MS = 86_400_000;
const roundUsd = (n: number) => Math.round(n * 1e6) / 1e6;

/** The perProject row of calls made for the account but no project. */
export const NO_PROJECT = 'No project (AI visibility checks without a project)';
/** The perProject row of a deleted project's calls, which were paid and stay in the account's usage. */
export const deletedProject = (name: string) => `${name} (deleted)`;

interface GroupRow {
  /** null only in the per-project grouping, for calls of no project. */
  key: string | null;
  name: string | null;
  calls: number;
  reused: number;
  cost_usd: number;
  failed: number;
}

type Figures = Pick<GroupRow, 'calls' | 'reused' | 'cost_usd' | 'failed'>;

const totalsOf = (r: Figures) => ({
  calls: r.calls,
  fetched: r.calls - r.reused,
  reused: r.reused,
  failed: r.failed,
  costUsd: roundUsd(r.cost_usd),
});

function usageOf(rows: PerApiRow[]): Usage {
  const perApi = rows.map((r) => ({
    api: r.api,
    calls: r.calls,
    costUsd: roundUsd(r.cost_usd),
    reused: r.reused,
    failed: r.failed,
  }));
  const calls = perApi.reduce((n, r) => n + r.calls, 0);
  const reused = perApi.reduce((n, r) => n + r.reused, 0);
  const failed = rows.reduce((n, r) => n + r.failed, 0);
  const costUsd = roundUsd(rows.reduce((n, r) => n + r.cost_usd, 0));
  return { calls, costUsd, fetched: calls - reused, reused, failed, perApi };
}

export function createUsageService(deps: { db: Db; clock: Clock }) {
  const today = () => {
    const dayStart = new Date(Math.floor(deps.clock.now().getTime() / DAY_MS) * DAY_MS);
    return [dayStart, new Date(dayStart.getTime() + DAY_MS)];
  };
  return {
    /** Today's (UTC) upstream calls of one project, grouped by upstream endpoint. */
    async getUsage(projectId: string): Promise<Usage> {
      const rows = await deps.db.query<PerApiRow>(
        `SELECT api, ${FIGURES}
           FROM upstream_calls c
          WHERE project_id = $1 AND called_at >= $2 AND called_at < $3
          GROUP BY api ORDER BY api`,
        [projectId, ...today()],
      );
      return usageOf(rows);
    },

    /**
     * getUsage with the ownership check in the same statement (one round trip, the REST and tool path):
     * not_found unless the project is on this account.
     */
    async getUsageOwned(userId: string, projectId: string): Promise<Usage> {
      if (!isProjectId(projectId)) throw notFound();
      const rows = await deps.db.query<PerApiRow | { api: null }>(
        `SELECT u.* FROM projects p
           LEFT JOIN LATERAL (
             SELECT api, ${FIGURES}
               FROM upstream_calls c
              WHERE c.project_id = p.id AND called_at >= $3 AND called_at < $4
              GROUP BY api) u ON true
          WHERE p.id = $1 AND p.user_id = $2
          ORDER BY u.api`,
        [projectId, userId, ...today()],
        { prepare: true },
      );
      if (rows.length === 0) throw notFound();
      return usageOf(rows.filter((r): r is PerApiRow => r.api !== null));
    },

    /**
     * The last `days` UTC days (today included) of the account's upstream calls, or of one of its projects
     * (checked by the caller): per day, per upstream endpoint and per project. Calls of deleted projects have no
     * project any more and are not counted (docs/decisions/0068-scan-history-and-usage.md). Calls made for the
     * account but no project (an AI-visibility check without projectId) count in the account's figures, as a
     * perProject row with projectId null.
     */
    async usageReport(userId: string, projectId: string | null, days: number): Promise<UsageReport> {
      const today = Math.floor(deps.clock.now().getTime() / DAY_MS) * DAY_MS;
      const from = new Date(today - (days - 1) * DAY_MS);
      const to = new Date(today + DAY_MS);
      const group = (key: string, extra = '') =>
        deps.db.query<GroupRow>(
          `SELECT ${key} AS key, ${extra || 'NULL::text'} AS name, ${FIGURES}
             FROM upstream_calls c LEFT JOIN projects p ON p.id = c.project_id
            WHERE (p.user_id = $1 AND ($2::text IS NULL OR c.project_id = $2)
                   OR $2::text IS NULL AND c.project_id IS NULL AND c.user_id = $1)
              AND c.called_at >= $3 AND c.called_at < $4
            GROUP BY 1${extra ? ', 2' : ''}`,
          [userId, projectId, from, to],
        );
      const [byDay, byApi, byProject] = await Promise.all([
        group(`to_char(c.called_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`),
        group('c.api'),
        projectId ? Promise.resolve([]) : group('p.id', 'coalesce(p.name, c.project_name)'),
      ]);
      const dayRows = new Map(byDay.map((r) => [r.key, r]));
      const daily = Array.from({ length: days }, (_, i) => {
        const day = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        return { day, ...totalsOf(dayRows.get(day) ?? { calls: 0, reused: 0, cost_usd: 0, failed: 0 }) };
      });
      const sum = (k: keyof Figures) => byDay.reduce((n, r) => n + r[k], 0);
      return {
        from: daily[0]!.day,
        to: daily[daily.length - 1]!.day,
        totals: totalsOf({
          calls: sum('calls'),
          reused: sum('reused'),
          cost_usd: sum('cost_usd'),
          failed: sum('failed'),
        }),
        daily,
        perApi: byApi
          .map((r) => ({ api: r.key ?? '', ...totalsOf(r) }))
          .sort((a, b) => b.calls - a.calls || a.api.localeCompare(b.api)),
        perProject: byProject
          .map((r) => ({
            projectId: r.key,
            name: r.key !== null ? (r.name ?? '') : r.name === null ? NO_PROJECT : deletedProject(r.name),
            ...totalsOf(r),
          }))
          .sort((a, b) => b.costUsd - a.costUsd || b.calls - a.calls || a.name.localeCompare(b.name)),
      };
    },
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
