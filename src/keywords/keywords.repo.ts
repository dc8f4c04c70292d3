import type { Queryable } from '../db/client.ts';
import { isRowId } from '../db/ids.ts';

export interface MatchRow {
  keyword: string;
  matched: number;
}

export interface LeadRow {
  phrase: string;
  leads: number;
  score_sum: number;
  not_fit: number;
  hidden: number;
  replied: number;
}

export function createKeywordsRepo(db: Queryable) {
  return {
    /** The project's keywords, when the project is on this account. */
    async keywordsOf(userId: string, projectId: string): Promise<string[] | undefined> {
      if (!isRowId(projectId)) return undefined;
      const rows = await db.query<{ keywords: string[] }>(
        'SELECT keywords FROM projects WHERE id = $1 AND user_id = $2',
        [projectId, userId],
      );
      return rows[0]?.keywords;
    },

    /** How many scans of the project were created since then, and the items they read. */
    async scansSince(projectId: string, since: Date): Promise<{ scans: number; itemsSeen: number }> {
      const rows = await db.query<{ scans: number; items_seen: number }>(
        `SELECT count(*)::integer AS scans, coalesce(sum(items_seen), 0)::integer AS items_seen
           FROM scans WHERE project_id = $1 AND created_at >= $2`,
        [projectId, since],
      );
      return { scans: rows[0]?.scans ?? 0, itemsSeen: rows[0]?.items_seen ?? 0 };
    },

    /** Items matched per keyword spelling, summed over the project's scans created since then. */
    async matchesSince(projectId: string, since: Date): Promise<MatchRow[]> {
      return db.query<MatchRow>(
        `SELECT m.key AS keyword, sum(m.value::integer)::integer AS matched
           FROM scans s, jsonb_each_text(s.keyword_matches) m
          WHERE s.project_id = $1 AND s.created_at >= $2
          GROUP BY m.key`,
        [projectId, since],
      );
    },

    /**
     * The project's leads scored since then, by the keyword that found each; hidden is what the person hid
     * (a replied lead, or one a raised threshold hid, is not: ADR 0098).
     */
    async leadsSince(projectId: string, since: Date): Promise<LeadRow[]> {
      return db.query<LeadRow>(
        `SELECT matched_phrase AS phrase, count(*)::integer AS leads, sum(score)::integer AS score_sum,
                count(*) FILTER (WHERE status = 'not_fit')::integer AS not_fit,
                count(*) FILTER (WHERE status = 'hidden' AND replied_at IS NULL
                                   AND below_threshold IS NULL)::integer AS hidden,
                count(*) FILTER (WHERE replied_at IS NOT NULL)::integer AS replied
           FROM leads
          WHERE project_id = $1 AND scored_at >= $2 AND matched_phrase IS NOT NULL
          GROUP BY matched_phrase`,
        [projectId, since],
      );
    },
  };
}
