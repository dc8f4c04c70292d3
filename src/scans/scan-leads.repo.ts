import type { Queryable } from '../db/client.ts';
import type { RedditItem } from '../upstream/source.ts';

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

/** The leads and comment threads a scan reads and writes. */
export function createScanLeadsRepo(db: Queryable) {
  return {
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
export type ScanLeadsRepo = ReturnType<typeof createScanLeadsRepo>;
