import type { Queryable } from '../db/client.ts';
import { isProjectId } from '../projects/projects.repo.ts';
import type { DashboardLead, LeadStatus, Stage } from './leads.schemas.ts';

/** Which leads of one project: the REST filters, and the dashboard's (null or empty when unused). */
export interface LeadConditions {
  projectId: string;
  status: LeadStatus | null;
  /** The post-date window; null when the caller chose another window (since). */
  postedAfter: Date | null;
  minScore: number | null;
  scoredSince: Date | null;
  stage?: Stage | null;
  sellerSide?: boolean | null;
  subreddit?: string | null;
  /** Each must occur in the title or the body, case-insensitively (already LIKE-escaped by likePattern). */
  terms?: string[];
}

export interface LeadFilter extends LeadConditions {
  userId: string;
  limit: number;
  offset: number;
  withBody: boolean;
  /** The drafted reply too (the dashboard's lead list; not part of the REST Lead). */
  withReply?: boolean;
}

/** A LIKE pattern matching the text anywhere, with LIKE's own wildcards in it taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The WHERE conditions on leads for c, its values appended to params. Only the filters in use become
 * conditions, so each shape of the query is prepared once with a plan that can use leads_queue_idx (a
 * "$n IS NULL OR ..." condition would defeat a generic plan). $1 must already hold the project id.
 */
function whereOf(c: LeadConditions, params: unknown[]): string {
  const conditions = ['project_id = $1'];
  const filter = (condition: string, value: unknown) => {
    params.push(value);
    conditions.push(condition.replaceAll('?', `$${params.length}`));
  };
  if (c.postedAfter !== null) filter('posted_at >= ?', c.postedAfter);
  if (c.status !== null) filter('status = ?', c.status);
  if (c.minScore !== null) filter('score >= ?', c.minScore);
  if (c.scoredSince !== null) filter('scored_at >= ?', c.scoredSince);
  if (c.stage) filter('stage = ?', c.stage);
  if (c.sellerSide !== undefined && c.sellerSide !== null) filter('seller_side = ?', c.sellerSide);
  if (c.subreddit) filter('lower(subreddit) = lower(?)', c.subreddit);
  for (const term of c.terms ?? []) filter("(title ILIKE ? OR coalesce(body, '') ILIKE ?)", term);
  return conditions.join(' AND ');
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
      const params: unknown[] = [f.projectId, f.userId];
      const where = whereOf(f, params);
      // Any offset past every lead gives an empty page; beyond 2^53 it would not even reach SQL intact.
      params.push(f.limit + 1, Math.min(f.offset, Number.MAX_SAFE_INTEGER));
      const [limit, offset] = [`$${params.length - 1}`, `$${params.length}`];
      const rows = await db.query<LeadRow | { id: null }>(
        `SELECT l.* FROM projects p
           LEFT JOIN LATERAL (
             SELECT id, post_id, comment_id, title, subreddit, author, url, score, stage, reason, matched_phrase,
                    seller_side, status, ${isoUtc('posted_at')} AS posted_at, ${isoUtc('scored_at')} AS scored_at,
                    cost_usd${f.withBody ? ', body' : ''}${f.withReply ? ', reply' : ''}
               FROM leads
              WHERE ${where}
              ORDER BY score DESC, id
              LIMIT ${limit} OFFSET ${offset}) l ON true
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

    /** Leads per status under c (c.status is ignored); undefined when the project is not on this account. */
    async countByStatus(userId: string, c: LeadConditions): Promise<Map<LeadStatus, number> | undefined> {
      if (!isProjectId(c.projectId)) return undefined;
      const params: unknown[] = [c.projectId, userId];
      const rows = await db.query<{ status: LeadStatus | null; n: number | null }>(
        `SELECT s.status, s.n FROM projects p
           LEFT JOIN LATERAL (
             SELECT status, count(*)::int AS n FROM leads WHERE ${whereOf({ ...c, status: null }, params)}
              GROUP BY status) s ON true
          WHERE p.id = $1 AND p.user_id = $2`,
        params,
      );
      if (rows.length === 0) return undefined;
      return new Map(rows.filter((r) => r.status !== null).map((r) => [r.status!, r.n ?? 0]));
    },

    /**
     * The subreddits the project's leads in the window came from, most first: counted whatever the case (Reddit
     * ignores it), named as the newest lead spells it, which is how its row shows it.
     */
    async subredditCounts(projectId: string, postedAfter: Date): Promise<{ name: string; count: number }[]> {
      return db.query<{ name: string; count: number }>(
        `SELECT (array_agg(subreddit ORDER BY posted_at DESC, id))[1] AS name, count(*)::int AS count FROM leads
          WHERE project_id = $1 AND posted_at >= $2
          GROUP BY lower(subreddit) ORDER BY count(*) DESC, lower(subreddit)`,
        [projectId, postedAfter],
      );
    },

    /**
     * The statuses of those of ids that are leads of the project on this account, locked until the transaction
     * ends; undefined when the project is not on this account.
     */
    async lockStatuses(
      userId: string,
      projectId: string,
      ids: string[],
    ): Promise<Map<string, LeadStatus> | undefined> {
      if (!isProjectId(projectId)) return undefined;
      const owned = await db.query('SELECT 1 FROM projects WHERE id = $1 AND user_id = $2', [
        projectId,
        userId,
      ]);
      if (owned.length === 0) return undefined;
      const rows = await db.query<{ id: string; status: LeadStatus }>(
        'SELECT id, status FROM leads WHERE project_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR UPDATE',
        [projectId, ids],
      );
      return new Map(rows.map((r) => [r.id, r.status]));
    },

    /** Sets each lead's status in one statement; leads already at their status are not written. */
    async updateStatuses(projectId: string, changes: { id: string; status: LeadStatus }[]): Promise<void> {
      await db.query(
        `UPDATE leads SET status = c.status
           FROM unnest($2::text[], $3::text[]) AS c(id, status)
          WHERE leads.project_id = $1 AND leads.id = c.id AND leads.status <> c.status`,
        [projectId, changes.map((c) => c.id), changes.map((c) => c.status)],
      );
    },
  };
}
