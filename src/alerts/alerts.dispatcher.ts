import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { AlertChannels, SendResult } from './alerts.channels.ts';
import type { AlertLead, AlertMessage } from './alerts.render.ts';
import {
  type AlertLeadRow,
  type AlertsRepo,
  createAlertsRepo,
  type DestinationRow,
  type LinkAction,
  type NewDelivery,
} from './alerts.repo.ts';
import { nextDigestAt } from './alerts.schedule.ts';

/** Tries of one message before it is recorded as failed. */
export const MAX_ATTEMPTS = 5;
const BACKOFF_MS = 30_000;
const CLAIM_BATCH = 200;
/** Leads per instant message: a Slack message stays well under its 50 blocks, an e-mail stays short. */
const INSTANT_PER_MESSAGE = 10;
/**
 * An instant claim holds at most two messages of a destination, each bounded by the channel's 10 s time-out, so a
 * short lease covers it: a killed worker's alerts wait 30 s at most. A claim of digests holds up to 20 messages.
 */
const INSTANT_PER_CLAIM = 2 * INSTANT_PER_MESSAGE;
const INSTANT_LEASE_MS = 30_000;
const LEASE_MS = 120_000;
const POLL_MS = 1_000;
const DAY_MS = 86_400_000;
const LINK_DAYS: Record<LinkAction, number> = { hide: 30, not_fit: 30, confirm: 7, unsubscribe: 365 };

const backoff = (attempt: number, hint?: number) => hint ?? BACKOFF_MS * 2 ** (attempt - 1);

/** The URLs an alert links to, made once per service. */
export function alertUrls(publicBaseUrl: string) {
  return {
    lead: (projectId: string, leadId: string) =>
      `${publicBaseUrl}/projects/${encodeURIComponent(projectId)}?lead=${encodeURIComponent(leadId)}`,
    queue: (projectId: string) => `${publicBaseUrl}/projects/${encodeURIComponent(projectId)}`,
    link: (token: string) => `${publicBaseUrl}/alerts/a/${token}`,
  };
}

/**
 * Sends what alert_outbox holds: instant rows as they come (a few leads per message), digests when their time comes
 * by the service's clock. Each message's rows end in the transaction that logs it; a worker killed mid-send leaves
 * its rows to be claimed again when the lease runs out (docs/decisions/0114-alerts.md).
 */
export function createAlertDispatcher(deps: {
  db: Db;
  clock: Clock;
  channels: AlertChannels;
  publicBaseUrl: string;
  log: (message: string) => void;
}) {
  const { db, clock, channels, log } = deps;
  const repo = createAlertsRepo(db);
  const urls = alertUrls(deps.publicBaseUrl);
  let running: Promise<void> | null = null;
  let again = false;
  let poller: NodeJS.Timeout | null = null;
  let closed = false;
  const timers = new Set<NodeJS.Timeout>();
  let idleWaiters: (() => void)[] = [];

  async function newLink(r: AlertsRepo, action: LinkAction, destinationId: string, leadId: string | null) {
    const token = randomBytes(24).toString('base64url');
    await r.insertLink({
      token,
      action,
      destinationId,
      leadId,
      expiresAt: new Date(clock.now().getTime() + LINK_DAYS[action] * DAY_MS),
    });
    return urls.link(token);
  }

  /** The message for one destination; e-mail gets its action and unsubscribe links. */
  async function messageFor(
    d: DestinationRow,
    kind: AlertMessage['kind'],
    leads: AlertLeadRow[],
    projectName: string,
  ): Promise<AlertMessage> {
    const email = d.channel === 'email';
    const shown: AlertLead[] = [];
    for (const l of leads) {
      shown.push({
        id: l.id,
        title: l.title,
        subreddit: l.subreddit,
        score: l.score,
        stage: l.stage,
        reason: l.reason,
        body: l.body,
        url: l.url,
        reply: l.reply,
        dashboardUrl: urls.lead(d.project_id, l.id),
        ...(email && kind !== 'test' && shown.length < 20
          ? {
              hideUrl: await newLink(repo, 'hide', d.id, l.id),
              notFitUrl: await newLink(repo, 'not_fit', d.id, l.id),
            }
          : {}),
      });
    }
    return {
      kind,
      projectName,
      queueUrl: urls.queue(d.project_id),
      leads: shown,
      ...(email ? { unsubscribeUrl: await newLink(repo, 'unsubscribe', d.id, null) } : {}),
    };
  }

  const logRow = (
    d: DestinationRow,
    kind: NewDelivery['kind'],
    leadIds: string[],
    attempt: number,
    r: SendResult,
    final: boolean,
  ): NewDelivery => ({
    destination_id: d.id,
    attempted_at: clock.now(),
    kind,
    lead_ids: leadIds,
    attempt,
    outcome: r.outcome === 'sent' ? 'sent' : final || r.outcome === 'failed' ? 'failed' : 'retrying',
    status_code: r.statusCode,
    error: r.error,
  });

  function wakeAt(ms: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      wake();
    }, ms + 50);
    timer.unref();
    timers.add(timer);
  }

  async function sendInstant() {
    for (;;) {
      const rows = await repo.claimInstant(CLAIM_BATCH, INSTANT_PER_CLAIM, INSTANT_LEASE_MS);
      if (rows.length === 0) return;
      const destinations = new Map(
        (await repo.destinationsByIds([...new Set(rows.map((r) => r.destination_id))])).map((d) => [d.id, d]),
      );
      const leads = new Map(
        (await repo.leads([...new Set(rows.map((r) => r.lead_id))])).map((l) => [l.id, l]),
      );
      const byDestination = new Map<string, typeof rows>();
      for (const r of rows)
        byDestination.set(r.destination_id, [...(byDestination.get(r.destination_id) ?? []), r]);
      await Promise.all(
        [...byDestination].map(async ([id, own]) => {
          const d = destinations.get(id);
          const live = own.filter((r) => leads.has(r.lead_id));
          // Paused since, or its leads deleted: nothing to send, the rows go.
          const dropped = d && !d.paused_at ? own.filter((r) => !leads.has(r.lead_id)) : own;
          if (dropped.length)
            await db.transaction((tx) =>
              repo.finishRows(
                tx,
                dropped.map((r) => r.id),
                null,
                null,
              ),
            );
          if (!d || d.paused_at) return;
          const projectName = await repo.projectName(d.project_id);
          const ordered = live
            .map((r) => ({ row: r, lead: leads.get(r.lead_id)! }))
            .sort((a, b) => b.lead.score - a.lead.score);
          for (let i = 0; i < ordered.length; i += INSTANT_PER_MESSAGE) {
            const part = ordered.slice(i, i + INSTANT_PER_MESSAGE);
            const attempt = Math.max(...part.map((p) => p.row.attempt));
            const message = await messageFor(
              d,
              'instant',
              part.map((p) => p.lead),
              projectName,
            );
            const result = await channels.send(d.channel, d.target, message);
            const final = attempt >= MAX_ATTEMPTS;
            const retry = result.outcome === 'retry' && !final ? backoff(attempt, result.retryAfterMs) : null;
            const ids = part.map((p) => p.row.id);
            const leadIds = part.map((p) => p.lead.id);
            await db.transaction((tx) =>
              repo.finishRows(tx, ids, retry, logRow(d, 'instant', leadIds, attempt, result, final)),
            );
            if (retry !== null) wakeAt(retry);
          }
        }),
      );
    }
  }

  async function sendDigests() {
    for (;;) {
      const now = clock.now();
      const due = await repo.claimDigests(now, 20, LEASE_MS);
      if (due.length === 0) return;
      for (const d of due) {
        const rows = await repo.pendingFor(d.id);
        const regular = { at: nextDigestAt(d.cadence, d.daily_hour, d.time_zone, now), attempt: 1 };
        const leads = await repo.leads(rows.map((r) => r.lead_id));
        if (d.paused_at || leads.length === 0) {
          // Nothing new (or paused): nothing is sent for an empty period; the clock moves on.
          await db.transaction((tx) =>
            repo.finishDigest(
              tx,
              d.id,
              rows.map((r) => r.id),
              regular,
              null,
            ),
          );
          continue;
        }
        const message = await messageFor(d, 'digest', leads, await repo.projectName(d.project_id));
        const result = await channels.send(d.channel, d.target, message);
        const final = d.digest_attempt >= MAX_ATTEMPTS;
        const leadIds = leads.map((l) => l.id);
        const log = logRow(d, 'digest', leadIds, d.digest_attempt, result, final);
        if (result.outcome === 'retry' && !final) {
          const wait = backoff(d.digest_attempt, result.retryAfterMs);
          const next = { at: new Date(now.getTime() + wait), attempt: d.digest_attempt + 1 };
          await db.transaction((tx) => repo.finishDigest(tx, d.id, [], next, log));
          wakeAt(wait);
        } else {
          await db.transaction((tx) =>
            repo.finishDigest(
              tx,
              d.id,
              rows.map((r) => r.id),
              regular,
              log,
            ),
          );
        }
      }
    }
  }

  /** An e-mail address someone added gets one message with its confirmation link, and nothing else until opened. */
  async function sendConfirmations() {
    for (;;) {
      const owed = await repo.claimConfirmations(20);
      if (owed.length === 0) return;
      for (const d of owed) {
        const projectName = await repo.projectName(d.project_id);
        const link = await newLink(repo, 'confirm', d.id, null);
        const result = await channels.sendPlainMail(
          d.target,
          `Confirm lead alerts for ${projectName}`,
          `Someone asked to send lead alerts for ${projectName} to this address.\n\n` +
            `To receive them, open this link (valid ${LINK_DAYS.confirm} days):\n${link}\n\n` +
            'If you did not expect this, ignore this e-mail: nothing is sent until the link is opened.\n',
        );
        await repo.insertDelivery(logRow(d, 'confirmation', [], 1, result, true));
      }
    }
  }

  async function pass() {
    try {
      await sendConfirmations();
      await sendInstant();
      await sendDigests();
    } catch (err) {
      log(`alerts: delivery pass failed: ${(err as Error).message}`);
    }
  }

  function wake() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
      if (again) {
        again = false;
        wake();
      } else {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const w of waiters) w();
      }
    });
  }

  return {
    wake,
    messageFor,
    startPolling(everyMs = POLL_MS) {
      if (poller || closed) return;
      poller = setInterval(wake, everyMs);
      poller.unref();
      wake();
    },
    /** Runs one pass now (due instant rows, digests due by the clock) and resolves when it is done. */
    async runDue(): Promise<void> {
      wake();
      await this.idle();
    },
    idle(): Promise<void> {
      if (!running && !again) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      if (poller) clearInterval(poller);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      if (running) await running;
      await channels.close();
    },
  };
}
export type AlertDispatcher = ReturnType<typeof createAlertDispatcher>;
