import type { Queryable } from '../db/client.ts';
import type { RedditItem } from '../upstream/source.ts';

/** First key of the per-project story lock (two-key advisory locks, as the scan's 7301-7303 of ADR 0086). */
const STORY_LOCK = 7304;

/** A live lead a story key found, with what telling its story apart needs of its home. */
export interface KeyedLead {
  /** Which question (the caller's index) the key answered. */
  ask: number;
  /** The key matched on is exact (identity or same body): no need to compare the text. */
  exact: boolean;
  leadId: string;
  kind: 'post' | 'comment';
  /** The home's post id, or its comment id. */
  itemId: string;
  title: string;
  body: string;
  postedAt: Date;
  score: number;
}

/** A copy of a lead's story, recorded as one of its places. */
export interface NewPlace {
  leadId: string;
  projectId: string;
  item: RedditItem;
  score: number;
}

/** A copy scoring higher than its lead: the lead takes its score, stage, reason and seller flag. */
export interface Lift {
  leadId: string;
  score: number;
  stage: string | null;
  reason: string | null;
  sellerSide: boolean;
}

const itemKey = (projectId: string, postId: string, commentId: string | null) =>
  `${projectId}/${postId}/${commentId ?? ''}`;

/** The leads' places and story keys (docs/decisions/0120-one-lead-per-story.md). */
export function createStoriesRepo(db: Queryable) {
  return {
    /**
     * Holds each project's story writes until the transaction ends (PostgreSQL), so that two units committing at
     * once never both make a lead of one story. Taken in id order: two units never wait on each other.
     */
    async lockProjects(projectIds: string[]): Promise<void> {
      const ids = [...new Set(projectIds)].sort();
      if (!ids.length) return;
      await db.query('SELECT pg_advisory_xact_lock($1, hashtext(id)) FROM unnest($2::text[]) AS id', [
        STORY_LOCK,
        ids,
      ]);
    },

    /**
     * Keys (`project/post/comment`, as itemKey) of the items already a lead or a place of the projects; the
     * conditions are those of leads_item_uidx and lead_places_item_uidx.
     */
    async knownItems(projectIds: string[], postIds: string[]): Promise<Set<string>> {
      if (!projectIds.length || !postIds.length) return new Set();
      const rows = await db.query<{ project_id: string; post_id: string; comment_id: string | null }>(
        `SELECT project_id, post_id, comment_id FROM leads
          WHERE project_id = ANY($1::text[]) AND coalesce(post_id, '') = ANY($2::text[])
         UNION ALL
         SELECT project_id, post_id, comment_id FROM lead_places
          WHERE project_id = ANY($1::text[]) AND post_id = ANY($2::text[])`,
        [[...new Set(projectIds)], [...new Set(postIds)]],
      );
      return new Set(rows.map((r) => itemKey(r.project_id, r.post_id, r.comment_id)));
    },

    /** The live leads that hold any of the asked keys in the asked project, once per question and lead. */
    async leadsByKeys(asks: { ask: number; projectId: string; key: string }[]): Promise<KeyedLead[]> {
      if (!asks.length) return [];
      const rows = await db.query<{
        ask: number;
        exact: boolean;
        id: string;
        post_id: string;
        comment_id: string | null;
        title: string;
        body: string;
        posted_at: Date;
        score: number;
      }>(
        // One primary-key probe per asked key (OFFSET 0 keeps the planner from hashing the whole table instead).
        `SELECT DISTINCT ON (q.ask, l.id) q.ask, (k.key & 1) = 1 AS exact, l.id, l.post_id, l.comment_id,
                l.title, coalesce(l.body, '') AS body, l.posted_at, l.score
           FROM unnest($1::int[], $2::text[], $3::bigint[]) AS q(ask, project_id, key)
           CROSS JOIN LATERAL (SELECT sk.key, sk.lead_id FROM story_keys sk
                                WHERE sk.project_id = q.project_id AND sk.key = q.key OFFSET 0) k
           JOIN leads l ON l.id = k.lead_id AND l.deleted_at IS NULL
          ORDER BY q.ask, l.id, (k.key & 1) DESC`,
        [asks.map((a) => a.ask), asks.map((a) => a.projectId), asks.map((a) => a.key)],
      );
      return rows.map((r) => ({
        ask: r.ask,
        exact: r.exact,
        leadId: r.id,
        kind: r.comment_id ? 'comment' : 'post',
        itemId: r.comment_id ?? r.post_id,
        title: r.title,
        body: r.body,
        postedAt: r.posted_at,
        score: r.score,
      }));
    },

    /** Writes the keys (a key already held by the same lead is written once per call, a repeat is harmless). */
    async insertKeys(rows: { projectId: string; key: string; leadId: string }[]): Promise<void> {
      const once = [...new Map(rows.map((r) => [`${r.projectId} ${r.key} ${r.leadId}`, r])).values()];
      if (!once.length) return;
      await db.query(
        `INSERT INTO story_keys (project_id, key, lead_id) SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])`,
        [once.map((r) => r.projectId), once.map((r) => r.key), once.map((r) => r.leadId)],
      );
    },

    /** Which of the keys the project holds already. */
    async heldKeys(projectId: string, keys: string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const rows = await db.query<{ key: string }>(
        'SELECT DISTINCT key::text AS key FROM story_keys WHERE project_id = $1 AND key = ANY($2::bigint[])',
        [projectId, keys],
      );
      return new Set(rows.map((r) => r.key));
    },

    /** Records the places not recorded yet; returns those recorded now. */
    async insertPlaces(places: NewPlace[], at: Date): Promise<NewPlace[]> {
      if (!places.length) return [];
      const col = <T>(f: (p: NewPlace) => T) => places.map(f);
      const rows = await db.query<{ project_id: string; post_id: string; comment_id: string | null }>(
        `INSERT INTO lead_places (lead_id, project_id, post_id, comment_id, subreddit, author, url, posted_at, score,
                                  found_at)
         SELECT *, $10::timestamptz FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                                               $6::text[], $7::text[], $8::timestamptz[], $9::int[])
         ON CONFLICT DO NOTHING RETURNING project_id, post_id, comment_id`,
        [
          col((p) => p.leadId),
          col((p) => p.projectId),
          col((p) => p.item.postId),
          col((p) => (p.item.kind === 'comment' ? p.item.id : null)),
          col((p) => p.item.subreddit),
          col((p) => p.item.author),
          col((p) => p.item.url),
          col((p) => p.item.createdAt),
          col((p) => p.score),
          at,
        ],
      );
      const added = new Set(rows.map((r) => itemKey(r.project_id, r.post_id, r.comment_id)));
      return places.filter((p) =>
        added.has(itemKey(p.projectId, p.item.postId, p.item.kind === 'comment' ? p.item.id : null)),
      );
    },

    /** Gives each lead a higher-scoring copy's score, stage, reason and seller flag, scored now. */
    async lift(lifts: Lift[], at: Date): Promise<void> {
      if (!lifts.length) return;
      await db.query(
        `UPDATE leads l SET score = x.score, stage = x.stage, reason = x.reason, seller_side = x.seller_side,
                scored_at = $6
           FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::boolean[])
                AS x(id, score, stage, reason, seller_side)
          WHERE l.id = x.id AND l.score < x.score AND l.deleted_at IS NULL`,
        [
          lifts.map((x) => x.leadId),
          lifts.map((x) => x.score),
          lifts.map((x) => x.stage),
          lifts.map((x) => x.reason),
          lifts.map((x) => x.sellerSide),
          at,
        ],
      );
    },

    /** A project's live post leads posted since `since`, newest first, at most `limit`. */
    async recentPostLeads(
      projectId: string,
      since: Date,
      limit: number,
    ): Promise<{ id: string; post_id: string }[]> {
      return db.query(
        `SELECT id, post_id FROM leads
          WHERE project_id = $1 AND posted_at >= $2 AND deleted_at IS NULL AND comment_id IS NULL
            AND post_id IS NOT NULL
          ORDER BY posted_at DESC LIMIT $3`,
        [projectId, since, limit],
      );
    },

    async leadTexts(ids: string[]): Promise<{ id: string; post_id: string; title: string; body: string }[]> {
      if (!ids.length) return [];
      return db.query(
        `SELECT id, post_id, title, coalesce(body, '') AS body FROM leads WHERE id = ANY($1::text[])`,
        [ids],
      );
    },
  };
}
export type StoriesRepo = ReturnType<typeof createStoriesRepo>;
