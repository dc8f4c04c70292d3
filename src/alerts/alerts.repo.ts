import { createHash } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { isRowId } from '../db/ids.ts';
import { DEFAULT_SCORE_THRESHOLD } from '../domain/scoring/types.ts';
import type { Cadence } from './alerts.schedule.ts';

export type Channel = 'email' | 'slack' | 'discord';
export type LinkAction = 'hide' | 'not_fit' | 'unsubscribe' | 'confirm';

export interface DestinationRow {
  id: string;
  project_id: string;
  channel: Channel;
  target: string;
  cadence: Cadence;
  daily_hour: number;
  time_zone: string;
  min_score: number | null;
  confirmed_at: Date | null;
  paused_at: Date | null;
  next_digest_at: Date | null;
  digest_attempt: number;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  destination_id: string;
  attempted_at: Date;
  kind: 'instant' | 'digest' | 'test' | 'confirmation';
  lead_ids: string[];
  attempt: number;
  outcome: 'sent' | 'retrying' | 'failed';
  status_code: number | null;
  error: string | null;
}
export type NewDelivery = Omit<DeliveryRow, 'id'>;

/** A lead as an alert shows it. */
export interface AlertLeadRow {
  id: string;
  project_id: string;
  title: string;
  subreddit: string;
  score: number;
  stage: string | null;
  reason: string | null;
  body: string | null;
  url: string;
  reply: string | null;
  status: string;
}

/** A claimed instant row. */
export interface ClaimedAlert {
  id: string;
  destination_id: string;
  lead_id: string;
  attempt: number;
}

const DESTINATION_COLUMNS = `d.id, d.project_id, d.channel, d.target, d.cadence, d.daily_hour, d.time_zone, d.min_score,
  d.confirmed_at, d.paused_at, d.next_digest_at, d.digest_attempt, d.created_at`;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The alerts owed for new leads, in the caller's transaction (the one that inserts them): each active destination
 * of the lead's project whose minimum the score reaches (the project's threshold by default), seller-side leads
 * never, e-mail only once confirmed. Instant rows are due now; digest rows wait for their digest.
 */
export async function enqueueAlerts(tx: Queryable, leadIds: string[]): Promise<number> {
  if (leadIds.length === 0) return 0;
  const rows = await tx.query<{ n: number }>(
    `WITH added AS (
       INSERT INTO alert_outbox (destination_id, lead_id, due_at)
       SELECT d.id, l.id, now()
         FROM leads l
         JOIN projects p ON p.id = l.project_id
         JOIN alert_destinations d ON d.project_id = l.project_id
        WHERE l.id = ANY($1::text[]) AND NOT l.seller_side AND l.deleted_at IS NULL
          AND d.paused_at IS NULL AND (d.channel <> 'email' OR d.confirmed_at IS NOT NULL)
          AND l.score >= coalesce(d.min_score, p.score_threshold, ${DEFAULT_SCORE_THRESHOLD})
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT count(*)::int AS n FROM added`,
    [leadIds],
  );
  return rows[0]?.n ?? 0;
}

/** A destination as it is written. */
interface NewDestination {
  projectId: string;
  channel: Channel;
  target: string;
  cadence: Cadence;
  dailyHour: number;
  timeZone: string;
  minScore: number | null;
  confirmedAt: Date | null;
  nextDigestAt: Date | null;
}

const INSERT_DESTINATION = `INSERT INTO alert_destinations AS d (project_id, channel, target, cadence, daily_hour,
                                   time_zone, min_score, confirmed_at, next_digest_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;

const destinationValues = (d: NewDestination) => [
  d.projectId,
  d.channel,
  d.target,
  d.cadence,
  d.dailyHour,
  d.timeZone,
  d.minScore,
  d.confirmedAt,
  d.nextDigestAt,
];

export function createAlertsRepo(db: Queryable) {
  return {
    /** Adds the destination; undefined when the project already sends to that address or URL. */
    async insertDestination(d: NewDestination): Promise<DestinationRow | undefined> {
      const rows = await db.query<DestinationRow>(
        `${INSERT_DESTINATION} ON CONFLICT (project_id, channel, target) DO NOTHING RETURNING ${DESTINATION_COLUMNS}`,
        destinationValues(d),
      );
      return rows[0];
    },

    /** The import file's form: adds the destination, or updates the settings of the one already there. */
    async upsertDestination(d: NewDestination): Promise<DestinationRow & { created: boolean }> {
      const rows = await db.query<DestinationRow & { created: boolean }>(
        `${INSERT_DESTINATION} ON CONFLICT (project_id, channel, target) DO UPDATE
           SET cadence = EXCLUDED.cadence, daily_hour = EXCLUDED.daily_hour, time_zone = EXCLUDED.time_zone,
               min_score = EXCLUDED.min_score, next_digest_at = EXCLUDED.next_digest_at,
               confirmed_at = coalesce(d.confirmed_at, EXCLUDED.confirmed_at)
         RETURNING ${DESTINATION_COLUMNS}, (xmax = 0) AS created`,
        destinationValues(d),
      );
      return rows[0]!;
    },

    /** E-mail destinations still owed their confirmation message, claimed once (marked sent as they are taken). */
    async claimConfirmations(limit: number): Promise<DestinationRow[]> {
      return db.query<DestinationRow>(
        `WITH picked AS (
           SELECT id FROM alert_destinations
            WHERE channel = 'email' AND confirmed_at IS NULL AND confirm_sent_at IS NULL
            LIMIT $1 FOR UPDATE SKIP LOCKED)
         UPDATE alert_destinations d SET confirm_sent_at = now() FROM picked WHERE d.id = picked.id
         RETURNING ${DESTINATION_COLUMNS}`,
        [limit],
      );
    },

    async updateDestination(
      id: string,
      d: {
        cadence: Cadence;
        dailyHour: number;
        timeZone: string;
        minScore: number | null;
        paused: boolean;
        nextDigestAt: Date | null;
        at: Date;
      },
    ): Promise<DestinationRow | undefined> {
      const rows = await db.query<DestinationRow>(
        `UPDATE alert_destinations d SET cadence = $2, daily_hour = $3, time_zone = $4, min_score = $5,
                paused_at = CASE WHEN $6 THEN coalesce(d.paused_at, $8) ELSE NULL END,
                next_digest_at = $7, digest_attempt = 1
          WHERE d.id = $1 RETURNING ${DESTINATION_COLUMNS}`,
        [id, d.cadence, d.dailyHour, d.timeZone, d.minScore, d.paused, d.nextDigestAt, d.at],
      );
      return rows[0];
    },

    async deleteDestination(id: string): Promise<boolean> {
      if (!isRowId(id)) return false;
      return (await db.query('DELETE FROM alert_destinations WHERE id = $1 RETURNING 1', [id])).length > 0;
    },

    /** The destination with its project's owner; undefined when there is none. */
    async findDestination(id: string): Promise<(DestinationRow & { user_id: string }) | undefined> {
      if (!isRowId(id)) return undefined;
      const rows = await db.query<DestinationRow & { user_id: string }>(
        `SELECT ${DESTINATION_COLUMNS}, p.user_id FROM alert_destinations d JOIN projects p ON p.id = d.project_id
          WHERE d.id = $1`,
        [id],
      );
      return rows[0];
    },

    async listDestinations(projectId: string): Promise<DestinationRow[]> {
      return db.query<DestinationRow>(
        `SELECT ${DESTINATION_COLUMNS} FROM alert_destinations d WHERE d.project_id = $1 ORDER BY d.created_at, d.id`,
        [projectId],
      );
    },

    async destinationsByIds(ids: string[]): Promise<DestinationRow[]> {
      if (!ids.length) return [];
      return db.query<DestinationRow>(
        `SELECT ${DESTINATION_COLUMNS} FROM alert_destinations d WHERE d.id = ANY($1::text[])`,
        [ids],
      );
    },

    /** Slack and Discord destinations of the account: they count with webhooks against alertWebhooks (ADR 0114). */
    async countChatDestinations(userId: string): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alert_destinations d JOIN projects p ON p.id = d.project_id
          WHERE p.user_id = $1 AND d.channel <> 'email'`,
        [userId],
      );
      return rows[0]!.n;
    },

    async setPaused(id: string, at: Date | null): Promise<void> {
      await db.query('UPDATE alert_destinations SET paused_at = $2 WHERE id = $1', [id, at]);
    },

    async confirm(id: string, at: Date): Promise<void> {
      await db.query(
        'UPDATE alert_destinations SET confirmed_at = coalesce(confirmed_at, $2) WHERE id = $1',
        [id, at],
      );
    },

    /**
     * Claims instant rows, oldest first, for a lease: at most `perDestination` of any one destination, so that a
     * claim is sent well within its lease; rows other workers hold are passed over.
     */
    async claimInstant(limit: number, perDestination: number, leaseMs: number): Promise<ClaimedAlert[]> {
      return db.query<ClaimedAlert>(
        `WITH ranked AS (
           SELECT o.id, row_number() OVER (PARTITION BY o.destination_id ORDER BY o.due_at, o.id) AS place
             FROM alert_outbox o JOIN alert_destinations d ON d.id = o.destination_id
            WHERE d.cadence = 'instant' AND o.due_at <= now() AND (o.claimed_until IS NULL OR o.claimed_until <= now())),
         picked AS (
           SELECT o.id FROM alert_outbox o
            WHERE o.id IN (SELECT id FROM ranked WHERE place <= $2)
              AND (o.claimed_until IS NULL OR o.claimed_until <= now())
            ORDER BY o.due_at, o.id LIMIT $1 FOR UPDATE OF o SKIP LOCKED)
         UPDATE alert_outbox o SET claimed_until = now() + make_interval(secs => $3)
           FROM picked WHERE o.id = picked.id
         RETURNING o.id::text AS id, o.destination_id, o.lead_id, o.attempt`,
        [limit, perDestination, leaseMs / 1000],
      );
    },

    /** Claims digest destinations whose time has come (by the service's clock), for a lease. */
    async claimDigests(now: Date, limit: number, leaseMs: number): Promise<DestinationRow[]> {
      return db.query<DestinationRow>(
        `WITH picked AS (
           SELECT id FROM alert_destinations
            WHERE cadence <> 'instant' AND next_digest_at <= $1
              AND (claimed_until IS NULL OR claimed_until <= now())
            ORDER BY next_digest_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         UPDATE alert_destinations d SET claimed_until = now() + make_interval(secs => $3)
           FROM picked WHERE d.id = picked.id
         RETURNING ${DESTINATION_COLUMNS}`,
        [now, limit, leaseMs / 1000],
      );
    },

    /** Every row a digest destination holds: what is new since its previous digest. */
    async pendingFor(destinationId: string): Promise<{ id: string; lead_id: string }[]> {
      return db.query(
        'SELECT id::text AS id, lead_id FROM alert_outbox WHERE destination_id = $1 ORDER BY id',
        [destinationId],
      );
    },

    async leads(ids: string[]): Promise<AlertLeadRow[]> {
      if (!ids.length) return [];
      return db.query<AlertLeadRow>(
        `SELECT l.id, l.project_id, l.title, l.subreddit, l.score, l.stage, l.reason, l.body, l.url, l.reply, l.status
           FROM leads l WHERE l.id = ANY($1::text[]) AND l.deleted_at IS NULL
          ORDER BY l.score DESC, l.posted_at DESC, l.id`,
        [ids],
      );
    },

    async projectName(projectId: string): Promise<string> {
      const rows = await db.query<{ name: string }>('SELECT name FROM projects WHERE id = $1', [projectId]);
      return rows[0]?.name ?? 'your project';
    },

    /**
     * Ends rows in the caller's transaction: done ones deleted, retried ones due again after `retryInMs`, and the
     * delivery logged with them.
     */
    async finishRows(
      tx: Queryable,
      ids: string[],
      retryInMs: number | null,
      log: NewDelivery | null,
    ): Promise<void> {
      if (log) await insertDelivery(tx, log);
      if (!ids.length) return;
      if (retryInMs === null) {
        await tx.query('DELETE FROM alert_outbox WHERE id = ANY($1::bigint[])', [ids]);
      } else {
        await tx.query(
          `UPDATE alert_outbox SET attempt = attempt + 1, claimed_until = NULL,
                  due_at = now() + make_interval(secs => $2) WHERE id = ANY($1::bigint[])`,
          [ids, retryInMs / 1000],
        );
      }
    },

    /** After a digest: its rows gone (or kept for a retry), the next digest time set, the lease given back. */
    async finishDigest(
      tx: Queryable,
      destinationId: string,
      rowIds: string[],
      next: { at: Date | null; attempt: number },
      log: NewDelivery | null,
    ): Promise<void> {
      if (log) await insertDelivery(tx, log);
      if (rowIds.length) await tx.query('DELETE FROM alert_outbox WHERE id = ANY($1::bigint[])', [rowIds]);
      await tx.query(
        'UPDATE alert_destinations SET next_digest_at = $2, digest_attempt = $3, claimed_until = NULL WHERE id = $1',
        [destinationId, next.at, next.attempt],
      );
    },

    async release(ids: string[]): Promise<void> {
      if (ids.length)
        await db.query('UPDATE alert_outbox SET claimed_until = NULL WHERE id = ANY($1::bigint[])', [ids]);
    },

    insertDelivery: (d: NewDelivery) => insertDelivery(db, d),

    async listDeliveries(destinationId: string, limit: number): Promise<DeliveryRow[]> {
      return db.query<DeliveryRow>(
        `SELECT id, destination_id, attempted_at, kind, lead_ids, attempt, outcome, status_code, error
           FROM alert_deliveries WHERE destination_id = $1 ORDER BY attempted_at DESC, id LIMIT $2`,
        [destinationId, limit],
      );
    },

    async insertLink(l: {
      token: string;
      action: LinkAction;
      destinationId: string;
      leadId: string | null;
      expiresAt: Date;
    }): Promise<void> {
      await db.query(
        `INSERT INTO alert_links (token_hash, action, destination_id, lead_id, expires_at) VALUES ($1, $2, $3, $4, $5)`,
        [hashToken(l.token), l.action, l.destinationId, l.leadId, l.expiresAt],
      );
    },

    async findLink(token: string): Promise<
      | {
          action: LinkAction;
          destination_id: string;
          lead_id: string | null;
          expires_at: Date;
          used_at: Date | null;
        }
      | undefined
    > {
      const rows = await db.query<{
        action: LinkAction;
        destination_id: string;
        lead_id: string | null;
        expires_at: Date;
        used_at: Date | null;
      }>(
        'SELECT action, destination_id, lead_id, expires_at, used_at FROM alert_links WHERE token_hash = $1',
        [hashToken(token)],
      );
      return rows[0];
    },

    /** Marks a single-use link used; false when it already was (two clicks racing: one wins). */
    async useLink(token: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        'UPDATE alert_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING 1',
        [hashToken(token), at],
      );
      return rows.length > 0;
    },

    async setLeadStatus(leadId: string, status: 'hidden' | 'not_fit'): Promise<void> {
      await db.query('UPDATE leads SET status = $2 WHERE id = $1', [leadId, status]);
    },
  };
}

async function insertDelivery(db: Queryable, d: NewDelivery): Promise<void> {
  await db.query(
    `INSERT INTO alert_deliveries (destination_id, attempted_at, kind, lead_ids, attempt, outcome, status_code, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [d.destination_id, d.attempted_at, d.kind, d.lead_ids, d.attempt, d.outcome, d.status_code, d.error],
  );
}
export type AlertsRepo = ReturnType<typeof createAlertsRepo>;
