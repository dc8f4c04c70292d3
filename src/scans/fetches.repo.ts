import type { Queryable } from '../db/client.ts';
import type { RedditItem } from '../upstream/source.ts';

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

/** A stored post or comment as upstream_items holds it (id is the fullname, t3_… or t1_…). */
export interface ItemRow {
  id: string;
  kind: 'post' | 'comment';
  post_id: string;
  subreddit: string;
  title: string;
  body: string;
  author: string | null;
  url: string;
  parent_id?: string | null;
  crosspost_of?: string | null;
  created_at: Date;
}

/** A stored row as the item the upstream clients return (parentId and crosspostOf only where set). */
export function itemFromRow(r: ItemRow): RedditItem {
  return {
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
    ...(r.crosspost_of ? { crosspostOf: r.crosspost_of } : {}),
  };
}

export const fullname = (item: Pick<RedditItem, 'kind' | 'id'>) =>
  `${item.kind === 'post' ? 't3' : 't1'}_${item.id}`;

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

/** Where a listing stands: the cursor to go on from and its last fetch (null: never fetched). */
export interface ListingState {
  cursor: string | null;
  last: FetchRow | null;
}

/** What the scanner bought upstream: listings, their fetches and items, each project's watermark, the calls. */
export function createFetchesRepo(db: Queryable) {
  return {
    async listingState(listing: string): Promise<ListingState> {
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
      const rows = await db.query<ItemRow & { fetch_id: string }>(
        `SELECT DISTINCT ON (i.id) i.id, i.kind, i.post_id, i.subreddit, i.title, i.body, i.author, i.url,
                i.parent_id, i.crosspost_of, i.created_at, fi.fetch_id
           FROM upstream_fetch_items fi JOIN upstream_items i ON i.id = fi.item_id
          WHERE fi.fetch_id = ANY($1::bigint[]) AND i.deleted_at IS NULL ORDER BY i.id, fi.fetch_id`,
        [fetches.map((f) => f.id)],
      );
      const items = rows.map((r) => ({ ...itemFromRow(r), fetchId: String(r.fetch_id) }));
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
      /** Items the answer carried beside the listing's (a thread's post): stored, not part of the fetch. */
      alsoStored?: RedditItem[];
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
      const stored = f.alsoStored?.length ? [...f.items, ...f.alsoStored] : f.items;
      if (stored.length) {
        const ids = stored.map(fullname);
        const own = f.items.map(fullname);
        await db.query(
          `INSERT INTO upstream_items (id, kind, post_id, subreddit, title, body, author, url, parent_id,
                                      created_at, crosspost_of, stored_at)
           SELECT *, $12::timestamptz FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                                $6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[], $11::text[])
           ON CONFLICT (id) DO NOTHING`,
          [
            ids,
            stored.map((i) => i.kind),
            stored.map((i) => i.postId),
            stored.map((i) => i.subreddit),
            stored.map((i) => i.title),
            stored.map((i) => i.body),
            stored.map((i) => i.author),
            stored.map((i) => i.url),
            stored.map((i) => i.parentId ?? null),
            stored.map((i) => i.createdAt),
            stored.map((i) => i.crosspostOf ?? null),
            f.at,
          ],
        );
        await db.query(
          `INSERT INTO upstream_fetch_items (fetch_id, item_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
          [fetchId, [...new Set(own)]],
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

    async completeSince(listing: string): Promise<Date | null> {
      const rows = await db.query<{ complete_since: Date | null }>(
        'SELECT complete_since FROM upstream_listings WHERE listing = $1',
        [listing],
      );
      return rows[0]?.complete_since ?? null;
    },
  };
}
export type FetchesRepo = ReturnType<typeof createFetchesRepo>;
