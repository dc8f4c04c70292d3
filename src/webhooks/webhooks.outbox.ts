import type { Queryable } from '../db/client.ts';
import type { LeadEventData, LeadEventKind } from './webhooks.payload.ts';
import { type ActiveWebhookRow, createWebhooksRepo, type NewAttempt } from './webhooks.repo.ts';

/** A claimed delivery: the outbox row, its webhook and what the event carries (null: the lead was deleted). */
export interface ClaimedDelivery {
  id: string;
  attempt: number;
  /** Earlier claims of this row that ended without a recorded attempt (their worker stopped mid-delivery). */
  interrupted: number;
  webhook: ActiveWebhookRow;
  /** The webhook was deleted after the row was written: nothing is sent. */
  webhookDeleted: boolean;
  lead: LeadEventData;
  /** A lead.created whose post or comment was found deleted on Reddit meanwhile: not sent (ADR 0103). */
  leadDeleted: boolean;
}

/** How a claimed row ends: done (deleted, its attempt recorded), or due again in `retryInMs`. */
export interface Completion {
  /** Null: only an attempt to log (an interrupted one found at a claim). */
  id: string | null;
  attempt: NewAttempt | null;
  retryInMs: number | null;
}

/**
 * Writes the deliveries the leads owe to every active webhook of their projects, in the caller's transaction (the
 * one that inserts the leads), so that a lead committed is a lead announced whatever happens to the process.
 */
export async function enqueueLeadEvents(tx: Queryable, leadIds: string[]): Promise<number> {
  if (leadIds.length === 0) return 0;
  const rows = await tx.query<{ n: number }>(
    `WITH added AS (
       INSERT INTO outbox (lead_id, event, webhook_id, due_at)
       SELECT l.id, 'lead.created', w.id, now()
         FROM leads l JOIN webhooks w ON w.project_id = l.project_id AND w.deleted_at IS NULL
        WHERE l.id = ANY($1::text[])
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT count(*)::int AS n FROM added`,
    [leadIds],
  );
  return rows[0]?.n ?? 0;
}

/** lead.deleted deliveries for the given (lead, webhook) pairs. */
export async function enqueueDeleted(
  db: Queryable,
  pairs: { leadId: string; webhookId: string }[],
): Promise<void> {
  if (pairs.length === 0) return;
  await db.query(
    `INSERT INTO outbox (lead_id, event, webhook_id, due_at)
     SELECT lead_id, 'lead.deleted', webhook_id, now() FROM unnest($1::text[], $2::text[]) AS x(lead_id, webhook_id)
     ON CONFLICT DO NOTHING`,
    [pairs.map((p) => p.leadId), pairs.map((p) => p.webhookId)],
  );
}

interface ClaimRow {
  id: string;
  attempt: number;
  claims: number;
  event: LeadEventKind;
  webhook_id: string;
  webhook_url: string;
  secret: string;
  webhook_deleted: boolean;
  lead_id: string;
  project_id: string;
  project_name: string;
  subreddit: string;
  title: string;
  url: string;
  score: number;
  reply: string;
  lead_deleted: boolean;
}

export function createOutboxRepo(db: Queryable) {
  return {
    /**
     * Claims up to `limit` due rows until `leaseUntil`, at most `perWebhook` for any one webhook and none for the
     * webhooks in `skip` (their lanes are full), oldest first; rows other workers hold are passed over.
     */
    async claim(opts: {
      leaseMs: number;
      limit: number;
      perWebhook: number;
      skip: string[];
    }): Promise<ClaimedDelivery[]> {
      const rows = await db.query<ClaimRow>(
        `WITH candidates AS (
           SELECT id FROM (
             SELECT id, due_at, row_number() OVER (PARTITION BY webhook_id ORDER BY due_at, id) AS n
               FROM outbox
              WHERE due_at <= now() AND (claimed_until IS NULL OR claimed_until <= now())
                AND NOT (webhook_id = ANY($4::text[]))
           ) c WHERE n <= $3 ORDER BY due_at, id LIMIT $2),
         picked AS (
           SELECT o.id FROM outbox o
            WHERE o.id IN (SELECT id FROM candidates) AND (o.claimed_until IS NULL OR o.claimed_until <= now())
            FOR UPDATE SKIP LOCKED),
         claimed AS (
           UPDATE outbox o SET claimed_until = now() + make_interval(secs => $1), claims = o.claims + 1 FROM picked WHERE o.id = picked.id
           RETURNING o.id, o.attempt, o.claims, o.event, o.webhook_id, o.lead_id, o.due_at)
         SELECT c.id::text AS id, c.attempt, c.claims, c.event, c.webhook_id, w.url AS webhook_url, w.secret,
                (w.deleted_at IS NOT NULL) AS webhook_deleted, c.lead_id, l.project_id, p.name AS project_name,
                l.subreddit, coalesce(l.title, '') AS title, l.url, l.score, coalesce(l.reply, '') AS reply,
                (l.deleted_at IS NOT NULL) AS lead_deleted
           FROM claimed c
           JOIN webhooks w ON w.id = c.webhook_id
           JOIN leads l ON l.id = c.lead_id
           JOIN projects p ON p.id = l.project_id
          ORDER BY c.due_at, c.id`,
        [opts.leaseMs / 1000, opts.limit, opts.perWebhook, opts.skip],
      );
      return rows.map((r) => ({
        id: r.id,
        attempt: r.attempt + r.claims - 1,
        interrupted: r.claims - 1,
        webhook: { id: r.webhook_id, url: r.webhook_url, secret: r.secret, project_id: r.project_id },
        webhookDeleted: r.webhook_deleted,
        leadDeleted: r.event === 'lead.created' && r.lead_deleted,
        lead: {
          event: r.event,
          leadId: r.lead_id,
          projectId: r.project_id,
          projectName: r.project_name,
          subreddit: r.subreddit,
          title: r.event === 'lead.deleted' ? '' : r.title,
          url: r.url,
          score: r.score,
          reply: r.event === 'lead.deleted' ? '' : r.reply,
        },
      }));
    },

    /**
     * Ends claimed rows in one statement batch: each one's attempt is recorded, and the row is deleted or due
     * again. Run inside one transaction, so an attempt is never recorded without its row moving on.
     */
    async complete(tx: Queryable, done: Completion[]): Promise<void> {
      // The same multi-row insert the webhooks repo uses, in this transaction.
      await createWebhooksRepo(tx).insertAttempts(done.flatMap((d) => (d.attempt ? [d.attempt] : [])));
      const finished = done.filter((d) => d.id !== null && d.retryInMs === null).map((d) => d.id);
      if (finished.length) await tx.query('DELETE FROM outbox WHERE id = ANY($1::bigint[])', [finished]);
      const again = done.filter((d) => d.id !== null && d.retryInMs !== null);
      if (again.length) {
        await tx.query(
          `UPDATE outbox o SET attempt = o.attempt + o.claims, claims = 0, claimed_until = NULL,
                  due_at = now() + make_interval(secs => x.wait_s)
             FROM unnest($1::bigint[], $2::float8[]) AS x(id, wait_s) WHERE o.id = x.id`,
          [again.map((d) => d.id), again.map((d) => d.retryInMs! / 1000)],
        );
      }
    },

    /** Gives claimed rows back at once (a worker shutting down), so another worker need not wait for the lease. */
    async release(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.query(
        'UPDATE outbox SET claimed_until = NULL, claims = claims - 1 WHERE id = ANY($1::bigint[])',
        [ids],
      );
    },

    /** Rows not yet sent, claimed or not: for tests and the health page. */
    async size(): Promise<number> {
      const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox');
      return rows[0]?.n ?? 0;
    },
  };
}
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
