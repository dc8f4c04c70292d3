import type { Queryable } from '../db/client.ts';

/** The fullname (t3_…, t1_…) of the item a lead (alias l) or a place (alias pl) is on, in SQL. */
const itemOf = (alias: string) =>
  `CASE WHEN ${alias}.comment_id IS NULL THEN 't3_' || ${alias}.post_id ELSE 't1_' || ${alias}.comment_id END`;
const LEAD_ITEM = itemOf('l');
/** Whether a lead (alias l) or a place (alias pl) is on one of the gone posts ($1) or comments ($2). */
const onGone = (alias: string) => `((${alias}.comment_id IS NULL AND ${alias}.post_id = ANY($1::text[]))
  OR (${alias}.comment_id IS NOT NULL AND ${alias}.comment_id = ANY($2::text[])))`;

/** A lead whose post or comment was found deleted or removed. */
export interface ForgottenLead {
  id: string;
  projectId: string;
}

/**
 * Leads whose home is gone while their story lives on in another place (a live copy, still stored) move home to
 * the first such place, a post before a comment, then the oldest: its link, subreddit, author, date and text. The
 * old home stays as a place, gone, so that a later answer carrying it again makes nothing of it.
 */
async function moveHomes(db: Queryable, posts: string[], comments: string[], at: Date): Promise<void> {
  const heirs = await db.query<{
    lead_id: string;
    post_id: string;
    comment_id: string | null;
    subreddit: string;
    author: string | null;
    url: string;
    posted_at: Date;
    title: string;
    body: string;
  }>(
    `SELECT DISTINCT ON (pl.lead_id) pl.lead_id, pl.post_id, pl.comment_id, pl.subreddit, pl.author, pl.url,
            pl.posted_at, i.title, i.body
       FROM leads l
       JOIN lead_places pl ON pl.lead_id = l.id AND pl.deleted_at IS NULL
       JOIN upstream_items i ON i.id = ${itemOf('pl')} AND i.deleted_at IS NULL
      WHERE l.deleted_at IS NULL AND ${onGone('l')}
      ORDER BY pl.lead_id, pl.comment_id IS NOT NULL, pl.posted_at, pl.post_id`,
    [posts, comments],
  );
  if (!heirs.length) return;
  const col = <T>(f: (h: (typeof heirs)[number]) => T) => heirs.map(f);
  await db.query(
    `INSERT INTO lead_places (lead_id, project_id, post_id, comment_id, subreddit, author, url, posted_at, score,
                              found_at, deleted_at)
     SELECT id, project_id, post_id, comment_id, subreddit, NULL, url, posted_at, score, scored_at, $2
       FROM leads WHERE id = ANY($1::text[])
     ON CONFLICT DO NOTHING`,
    [col((h) => h.lead_id), at],
  );
  await db.query(
    `DELETE FROM lead_places pl USING unnest($1::text[], $2::text[], $3::text[]) AS h(lead_id, post_id, comment_id)
      WHERE pl.lead_id = h.lead_id AND pl.post_id = h.post_id AND pl.comment_id IS NOT DISTINCT FROM h.comment_id`,
    [col((h) => h.lead_id), col((h) => h.post_id), col((h) => h.comment_id)],
  );
  await db.query(
    `UPDATE leads l SET post_id = h.post_id, comment_id = h.comment_id, subreddit = h.subreddit, author = h.author,
            url = h.url, posted_at = h.posted_at, title = h.title, body = h.body
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[],
                   $8::text[], $9::text[])
            AS h(lead_id, post_id, comment_id, subreddit, author, url, posted_at, title, body)
      WHERE l.id = h.lead_id`,
    [
      col((h) => h.lead_id),
      col((h) => h.post_id),
      col((h) => h.comment_id),
      col((h) => h.subreddit),
      col((h) => h.author),
      col((h) => h.url),
      col((h) => h.posted_at),
      col((h) => h.title),
      col((h) => h.body),
    ],
  );
}

export function createDeletionsRepo(db: Queryable) {
  return {
    /**
     * Forgets deleted or removed items: the stored item and every lead on it, in every project, keep their ids,
     * links, scores, statuses and dates and lose the author's text, the author, the reason and the drafted reply
     * (which quote it); the model's cached answers about them go. A lead whose story lives on in another place
     * moves home there instead (ADR 0120), and a place on a gone item is shown no more. Returns the leads marked now.
     */
    async forget(fullnames: string[], at: Date): Promise<ForgottenLead[]> {
      const names = [...new Set(fullnames)].filter((n) => /^t[13]_[a-z0-9]+$/.test(n));
      if (!names.length) return [];
      await db.query(
        `UPDATE upstream_items SET deleted_at = $2, checked_at = $2, title = '', body = '', author = NULL
          WHERE id = ANY($1::text[]) AND deleted_at IS NULL`,
        [names, at],
      );
      const posts = names.filter((n) => n.startsWith('t3_')).map((n) => n.slice(3));
      const comments = names.filter((n) => n.startsWith('t1_')).map((n) => n.slice(3));
      await db.query(
        `UPDATE lead_places pl SET deleted_at = $3, author = NULL WHERE pl.deleted_at IS NULL AND ${onGone('pl')}`,
        [posts, comments, at],
      );
      await moveHomes(db, posts, comments, at);
      const rows = await db.query<{ id: string; project_id: string }>(
        `UPDATE leads l SET deleted_at = $3, title = '', body = NULL, author = NULL, reason = NULL, reply = NULL,
                reply_original = NULL
          WHERE l.deleted_at IS NULL AND ${onGone('l')}
          RETURNING id, project_id`,
        [posts, comments, at],
      );
      await db.query('DELETE FROM llm_answers WHERE item_key = ANY($1::text[])', [names]);
      const ids = rows.map((r) => r.id);
      if (ids.length) {
        await db.query(
          `UPDATE pain_themes SET lead_ids = array(SELECT x FROM unnest(lead_ids) x WHERE x <> ALL($1::text[]))
            WHERE lead_ids && $1::text[]`,
          [ids],
        );
      }
      return rows.map((r) => ({ id: r.id, projectId: r.project_id }));
    },

    /**
     * Items behind leads still shown whose post is at most `postedAfter` old and whose last check (or purchase) is
     * older than a quarter of their age, between an hour and a day; newest first, at most `limit`. Each comes with
     * every project holding a lead on it.
     */
    async due(
      postedAfter: Date,
      now: Date,
      limit: number,
    ): Promise<{ fullname: string; projectId: string }[]> {
      const rows = await db.query<{ fullname: string; project_id: string }>(
        `WITH holders AS (
           SELECT ${LEAD_ITEM} AS id, l.project_id FROM leads l
            WHERE l.deleted_at IS NULL AND l.posted_at >= $1 AND l.post_id IS NOT NULL
           UNION
           SELECT ${itemOf('pl')}, pl.project_id FROM lead_places pl JOIN leads l ON l.id = pl.lead_id
            WHERE pl.deleted_at IS NULL AND l.deleted_at IS NULL AND pl.posted_at >= $1),
         recent AS (SELECT DISTINCT id FROM holders),
         due AS (
           SELECT i.id FROM recent r JOIN upstream_items i ON i.id = r.id
            WHERE i.deleted_at IS NULL
              AND coalesce(i.checked_at, i.stored_at) <= $2::timestamptz
                  - greatest(interval '1 hour', least(interval '1 day', ($2::timestamptz - i.created_at) / 4))
            ORDER BY i.created_at DESC, i.id LIMIT $3)
         SELECT DISTINCT d.id AS fullname, h.project_id FROM due d JOIN holders h ON h.id = d.id
          ORDER BY 1, 2`,
        [postedAfter, now, limit],
      );
      return rows.map((r) => ({ fullname: r.fullname, projectId: r.project_id }));
    },

    /** Notes that the provider was asked about the items now (answered or not), so they wait for their next turn. */
    async checked(fullnames: string[], at: Date): Promise<void> {
      if (!fullnames.length) return;
      await db.query('UPDATE upstream_items SET checked_at = $2 WHERE id = ANY($1::text[])', [fullnames, at]);
    },

    /** Which of the leads are on deleted or removed items (for deliveries about to be sent). */
    async deletedLeads(leadIds: string[]): Promise<Set<string>> {
      if (!leadIds.length) return new Set();
      const rows = await db.query<{ id: string }>(
        'SELECT id FROM leads WHERE id = ANY($1::text[]) AND deleted_at IS NOT NULL',
        [leadIds],
      );
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type DeletionsRepo = ReturnType<typeof createDeletionsRepo>;
