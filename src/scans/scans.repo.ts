import type { Tier } from '../accounts/tiers.ts';
import type { Queryable } from '../db/client.ts';
import { isRowId } from '../db/ids.ts';
import { withoutNul } from '../domain/nul-text.ts';
import {
  PROFILE_COLUMNS,
  type ProfileRow,
  type ProjectProfile,
  toProfile,
} from '../projects/projects.repo.ts';
import { spendCapReached } from '../usage/spend-cap.schemas.ts';
import { PROJECT_UNLOCKED } from './scan-guard.ts';
import type { ScanRecord } from './scans.types.ts';

/** A runner wrote to a scan another runner has taken over since: its unit is rolled back. */
export class ScanTakenOver extends Error {
  constructor(scanId: string) {
    super(`scan ${scanId} was taken over by another worker`);
  }
}

interface ScanRow {
  id: string;
  project_id: string;
  status: ScanRecord['status'];
  trigger: ScanRecord['trigger'];
  started_at: Date | null;
  finished_at: Date | null;
  calls: number;
  cost_usd: number;
  items_seen: number;
  subreddit_items: Record<string, number>;
  new_leads: number;
  errors: string[];
  spend_capped: { capUsd: number; spentUsd: number; at: string } | null;
}

const SCAN_COLUMNS =
  'id, project_id, status, trigger, started_at, finished_at, calls, cost_usd, items_seen, subreddit_items, new_leads, errors, spend_capped';

function toScan(r: ScanRow): ScanRecord {
  return {
    scanId: r.id,
    projectId: r.project_id,
    status: r.status,
    trigger: r.trigger,
    startedAt: r.started_at?.toISOString() ?? null,
    finishedAt: r.finished_at?.toISOString() ?? null,
    calls: r.calls,
    costUsd: Math.round(r.cost_usd * 1e6) / 1e6,
    itemsSeen: r.items_seen,
    subreddits: Object.entries(r.subreddit_items ?? {})
      .map(([name, itemsSeen]) => ({ name, itemsSeen }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    newLeads: r.new_leads,
    errors: r.errors,
    spendCapReached: r.spend_capped
      ? spendCapReached(r.spend_capped.capUsd, r.spend_capped.spentUsd, new Date(r.spend_capped.at))
      : null,
  };
}

/** SQL: a jsonb column of counts by name with a jsonb parameter's counts added, name by name. */
const addCounts = (column: string, param: string) => `(
  SELECT COALESCE(jsonb_object_agg(name, n), '{}'::jsonb)
    FROM (SELECT name, SUM(n::integer) AS n
            FROM (SELECT key AS name, value AS n FROM jsonb_each_text(${column})
                  UNION ALL SELECT key, value FROM jsonb_each_text(${param}::jsonb)) counts
           GROUP BY name) sums)`;

/** A project as the scanner needs it: profile, watch list, threshold, its owner and the owner's tier. */
export type ScanProject = ProjectProfile & { tier: Tier; userId: string };

const toProject = (r: ProfileRow & { tier: Tier; owner_id: string }): ScanProject => ({
  ...toProfile(r),
  tier: r.tier,
  userId: r.owner_id,
});

/** What one unit of a scan adds to its record. */
export interface ScanFigures {
  calls?: number;
  costUsd?: number;
  itemsSeen?: number;
  /** Items per subreddit, added to the scan's counts by name. */
  subreddits?: Map<string, number>;
  /** Items matched per keyword of the scan's project, added to the scan's counts by keyword. */
  keywords?: Map<string, number>;
  newLeads?: number;
  errors?: string[];
  /** A first scan's listings brought up to date (matched again): a resumed scan does not match them again. */
  listingsDone?: string[];
}

/** Scan records (queue, claim, heartbeat, fencing, figures) and the projects the scheduler and planner read. */
export function createScansRepo(db: Queryable) {
  return {
    async getScan(id: string): Promise<ScanRecord | undefined> {
      const rows = await db.query<ScanRow>(`SELECT ${SCAN_COLUMNS} FROM scans WHERE id = $1`, [id]);
      return rows[0] && toScan(rows[0]);
    },

    /** The scan, when it is of this project and the project is on this account. */
    async getScanForUser(userId: string, projectId: string, id: string): Promise<ScanRecord | undefined> {
      if (!isRowId(id) || !isRowId(projectId)) return undefined;
      const rows = await db.query<ScanRow>(
        `SELECT ${SCAN_COLUMNS.replace(/(^|, )/g, '$1s.')} FROM scans s JOIN projects p ON p.id = s.project_id
          WHERE s.id = $1 AND s.project_id = $2 AND p.user_id = $3`,
        [id, projectId, userId],
      );
      return rows[0] && toScan(rows[0]);
    },

    /** The project's scans, newest first (queued ones, not started yet, first of all). */
    async listOfProject(projectId: string, limit: number, offset: number): Promise<ScanRecord[]> {
      const rows = await db.query<ScanRow>(
        `SELECT ${SCAN_COLUMNS} FROM scans WHERE project_id = $1
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [projectId, limit, offset],
      );
      return rows.map(toScan);
    },

    /** The newest scan of each of the account's projects that has one. */
    async latestScansOfUser(userId: string): Promise<ScanRecord[]> {
      const rows = await db.query<ScanRow>(
        `SELECT DISTINCT ON (s.project_id) ${SCAN_COLUMNS.replace(/(^|, )/g, '$1s.')}
           FROM scans s JOIN projects p ON p.id = s.project_id
          WHERE p.user_id = $1 ORDER BY s.project_id, s.created_at DESC, s.id DESC`,
        [userId],
      );
      return rows.map(toScan);
    },

    /**
     * Inserts a queued scan unless one is queued or running for the project, or (notSince) one was created
     * since that moment; returns the new id or null. One statement, so two schedulers cannot both insert.
     */
    async insertQueued(
      projectId: string,
      trigger: ScanRecord['trigger'],
      now: Date,
      notSince: Date | null = null,
    ): Promise<string | null> {
      const rows = await db.query<{ id: string }>(
        `INSERT INTO scans (project_id, trigger, created_at)
         SELECT $1, $2, $3 WHERE $4::timestamptz IS NULL
            OR NOT EXISTS (SELECT 1 FROM scans WHERE project_id = $1 AND created_at > $4)
         ON CONFLICT (project_id) WHERE status IN ('queued', 'running') DO NOTHING RETURNING id`,
        [projectId, trigger, now, notSince],
      );
      return rows[0]?.id ?? null;
    },

    /** A queued scan becomes its project's first scan of a changed watch list; false once it has started. */
    async makeFirst(id: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE scans SET trigger = 'first' WHERE id = $1 AND status = 'queued' RETURNING id`,
        [id],
      );
      return rows.length > 0;
    },

    /** Projects that have no scan at all yet. */
    async neverScanned(): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        'SELECT p.id FROM projects p WHERE NOT EXISTS (SELECT 1 FROM scans s WHERE s.project_id = p.id)',
      );
      return rows.map((r) => r.id);
    },

    async activeScanOf(projectId: string): Promise<ScanRecord | undefined> {
      const rows = await db.query<ScanRow>(
        `SELECT ${SCAN_COLUMNS} FROM scans WHERE project_id = $1 AND status IN ('queued', 'running')`,
        [projectId],
      );
      return rows[0] && toScan(rows[0]);
    },

    /**
     * Takes the scan to run it, under a new fencing token (its owner): a queued one, or a running one whose
     * runner is gone (staleBefore null: the caller holds the project's lock; else its heartbeat is older).
     */
    async claim(
      id: string,
      now: Date,
      staleBefore: Date | null,
    ): Promise<(ScanRecord & { owner: string }) | undefined> {
      const rows = await db.query<ScanRow & { owner: string }>(
        `UPDATE scans SET status = 'running', started_at = coalesce(started_at, $2), heartbeat_at = $2,
                owner = gen_random_uuid()::text
          WHERE id = $1 AND (status = 'queued'
                OR (status = 'running' AND ($3::timestamptz IS NULL OR heartbeat_at < $3)))
          RETURNING ${SCAN_COLUMNS}, owner`,
        [id, now, staleBefore],
      );
      return rows[0] && { ...toScan(rows[0]), owner: rows[0].owner };
    },

    async heartbeat(id: string, owner: string, now: Date): Promise<void> {
      await db.query(
        `UPDATE scans SET heartbeat_at = $3 WHERE id = $1 AND owner = $2 AND status = 'running'`,
        [id, owner, now],
      );
    },

    /** Ends the scan unless another runner has taken it over since (owner null: whoever holds it). */
    async finish(
      id: string,
      owner: string | null,
      status: 'done' | 'failed',
      now: Date,
      error?: string,
    ): Promise<void> {
      await db.query(
        `UPDATE scans SET status = $2, finished_at = $3,
                errors = CASE WHEN $4::text IS NULL THEN errors ELSE array_append(errors, $4) END
          WHERE id = $1 AND ($5::text IS NULL OR owner = $5) AND status = 'running'`,
        [id, status, now, error === undefined ? null : withoutNul(error), owner],
      );
    },

    /** Records that the daily spend cap stopped the scan buying (the first time only), unless taken over. */
    async markCapped(id: string, owner: string | undefined, capUsd: number, spentUsd: number, at: Date) {
      await db.query(
        `UPDATE scans SET spend_capped = coalesce(spend_capped, $3::jsonb)
          WHERE id = $1 AND ($2::text IS NULL OR owner = $2)`,
        [id, owner ?? null, JSON.stringify({ capUsd, spentUsd, at: at.toISOString() })],
      );
    },

    /** Puts a running scan back in the queue for another runner to resume (shutdown). */
    async requeue(id: string, owner: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE scans SET status = 'queued' WHERE id = $1 AND owner = $2 AND status = 'running' RETURNING id`,
        [id, owner],
      );
      return rows.length > 0;
    },

    /** Adds a unit's figures; inside the unit's transaction, throws when `owner` no longer holds the scan. */
    async addToScan(id: string, d: ScanFigures, owner?: string): Promise<void> {
      const rows = await db.query(
        `UPDATE scans SET calls = calls + $2, cost_usd = cost_usd + $3, items_seen = items_seen + $4,
                new_leads = new_leads + $5, errors = errors || $6::text[],
                subreddit_items = ${addCounts('subreddit_items', '$8')},
                keyword_matches = ${addCounts('keyword_matches', '$9')},
                listings_done = listings_done || $10::text[]
          WHERE id = $1 AND ($7::text IS NULL OR owner = $7) RETURNING id`,
        [
          id,
          d.calls ?? 0,
          d.costUsd ?? 0,
          d.itemsSeen ?? 0,
          d.newLeads ?? 0,
          (d.errors ?? []).map(withoutNul),
          owner ?? null,
          JSON.stringify(Object.fromEntries(d.subreddits ?? [])),
          JSON.stringify(Object.fromEntries(d.keywords ?? [])),
          d.listingsDone ?? [],
        ],
      );
      if (!rows.length) throw new ScanTakenOver(id);
    },

    /** The listings a first scan has already matched again (a resumed scan goes on with the others). */
    async listingsDone(id: string): Promise<Set<string>> {
      const rows = await db.query<{ listings_done: string[] }>(
        'SELECT listings_done FROM scans WHERE id = $1',
        [id],
      );
      return new Set(rows[0]?.listings_done ?? []);
    },

    /**
     * Scans whose runner is gone, and queued ones whose job may be lost. staleBefore null: every active scan
     * (no other process can exist). lockAware: a running scan whose project lock nobody holds is orphaned too.
     */
    async staleScans(staleBefore: Date | null, lockAware = false): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM scans s WHERE $1::timestamptz IS NULL AND status IN ('queued', 'running')
            OR (status = 'running' AND (heartbeat_at < $1 OR ($2 AND ${PROJECT_UNLOCKED})))
            OR (status = 'queued' AND created_at < $1)
          ORDER BY created_at`,
        [staleBefore, lockAware],
      );
      return rows.map((r) => r.id);
    },

    /** When each project was last scanned (its newest scan's creation), for the schedule. */
    async lastScanTimes(): Promise<Map<string, Date>> {
      const rows = await db.query<{ project_id: string; at: Date }>(
        'SELECT project_id, max(created_at) AS at FROM scans GROUP BY project_id',
      );
      return new Map(rows.map((r) => [r.project_id, r.at]));
    },

    /** A cheap fingerprint of every project's watch list: when it changes, the matcher is compiled again. */
    async projectsVersion(): Promise<string> {
      const rows = await db.query<{ v: string }>(
        `SELECT count(*)::text || ':' || coalesce(max(updated_at)::text, '') AS v FROM projects`,
      );
      return rows[0]!.v;
    },

    async allProjects(): Promise<ScanProject[]> {
      const rows = await db.query<ProfileRow & { tier: Tier; owner_id: string }>(
        `SELECT ${PROFILE_COLUMNS}, u.tier, u.id AS owner_id
           FROM projects p JOIN users u ON u.id = p.user_id ORDER BY p.created_at, p.id`,
      );
      return rows.map(toProject);
    },
  };
}
export type ScansRepo = ReturnType<typeof createScansRepo>;
