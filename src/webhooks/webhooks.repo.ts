import { randomBytes } from 'node:crypto';
import type { Tier } from '../config/index.ts';
import type { Queryable } from '../db/client.ts';
import { isRowId } from '../db/ids.ts';
import type { LeadEventData } from './webhooks.payload.ts';
import type { Outcome } from './webhooks.schemas.ts';

export interface WebhookRow {
  id: string;
  url: string;
  secret: string;
}

export interface ActiveWebhookRow extends WebhookRow {
  project_id: string;
}

export interface WebhookListRow {
  id: string;
  project_id: string;
  url: string;
  created_at: Date;
  last_attempt_at: Date | null;
  last_outcome: Outcome | null;
}

export interface AttemptRow {
  id: string;
  webhook_id: string;
  /** Null for a test event (ADR 0116). */
  lead_id: string | null;
  event_id: string;
  attempt: number;
  redelivery: boolean;
  attempted_at: Date;
  outcome: Outcome;
  status_code: number | null;
  error: string | null;
  latency_ms: number | null;
  /** Read by the attempts list only: the lead's post or comment was found deleted on Reddit. */
  lead_deleted?: boolean;
}

export type NewAttempt = Omit<AttemptRow, 'id' | 'lead_deleted'>;

/** A signing secret: 32 random bytes, in the Standard Webhooks `whsec_<base64>` form. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const ATTEMPT_COLUMNS = `id, webhook_id, lead_id, event_id, attempt, redelivery, attempted_at, outcome,
  status_code, error, latency_ms`;

export function createWebhooksRepo(db: Queryable) {
  return {
    /** Adds the URL to the project, or returns the existing active registration of the same URL. */
    async addOrGet(projectId: string, url: string): Promise<WebhookRow> {
      const inserted = await db.query<WebhookRow>(
        `INSERT INTO webhooks (project_id, url, secret) VALUES ($1, $2, $3)
         ON CONFLICT (project_id, url) WHERE deleted_at IS NULL DO NOTHING RETURNING id, url, secret`,
        [projectId, url, generateWebhookSecret()],
      );
      if (inserted[0]) return inserted[0];
      const rows = await db.query<WebhookRow>(
        'SELECT id, url, secret FROM webhooks WHERE project_id = $1 AND url = $2 AND deleted_at IS NULL',
        [projectId, url],
      );
      return rows[0]!;
    },

    /** Adds the URL to the project; undefined when it is already registered there. */
    async insert(projectId: string, url: string): Promise<(WebhookRow & { created_at: Date }) | undefined> {
      const rows = await db.query<WebhookRow & { created_at: Date }>(
        `INSERT INTO webhooks (project_id, url, secret) VALUES ($1, $2, $3)
         ON CONFLICT (project_id, url) WHERE deleted_at IS NULL DO NOTHING
         RETURNING id, url, secret, created_at`,
        [projectId, url, generateWebhookSecret()],
      );
      return rows[0];
    },

    async findProjectOwner(projectId: string): Promise<{ user_id: string; tier: Tier } | undefined> {
      if (!isRowId(projectId)) return undefined;
      const rows = await db.query<{ user_id: string; tier: Tier }>(
        'SELECT u.id AS user_id, u.tier FROM projects p JOIN users u ON u.id = p.user_id WHERE p.id = $1',
        [projectId],
      );
      return rows[0];
    },

    async projectName(projectId: string): Promise<string> {
      const rows = await db.query<{ name: string }>('SELECT name FROM projects WHERE id = $1', [projectId]);
      return rows[0]?.name ?? '';
    },

    async countActiveForUser(userId: string): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM webhooks w JOIN projects p ON p.id = w.project_id
          WHERE p.user_id = $1 AND w.deleted_at IS NULL`,
        [userId],
      );
      return rows[0]!.n;
    },

    async listActiveForProjects(projectIds: string[]): Promise<ActiveWebhookRow[]> {
      return db.query<ActiveWebhookRow>(
        `SELECT id, project_id, url, secret FROM webhooks
          WHERE project_id = ANY($1::text[]) AND deleted_at IS NULL ORDER BY created_at, id`,
        [projectIds],
      );
    },

    async listForProject(projectId: string): Promise<WebhookListRow[]> {
      return db.query<WebhookListRow>(
        `SELECT w.id, w.project_id, w.url, w.created_at, a.attempted_at AS last_attempt_at, a.outcome AS last_outcome
           FROM webhooks w
           LEFT JOIN LATERAL (SELECT attempted_at, outcome FROM webhook_attempts
                               WHERE webhook_id = w.id ORDER BY attempted_at DESC, id LIMIT 1) a ON true
          WHERE w.project_id = $1 AND w.deleted_at IS NULL
          ORDER BY w.created_at, w.id`,
        [projectId],
      );
    },

    /** The webhook when it is on this account; deleted ones included, for their history. */
    async findForUser(
      userId: string,
      webhookId: string,
    ): Promise<(ActiveWebhookRow & { deleted_at: Date | null }) | undefined> {
      if (!isRowId(webhookId)) return undefined;
      const rows = await db.query<ActiveWebhookRow & { deleted_at: Date | null }>(
        `SELECT w.id, w.project_id, w.url, w.secret, w.deleted_at FROM webhooks w
           JOIN projects p ON p.id = w.project_id WHERE p.user_id = $1 AND w.id = $2`,
        [userId, webhookId],
      );
      return rows[0];
    },

    /** Marks the webhook deleted and forgets its secret; false when it is not active on this account. */
    async softDelete(userId: string, webhookId: string, at: Date): Promise<boolean> {
      if (!isRowId(webhookId)) return false;
      const rows = await db.query(
        `UPDATE webhooks w SET deleted_at = $3, secret = '' FROM projects p
          WHERE p.id = w.project_id AND p.user_id = $1 AND w.id = $2 AND w.deleted_at IS NULL
          RETURNING w.id`,
        [userId, webhookId, at],
      );
      return rows.length > 0;
    },

    /**
     * One insert for a batch of attempts: ten array parameters unnested server-side, rather than ten parameters
     * per row, which PostgreSQL (PGlite above all) parses and binds one by one.
     */
    async insertAttempts(attempts: NewAttempt[]): Promise<void> {
      if (attempts.length === 0) return;
      const col = <K extends keyof NewAttempt>(k: K) => attempts.map((a) => a[k]);
      await db.query(
        `INSERT INTO webhook_attempts (webhook_id, lead_id, event_id, attempt, redelivery, attempted_at, outcome,
                                       status_code, error, latency_ms)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::bool[], $6::timestamptz[],
                              $7::text[], $8::int[], $9::text[], $10::int[])`,
        [
          col('webhook_id'),
          col('lead_id'),
          col('event_id'),
          col('attempt'),
          col('redelivery'),
          col('attempted_at'),
          col('outcome'),
          col('status_code'),
          col('error'),
          col('latency_ms'),
        ],
        { prepare: true },
      );
    },

    async insertAttempt(a: NewAttempt): Promise<AttemptRow> {
      const rows = await db.query<AttemptRow>(
        `INSERT INTO webhook_attempts (webhook_id, lead_id, event_id, attempt, redelivery, attempted_at, outcome,
                                       status_code, error, latency_ms)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING ${ATTEMPT_COLUMNS}`,
        [
          a.webhook_id,
          a.lead_id,
          a.event_id,
          a.attempt,
          a.redelivery,
          a.attempted_at,
          a.outcome,
          a.status_code,
          a.error,
          a.latency_ms,
        ],
      );
      return rows[0]!;
    },

    async listAttempts(webhookId: string, limit: number, leadId?: string): Promise<AttemptRow[]> {
      if (!isRowId(webhookId) || (leadId !== undefined && !isRowId(leadId))) return [];
      return db.query<AttemptRow>(
        `SELECT ${ATTEMPT_COLUMNS},
                EXISTS (SELECT 1 FROM leads l WHERE l.id = a.lead_id AND l.deleted_at IS NOT NULL) AS lead_deleted
           FROM webhook_attempts a
          WHERE webhook_id = $1 AND ($3::text IS NULL OR lead_id = $3)
          ORDER BY attempted_at DESC, id LIMIT $2`,
        [webhookId, limit, leadId ?? null],
      );
    },

    async nextAttemptNumber(webhookId: string, eventId: string): Promise<number> {
      const rows = await db.query<{ n: number }>(
        'SELECT coalesce(max(attempt), 0)::int + 1 AS n FROM webhook_attempts WHERE webhook_id = $1 AND event_id = $2',
        [webhookId, eventId],
      );
      return rows[0]!.n;
    },

    /** Whether the lead's post or comment was found deleted or removed on Reddit. */
    async isLeadDeleted(leadId: string): Promise<boolean> {
      if (!isRowId(leadId)) return false;
      const rows = await db.query('SELECT 1 FROM leads WHERE id = $1 AND deleted_at IS NOT NULL', [leadId]);
      return rows.length > 0;
    },

    /**
     * For leads found deleted on Reddit: each active webhook of their project that was sent the lead's
     * lead.created (an attempt delivered), with what a lead.deleted delivery carries. Webhooks the lead never
     * reached are not told of it.
     */
    async deletedLeadTargets(
      leadIds: string[],
    ): Promise<{ lead: LeadEventData; webhook: ActiveWebhookRow }[]> {
      const ids = leadIds.filter(isRowId);
      if (!ids.length) return [];
      const rows = await db.query<{
        lead_id: string;
        project_id: string;
        project_name: string;
        subreddit: string;
        url: string;
        score: number;
        webhook_id: string;
        webhook_url: string;
        secret: string;
      }>(
        `SELECT l.id AS lead_id, l.project_id, p.name AS project_name, l.subreddit, l.url, l.score,
                w.id AS webhook_id, w.url AS webhook_url, w.secret
           FROM leads l
           JOIN projects p ON p.id = l.project_id
           JOIN webhooks w ON w.project_id = l.project_id AND w.deleted_at IS NULL
          WHERE l.id = ANY($1::text[]) AND l.deleted_at IS NOT NULL
            AND EXISTS (SELECT 1 FROM webhook_attempts a
                         WHERE a.webhook_id = w.id AND a.lead_id = l.id AND a.event_id = 'evt_' || l.id
                           AND a.outcome = 'delivered')
          ORDER BY l.id, w.id`,
        [ids],
      );
      return rows.map((r) => ({
        lead: {
          event: 'lead.deleted' as const,
          leadId: r.lead_id,
          projectId: r.project_id,
          projectName: r.project_name,
          subreddit: r.subreddit,
          title: '',
          url: r.url,
          score: r.score,
          reply: '',
        },
        webhook: { id: r.webhook_id, url: r.webhook_url, secret: r.secret, project_id: r.project_id },
      }));
    },

    /** The lead as a delivery carries it; undefined when it is not in this project (or its post was deleted). */
    async findLeadEvent(projectId: string, leadId: string): Promise<LeadEventData | undefined> {
      if (!isRowId(leadId)) return undefined;
      const rows = await db.query<LeadEventData>(
        `SELECT l.id AS "leadId", l.project_id AS "projectId", p.name AS "projectName", l.subreddit, l.title,
                l.url, l.score, coalesce(l.reply, '') AS reply
           FROM leads l JOIN projects p ON p.id = l.project_id
          WHERE l.project_id = $1 AND l.id = $2 AND l.deleted_at IS NULL`,
        [projectId, leadId],
      );
      return rows[0];
    },
  };
}
export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
