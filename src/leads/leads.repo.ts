import type { Queryable } from '../db/client.ts';
import { isProjectId } from '../projects/projects.repo.ts';
import type { DashboardLead, LeadStatus } from './leads.schemas.ts';

export interface LeadFilter {
  userId: string;
  projectId: string;
  status: LeadStatus | null;
  /** The post-date window; null when the caller chose another window (since). */
  postedAfter: Date | null;
  minScore: number | null;
  scoredSince: Date | null;
  limit: number;
  offset: number;
  withBody: boolean;
  /** The drafted reply too (the dashboard's lead list; not part of the REST Lead). */
  withReply?: boolean;
}

interface LeadRow {
  id: string;
  post_id: string | null;
  comment_id: string | null;
  title: string;
  subreddit: string;
  author: string | null;
  url: string;
  score: number;
  stage: DashboardLead['stage'];
  reason: string | null;
  matched_phrase: string | null;
  seller_side: boolean;
  status: LeadStatus;
  posted_at: string;
  scored_at: string;
  cost_usd: number | null;
  body?: string | null;
  reply?: string | null;
}

/** Formats a timestamptz as ISO 8601 UTC in SQL: the hot path then parses and formats no Date per row. */
const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function toLead(r: LeadRow, withBody: boolean, withReply: boolean): DashboardLead {
  const lead: DashboardLead = {
    id: r.id,
    postId: r.post_id,
    commentId: r.comment_id,
    title: r.title,
    subreddit: r.subreddit,
    author: r.author,
    url: r.url,
    score: r.score,
    stage: r.stage,
    reason: r.reason,
    matchedPhrase: r.matched_phrase,
    sellerSide: r.seller_side,
    status: r.status,
    postedAt: r.posted_at,
    scoredAt: r.scored_at,
    costUsd: r.cost_usd,
  };
  if (withBody) lead.body = r.body ?? null;
  if (withReply) lead.reply = r.reply ?? null;
  return lead;
}

export function createLeadsRepo(db: Queryable) {
  return {
    /**
     * One page, highest score first; the id breaks ties so that limit/offset paging is stable. The ownership
     * check rides in the same statement: undefined means no such project on this account.
     */
    async list(f: LeadFilter): Promise<{ leads: DashboardLead[]; hasMore: boolean } | undefined> {
      if (!isProjectId(f.projectId)) return undefined;
      // Only the filters in use become conditions, so each shape of the query is prepared once with a plan
      // that can use leads_queue_idx (a "$n IS NULL OR ..." condition would defeat a generic plan).
      const params: unknown[] = [f.projectId, f.userId, f.limit + 1, f.offset];
      const conditions = ['project_id = p.id'];
      const filter = (condition: string, value: unknown) => {
        params.push(value);
        conditions.push(condition.replace('?', `$${params.length}`));
      };
      if (f.postedAfter !== null) filter('posted_at >= ?', f.postedAfter);
      if (f.status !== null) filter('status = ?', f.status);
      if (f.minScore !== null) filter('score >= ?', f.minScore);
      if (f.scoredSince !== null) filter('scored_at >= ?', f.scoredSince);
      const rows = await db.query<LeadRow | { id: null }>(
        `SELECT l.* FROM projects p
           LEFT JOIN LATERAL (
             SELECT id, post_id, comment_id, title, subreddit, author, url, score, stage, reason, matched_phrase,
                    seller_side, status, ${isoUtc('posted_at')} AS posted_at, ${isoUtc('scored_at')} AS scored_at,
                    cost_usd${f.withBody ? ', body' : ''}${f.withReply ? ', reply' : ''}
               FROM leads
              WHERE ${conditions.join(' AND ')}
              ORDER BY score DESC, id
              LIMIT $3 OFFSET $4) l ON true
          WHERE p.id = $1 AND p.user_id = $2`,
        params,
        { prepare: true },
      );
      if (rows.length === 0) return undefined;
      const leads = rows.filter((r): r is LeadRow => r.id !== null);
      return {
        leads: leads.slice(0, f.limit).map((r) => toLead(r, f.withBody, f.withReply ?? false)),
        hasMore: leads.length > f.limit,
      };
    },
  };
}
