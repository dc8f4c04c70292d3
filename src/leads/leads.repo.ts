import type { Queryable } from '../db/client.ts';
import type { Stage } from '../domain/scoring/types.ts';
import { isProjectId } from '../projects/projects.repo.ts';
import type { DashboardLead, LeadPlace, LeadReply, LeadStatus, QueueStatus } from './leads.schemas.ts';

/** A lead's status with the dashboard's marks (docs/decisions/0098-replied-marker.md). */
export interface LeadState {
  status: LeadStatus;
  repliedAt: string | null;
  belowThreshold: number | null;
}

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
  /** The dashboard's queues: true, only replied leads; false, none (its Hidden tab); absent, either. */
  replied?: boolean | null;
  /** One lead only (the dashboard's link to a lead from an alert). */
  leadId?: string | null;
}

export interface LeadFilter extends LeadConditions {
  userId: string;
  limit: number;
  offset: number;
  withBody: boolean;
  /** The reply and the dashboard's marks too (the dashboard's lead list; not part of the REST Lead). */
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
  // A lead on a post or comment deleted or removed on Reddit is shown nowhere (docs/decisions/0103-deleted-items.md).
  const conditions = ['project_id = $1', 'deleted_at IS NULL'];
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
  if (c.leadId) filter('id = ?', c.leadId);
  if (c.replied === true) conditions.push('replied_at IS NOT NULL');
  if (c.replied === false) conditions.push('replied_at IS NULL');
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
  other_places: LeadPlace[];
  body?: string | null;
  reply?: string | null;
  reply_edited_at?: string | null;
  replied_at?: string | null;
  below_threshold?: number | null;
}

/** Formats a timestamptz as ISO 8601 UTC in SQL: the hot path then parses and formats no Date per row. */
const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A lead's other places (ADR 0120), oldest first, as JSON; the index on lead_places(lead_id) finds them. */
const OTHER_PLACES = `(SELECT coalesce(json_agg(json_build_object('postId', pl.post_id, 'commentId', pl.comment_id,
    'subreddit', pl.subreddit, 'author', pl.author, 'url', pl.url, 'postedAt', ${isoUtc('pl.posted_at')})
    ORDER BY pl.posted_at, pl.post_id, pl.comment_id), '[]')
  FROM lead_places pl WHERE pl.lead_id = leads.id AND pl.deleted_at IS NULL) AS other_places`;

const DASHBOARD_COLUMNS = `, reply, ${isoUtc('reply_edited_at')} AS reply_edited_at,
  ${isoUtc('replied_at')} AS replied_at, below_threshold`;

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
    otherPlaces: r.other_places,
  };
  if (withBody) lead.body = r.body ?? null;
  if (withReply) {
    lead.reply = r.reply ?? null;
    lead.replyEditedAt = r.reply_edited_at ?? null;
    lead.repliedAt = r.replied_at ?? null;
    lead.belowThreshold = r.below_threshold ?? null;
  }
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
                    cost_usd, ${OTHER_PLACES}${f.withBody ? ', body' : ''}${f.withReply ? DASHBOARD_COLUMNS : ''}
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

    /**
     * Leads per queue under c (c.status and c.replied are ignored): hidden counts the hidden leads not replied to;
     * undefined when the project is not on this account.
     */
    /** The project's name when it is on this account. */
    async projectName(userId: string, projectId: string): Promise<string | undefined> {
      if (!isProjectId(projectId)) return undefined;
      const rows = await db.query<{ name: string }>(
        'SELECT name FROM projects WHERE id = $1 AND user_id = $2',
        [projectId, userId],
      );
      return rows[0]?.name;
    },

    async countByStatus(userId: string, c: LeadConditions): Promise<Map<QueueStatus, number> | undefined> {
      if (!isProjectId(c.projectId)) return undefined;
      const params: unknown[] = [c.projectId, userId];
      const rows = await db.query<{ status: LeadStatus | null; replied: boolean | null; n: number | null }>(
        `SELECT s.status, s.replied, s.n FROM projects p
           LEFT JOIN LATERAL (
             SELECT status, replied_at IS NOT NULL AS replied, count(*)::int AS n
               FROM leads WHERE ${whereOf({ ...c, status: null, replied: null }, params)}
              GROUP BY 1, 2) s ON true
          WHERE p.id = $1 AND p.user_id = $2`,
        params,
      );
      if (rows.length === 0) return undefined;
      const counts = new Map<QueueStatus, number>();
      for (const r of rows) {
        if (r.status === null) continue;
        const queue = r.replied ? 'replied' : r.status;
        counts.set(queue, (counts.get(queue) ?? 0) + (r.n ?? 0));
      }
      return counts;
    },

    /**
     * The subreddits the project's leads in the window came from, most first: counted whatever the case (Reddit
     * ignores it), named as the newest lead spells it, which is how its row shows it.
     */
    async subredditCounts(projectId: string, postedAfter: Date): Promise<{ name: string; count: number }[]> {
      return db.query<{ name: string; count: number }>(
        `SELECT (array_agg(subreddit ORDER BY posted_at DESC, id))[1] AS name, count(*)::int AS count FROM leads
          WHERE project_id = $1 AND posted_at >= $2 AND deleted_at IS NULL
          GROUP BY lower(subreddit) ORDER BY count(*) DESC, lower(subreddit)`,
        [projectId, postedAfter],
      );
    },

    /**
     * The states of those of ids that are leads of the project on this account, locked until the transaction
     * ends; undefined when the project is not on this account.
     */
    async lockStates(
      userId: string,
      projectId: string,
      ids: string[],
    ): Promise<Map<string, LeadState> | undefined> {
      if (!isProjectId(projectId)) return undefined;
      const owned = await db.query('SELECT 1 FROM projects WHERE id = $1 AND user_id = $2', [
        projectId,
        userId,
      ]);
      if (owned.length === 0) return undefined;
      const rows = await db.query<{
        id: string;
        status: LeadStatus;
        replied_at: string | null;
        below_threshold: number | null;
      }>(
        `SELECT id, status, ${isoUtc('replied_at')} AS replied_at, below_threshold FROM leads
          WHERE project_id = $1 AND id = ANY($2::text[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
        [projectId, ids],
      );
      return new Map(
        rows.map((r) => [
          r.id,
          { status: r.status, repliedAt: r.replied_at, belowThreshold: r.below_threshold },
        ]),
      );
    },

    /** Gives each lead its state (status and marks) in one statement. */
    async writeStates(projectId: string, changes: ({ id: string } & LeadState)[]): Promise<void> {
      await db.query(
        `UPDATE leads SET status = c.status, replied_at = c.replied_at, below_threshold = c.below_threshold
           FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::int[])
                AS c(id, status, replied_at, below_threshold)
          WHERE leads.project_id = $1 AND leads.id = c.id`,
        [
          projectId,
          changes.map((c) => c.id),
          changes.map((c) => c.status),
          changes.map((c) => c.repliedAt),
          changes.map((c) => c.belowThreshold),
        ],
      );
    },

    /**
     * Sets a lead's reply to the person's text, keeping the draft the first time, or (text null) gives the draft
     * back. Undefined when the lead is not in this project on this account.
     */
    async writeReply(
      userId: string,
      projectId: string,
      leadId: string,
      text: string | null,
      at: Date,
    ): Promise<LeadReply | undefined> {
      if (!isProjectId(projectId)) return undefined;
      const set =
        text === null
          ? `reply = CASE WHEN l.reply_edited_at IS NULL THEN l.reply ELSE l.reply_original END,
             reply_original = NULL, reply_edited_at = NULL`
          : `reply_original = CASE WHEN l.reply_edited_at IS NULL THEN l.reply ELSE l.reply_original END,
             reply = $4, reply_edited_at = $5`;
      const rows = await db.query<{ id: string; reply: string | null; reply_edited_at: string | null }>(
        `UPDATE leads l SET ${set}
           FROM projects p
          WHERE p.id = $1 AND p.user_id = $2 AND l.project_id = p.id AND l.id = $3 AND l.deleted_at IS NULL
          RETURNING l.id, l.reply, ${isoUtc('l.reply_edited_at')} AS reply_edited_at`,
        text === null ? [projectId, userId, leadId] : [projectId, userId, leadId, text, at],
      );
      const r = rows[0];
      return r && { id: r.id, reply: r.reply, replyEditedAt: r.reply_edited_at };
    },

    /** The project's threshold (or the default) and how many new leads in the window score below it. */
    async countBelowThreshold(
      userId: string,
      projectId: string,
      defaultThreshold: number,
      postedAfter: Date,
    ): Promise<{ threshold: number; count: number } | undefined> {
      if (!isProjectId(projectId)) return undefined;
      const rows = await db.query<{ threshold: number; count: number }>(
        `SELECT t.threshold, (SELECT count(*)::int FROM leads
                                WHERE project_id = $1 AND status = 'new' AND posted_at >= $4
                                  AND score < t.threshold AND deleted_at IS NULL) AS count
           FROM projects p, LATERAL (SELECT coalesce(p.score_threshold, $3)::int AS threshold) t
          WHERE p.id = $1 AND p.user_id = $2`,
        [projectId, userId, defaultThreshold, postedAfter],
      );
      return rows[0];
    },

    /** Hides up to `max` new leads in the window scoring below the threshold, marked with it; returns their ids. */
    async hideBelowThreshold(
      projectId: string,
      threshold: number,
      postedAfter: Date,
      max: number,
    ): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `WITH hidden AS (
           UPDATE leads SET status = 'hidden', below_threshold = $2
            WHERE id IN (SELECT id FROM leads
                          WHERE project_id = $1 AND status = 'new' AND posted_at >= $3 AND score < $2
                            AND deleted_at IS NULL
                          ORDER BY score DESC, id LIMIT $4 FOR UPDATE)
            RETURNING id, score)
         SELECT id FROM hidden ORDER BY score DESC, id`,
        [projectId, threshold, postedAfter, max],
      );
      return rows.map((r) => r.id);
    },
  };
}
