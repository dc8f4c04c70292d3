import type { Queryable } from '../db/client.ts';

/** The fullname (t3_…, t1_…) of the item a lead is on, in SQL over the leads table. */
const LEAD_ITEM = `CASE WHEN l.comment_id IS NULL THEN 't3_' || l.post_id ELSE 't1_' || l.comment_id END`;

/** A lead whose post or comment was found deleted or removed. */
export interface ForgottenLead {
  id: string;
  projectId: string;
}

export function createDeletionsRepo(db: Queryable) {
  return {
    /**
     * Forgets deleted or removed items: the stored item and every lead on it, in every project, keep their ids,
     * links, scores, statuses and dates and lose the author's text, the author, the reason and the drafted reply
     * (which quote it); the model's cached answers about them go. Returns the leads marked now.
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
      const rows = await db.query<{ id: string; project_id: string }>(
        `UPDATE leads SET deleted_at = $3, title = '', body = NULL, author = NULL, reason = NULL, reply = NULL,
                reply_original = NULL
          WHERE deleted_at IS NULL
            AND ((comment_id IS NULL AND post_id = ANY($1::text[]))
              OR (comment_id IS NOT NULL AND comment_id = ANY($2::text[])))
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
        `WITH recent AS (
           SELECT DISTINCT ${LEAD_ITEM} AS id FROM leads l
            WHERE l.deleted_at IS NULL AND l.posted_at >= $1 AND l.post_id IS NOT NULL),
         due AS (
           SELECT i.id FROM recent r JOIN upstream_items i ON i.id = r.id
            WHERE i.deleted_at IS NULL
              AND coalesce(i.checked_at, i.stored_at) <= $2::timestamptz
                  - greatest(interval '1 hour', least(interval '1 day', ($2::timestamptz - i.created_at) / 4))
            ORDER BY i.created_at DESC, i.id LIMIT $3)
         SELECT DISTINCT d.id AS fullname, l.project_id
           FROM due d JOIN leads l ON ${LEAD_ITEM} = d.id AND l.deleted_at IS NULL AND l.posted_at >= $1
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
