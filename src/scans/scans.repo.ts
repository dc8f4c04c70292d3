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
import type { RedditItem } from '../upstream/source.ts';
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

export interface FetchRow {
  id: string;
  project_id: string | null;
  fetched_at: Date;
  calls: number;
  cost_usd: number;
  apis: { api: string; calls: number; costUsd: number }[];
}

export interface StoredItem extends RedditItem {
  fetchId: string;
}

interface ItemRow {
  id: string;
  kind: 'post' | 'comment';
  post_id: string;
  subreddit: string;
  title: string;
  body: string;
  author: string | null;
  url: string;
  parent_id: string | null;
  created_at: Date;
  fetch_id: string;
}

export const fullname = (item: Pick<RedditItem, 'kind' | 'id'>) =>
  `${item.kind === 'post' ? 't3' : 't1'}_${item.id}`;

export interface NewLead {
  projectId: string;
  item: RedditItem;
  score: number;
  stage: string | null;
  reason: string | null;
  matchedPhrase: string;
  sellerSide: boolean;
  reply: string;
  scoredAt: Date;
  costUsd: number;
}

export interface CallRow {
  projectId: string;
  api: string;
  costUsd: number;
  reused: boolean;
  ok: boolean;
  calledAt: Date;
  scanId: string | null;
  fetchId: string | null;
}

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
    async addToScan(
      id: string,
      d: {
        calls?: number;
        costUsd?: number;
        itemsSeen?: number;
        /** Items per subreddit, added to the scan's counts by name. */
        subreddits?: Map<string, number>;
        /** Items matched per keyword of the scan's project, added to the scan's counts by keyword. */
        keywords?: Map<string, number>;
        newLeads?: number;
        errors?: string[];
      },
      owner?: string,
    ): Promise<void> {
      const rows = await db.query(
        `UPDATE scans SET calls = calls + $2, cost_usd = cost_usd + $3, items_seen = items_seen + $4,
                new_leads = new_leads + $5, errors = errors || $6::text[],
                subreddit_items = ${addCounts('subreddit_items', '$8')},
                keyword_matches = ${addCounts('keyword_matches', '$9')}
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
        ],
      );
      if (!rows.length) throw new ScanTakenOver(id);
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

    async listingState(listing: string): Promise<{ cursor: string | null; last: FetchRow | null }> {
      const rows = await db.query<{ cursor: string | null } & Partial<FetchRow>>(
        `SELECT l.cursor, f.id, f.project_id, f.fetched_at, f.calls, f.cost_usd, f.apis
           FROM upstream_listings l LEFT JOIN upstream_fetches f ON f.id = l.last_fetch_id
          WHERE l.listing = $1`,
        [listing],
      );
      const r = rows[0];
      if (!r) return { cursor: null, last: null };
      return { cursor: r.cursor, last: r.id ? ({ ...r, id: String(r.id) } as FetchRow) : null };
    },

    async watermark(projectId: string, listing: string): Promise<string | null> {
      const rows = await db.query<{ last_fetch_id: string }>(
        'SELECT last_fetch_id FROM project_listings WHERE project_id = $1 AND listing = $2',
        [projectId, listing],
      );
      const v = rows[0]?.last_fetch_id;
      return v === undefined || v === null ? null : String(v);
    },

    async setWatermark(projectIds: string[], listing: string, fetchId: string): Promise<void> {
      if (!projectIds.length) return;
      await db.query(
        `INSERT INTO project_listings (project_id, listing, last_fetch_id)
         SELECT unnest($1::text[]), $2, $3
         ON CONFLICT (project_id, listing) DO UPDATE
           SET last_fetch_id = greatest(project_listings.last_fetch_id, EXCLUDED.last_fetch_id)`,
        [projectIds, listing, fetchId],
      );
    },

    /**
     * Projects served up to the listing's previous fetch: the ones a new fetch of it serves too. On a
     * listing's first fetch, every project not yet served by it (none has missed anything).
     */
    async upToDate(listing: string, fetchId: string | null): Promise<string[] | 'all-new'> {
      if (fetchId === null) return 'all-new';
      const rows = await db.query<{ project_id: string }>(
        'SELECT project_id FROM project_listings WHERE listing = $1 AND last_fetch_id = $2',
        [listing, fetchId],
      );
      return rows.map((r) => r.project_id);
    },

    /** Fetches of a listing after a watermark, and their items, bought since `since`. */
    async fetchesAfter(
      listing: string,
      after: string | null,
      upTo: string,
      since: Date,
    ): Promise<{ fetches: FetchRow[]; items: StoredItem[] }> {
      const fetches = (
        await db.query<FetchRow>(
          `SELECT id, project_id, fetched_at, calls, cost_usd, apis FROM upstream_fetches
            WHERE listing = $1 AND id > $2 AND id <= $3 AND fetched_at >= $4 ORDER BY id`,
          [listing, after ?? 0, upTo, since],
        )
      ).map((f) => ({ ...f, id: String(f.id) }));
      if (!fetches.length) return { fetches, items: [] };
      const rows = await db.query<ItemRow>(
        `SELECT DISTINCT ON (i.id) i.id, i.kind, i.post_id, i.subreddit, i.title, i.body, i.author, i.url,
                i.parent_id, i.created_at, fi.fetch_id
           FROM upstream_fetch_items fi JOIN upstream_items i ON i.id = fi.item_id
          WHERE fi.fetch_id = ANY($1::bigint[]) AND i.deleted_at IS NULL ORDER BY i.id, fi.fetch_id`,
        [fetches.map((f) => f.id)],
      );
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
        ...(r.parent_id ? { parentId: r.parent_id } : {}),
        fetchId: String(r.fetch_id),
      }));
      return { fetches, items };
    },

    /** Records a fetch and the items it bought, and moves the listing's cursor to it. */
    async insertFetch(f: {
      listing: string;
      projectId: string;
      scanId: string | null;
      at: Date;
      calls: number;
      costUsd: number;
      apis: FetchRow['apis'];
      items: RedditItem[];
      cursor: string | null;
      /** For comment listings: the time since which no comment can have been missed (null: unknown). */
      completeSince?: Date | null;
    }): Promise<string> {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO upstream_fetches (listing, project_id, scan_id, fetched_at, calls, cost_usd, apis)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [f.listing, f.projectId, f.scanId, f.at, f.calls, f.costUsd, JSON.stringify(f.apis)],
      );
      const fetchId = String(row!.id);
      if (f.items.length) {
        const ids = f.items.map(fullname);
        await db.query(
          `INSERT INTO upstream_items (id, kind, post_id, subreddit, title, body, author, url, parent_id,
                                      created_at, stored_at)
           SELECT *, $11::timestamptz FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                                $6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[])
           ON CONFLICT (id) DO NOTHING`,
          [
            ids,
            f.items.map((i) => i.kind),
            f.items.map((i) => i.postId),
            f.items.map((i) => i.subreddit),
            f.items.map((i) => i.title),
            f.items.map((i) => i.body),
            f.items.map((i) => i.author),
            f.items.map((i) => i.url),
            f.items.map((i) => i.parentId ?? null),
            f.items.map((i) => i.createdAt),
            f.at,
          ],
        );
        await db.query(
          `INSERT INTO upstream_fetch_items (fetch_id, item_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
          [fetchId, [...new Set(ids)]],
        );
        // An item stored before and in this answer again is there now (an answer leaves deleted ones out): it
        // counts as checked, so the deletion re-check does not pay to ask about it (ADR 0103).
        await db.query(
          `UPDATE upstream_items SET checked_at = $2
            WHERE id = ANY($1::text[]) AND deleted_at IS NULL AND coalesce(checked_at, stored_at) < $2`,
          [[...new Set(ids)], f.at],
        );
      }
      await db.query(
        `INSERT INTO upstream_listings (listing, cursor, last_fetch_id, complete_since, updated_at)
         VALUES ($1, $2, $3, $5, $4)
         ON CONFLICT (listing) DO UPDATE SET cursor = coalesce(EXCLUDED.cursor, upstream_listings.cursor),
           last_fetch_id = greatest(upstream_listings.last_fetch_id, EXCLUDED.last_fetch_id),
           complete_since = CASE WHEN $6 THEN EXCLUDED.complete_since ELSE upstream_listings.complete_since END,
           updated_at = EXCLUDED.updated_at`,
        [f.listing, f.cursor, fetchId, f.at, f.completeSince ?? null, f.completeSince !== undefined],
      );
      return fetchId;
    },

    async insertCalls(calls: CallRow[]): Promise<void> {
      if (!calls.length) return;
      await db.query(
        `INSERT INTO upstream_calls (project_id, api, cost_usd, reused, ok, called_at, scan_id, fetch_id)
         SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $4::boolean[], $5::boolean[],
                              $6::timestamptz[], $7::text[], $8::bigint[])`,
        [
          calls.map((c) => c.projectId),
          calls.map((c) => c.api),
          calls.map((c) => c.costUsd),
          calls.map((c) => c.reused),
          calls.map((c) => c.ok),
          calls.map((c) => c.calledAt),
          calls.map((c) => c.scanId),
          calls.map((c) => c.fetchId),
        ],
      );
    },

    /**
     * Each project's newest hidden and not-a-fit leads (at most `perProject`): what its triage taught. A lead
     * hidden because the person replied to it, or because a raised threshold hid it, was no rejection (ADR 0098).
     */
    async rejectedLeads(
      projectIds: string[],
      perProject: number,
    ): Promise<{ project_id: string; title: string; body: string | null }[]> {
      if (!projectIds.length) return [];
      return db.query(
        `SELECT project_id, title, body FROM (
           SELECT project_id, title, body,
                  row_number() OVER (PARTITION BY project_id ORDER BY scored_at DESC, id) AS n
             FROM leads
            WHERE project_id = ANY($1::text[]) AND deleted_at IS NULL
              AND (status = 'not_fit' OR (status = 'hidden' AND replied_at IS NULL AND below_threshold IS NULL))
         ) r WHERE n <= $2`,
        [projectIds, perProject],
      );
    },
    /** Keys (`project/post/comment`) of the given items that are already leads of the given projects. */
    async existingLeads(projectIds: string[], postIds: string[]): Promise<Set<string>> {
      if (!projectIds.length || !postIds.length) return new Set();
      const rows = await db.query<{ project_id: string; post_id: string; comment_id: string | null }>(
        `SELECT project_id, post_id, comment_id FROM leads
          WHERE project_id = ANY($1::text[]) AND post_id = ANY($2::text[])`,
        [projectIds, [...new Set(postIds)]],
      );
      return new Set(rows.map((r) => `${r.project_id}/${r.post_id}/${r.comment_id ?? ''}`));
    },
    /** Inserts the leads not already there (one per project, post and comment); returns the new ones' ids. */
    async insertLeads(leads: NewLead[]): Promise<Map<NewLead, string>> {
      const created = new Map<NewLead, string>();
      const key = (projectId: string, postId: string, commentId: string | null) =>
        `${projectId}/${postId}/${commentId ?? ''}`;
      const byKey = new Map<string, NewLead>();
      for (const l of leads) {
        byKey.set(key(l.projectId, l.item.postId, l.item.kind === 'comment' ? l.item.id : null), l);
      }
      const batch = [...byKey.values()];
      for (let i = 0; i < batch.length; i += 500) {
        const part = batch.slice(i, i + 500);
        const col = <T>(f: (l: NewLead) => T) => part.map(f);
        const rows = await db.query<{
          id: string;
          project_id: string;
          post_id: string;
          comment_id: string | null;
        }>(
          `INSERT INTO leads (project_id, post_id, comment_id, title, subreddit, author, url, body, score, stage,
                              reason, matched_phrase, seller_side, status, posted_at, scored_at, cost_usd, reply)
           SELECT p, po, c, t, s, a, u, b, sc, st, r, m, ss, 'new', pa, sa, co, re
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                         $8::text[], $9::int[], $10::text[], $11::text[], $12::text[], $13::boolean[],
                         $14::timestamptz[], $15::timestamptz[], $16::float8[], $17::text[])
                  AS x(p, po, c, t, s, a, u, b, sc, st, r, m, ss, pa, sa, co, re)
           ON CONFLICT DO NOTHING RETURNING id, project_id, post_id, comment_id`,
          [
            col((l) => l.projectId),
            col((l) => l.item.postId),
            col((l) => (l.item.kind === 'comment' ? l.item.id : null)),
            col((l) => l.item.title),
            col((l) => l.item.subreddit),
            col((l) => l.item.author),
            col((l) => l.item.url),
            col((l) => l.item.body),
            col((l) => l.score),
            col((l) => l.stage),
            col((l) => l.reason),
            col((l) => l.matchedPhrase),
            col((l) => l.sellerSide),
            col((l) => l.item.createdAt),
            col((l) => l.scoredAt),
            col((l) => l.costUsd),
            col((l) => l.reply),
          ],
        );
        for (const r of rows) created.set(byKey.get(key(r.project_id, r.post_id, r.comment_id))!, r.id);
      }
      return created;
    },

    async completeSince(listing: string): Promise<Date | null> {
      const rows = await db.query<{ complete_since: Date | null }>(
        'SELECT complete_since FROM upstream_listings WHERE listing = $1',
        [listing],
      );
      return rows[0]?.complete_since ?? null;
    },

    async queueThreads(rows: { projectId: string; postId: string }[], at: Date): Promise<void> {
      if (!rows.length) return;
      await db.query(
        `INSERT INTO project_threads (project_id, post_id, matched_at)
         SELECT unnest($1::text[]), unnest($2::text[]), $3 ON CONFLICT DO NOTHING`,
        [rows.map((r) => r.projectId), rows.map((r) => r.postId), at],
      );
    },

    async pendingThreads(projectId: string, limit: number | null): Promise<string[]> {
      const rows = await db.query<{ post_id: string }>(
        `SELECT post_id FROM project_threads WHERE project_id = $1 AND done_at IS NULL
          ORDER BY matched_at DESC, post_id LIMIT $2`,
        [projectId, limit ?? 10_000],
      );
      return rows.map((r) => r.post_id);
    },

    async threadDone(projectId: string, postId: string, at: Date): Promise<void> {
      await db.query('UPDATE project_threads SET done_at = $3 WHERE project_id = $1 AND post_id = $2', [
        projectId,
        postId,
        at,
      ]);
    },
  };
}
export type ScansRepo = ReturnType<typeof createScansRepo>;
