import type { Clock } from '../clock.ts';
import type { WebhooksConfig } from '../config/index.ts';
import type { Db } from '../db/client.ts';
import { type ClaimedDelivery, type Completion, createOutboxRepo } from './webhooks.outbox.ts';
import {
  buildBody,
  type DeliveryEvent,
  deliveryHeaders,
  deliveryIdOf,
  eventIdOf,
  leadIdOf,
  type SigningKeys,
  signingKeys,
} from './webhooks.payload.ts';
import type { ActiveWebhookRow, AttemptRow, NewAttempt, WebhooksRepo } from './webhooks.repo.ts';
import type { AttemptResult, Sender } from './webhooks.sender.ts';

/** One event for one webhook; its body is built once per second of sending, not once per attempt. */
interface LeadDelivery {
  lead: DeliveryEvent;
  eventId: string;
  body: Buffer | null;
  /** The Unix second the body's created_at says. */
  timestamp: number;
}

interface Job {
  webhook: ActiveWebhookRow;
  delivery: LeadDelivery;
  attempt: number;
  redelivery: boolean;
  /** The outbox row the delivery ends; absent for a redelivery or a test event from the dashboard. */
  outboxId?: string;
  /** Set for a send from the dashboard, whose caller waits for the recorded attempt. */
  done?: (row: AttemptRow) => void;
  fail?: (err: unknown) => void;
}

/** One endpoint's deliveries: at most `concurrencyPerEndpoint` in flight, the rest wait in a bounded queue. */
interface Lane {
  active: number;
  queue: Job[];
}

/** Rows claimed per query, and in all at once by one process (in lanes or in flight). */
const CLAIM_BATCH = 200;
const CLAIMED_LIMIT = 2_000;
/** How often a worker looks for deliveries another process wrote, or a dead worker left behind. */
const POLL_MS = 1_000;
/** Leads remembered as deleted on Reddit, so that their queued and retried deliveries are not sent. */
const DELETED_MEMORY = 10_000;
const DELETED = 'not sent: the post or comment was deleted or removed on Reddit';

function retryable(r: AttemptResult): boolean {
  if (r.outcome === 'timeout' || r.outcome === 'network_error') return true;
  return r.outcome === 'http_error' && (r.statusCode! >= 500 || r.statusCode === 429 || r.statusCode === 408);
}

/**
 * Sends the deliveries the outbox holds (docs/decisions/0109-delivery-outbox.md): claims due rows for a lease,
 * fans them into one lane per endpoint (a slow or dead endpoint fills only its own lane), and ends each row in the
 * transaction that records its attempt. A process killed mid-send loses nothing: its rows are claimed again once
 * their lease runs out.
 */
export function createDispatcher(deps: {
  db: Db;
  repo: WebhooksRepo;
  sender: Sender;
  clock: Clock;
  config: WebhooksConfig;
  log: (message: string) => void;
}) {
  const { db, repo, sender, clock, config, log } = deps;
  const outbox = createOutboxRepo(db);
  // Long enough for a full lane to drain through timeouts; a dead worker's rows wait this long at most.
  const perWebhook = Math.min(config.queuePerEndpoint, config.concurrencyPerEndpoint * 4);
  const leaseMs = Math.max(
    30_000,
    (perWebhook / config.concurrencyPerEndpoint + 2) * (config.timeoutMs + 1000),
  );
  const keysByWebhook = new WeakMap<ActiveWebhookRow, SigningKeys>();
  const lanes = new Map<string, Lane>();
  const retryTimers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let claimed = 0;
  let claiming: Promise<void> | null = null;
  let wakeAgain = false;
  /** The last claim may have left due rows behind (a full batch, or endpoints skipped). */
  let backlog = false;
  let poller: NodeJS.Timeout | null = null;
  let closed = false;
  let idleWaiters: (() => void)[] = [];
  /** Insertion-ordered, bounded: the oldest are forgotten first. */
  const deletedLeads = new Set<string>();

  // Ended rows are committed together: whatever ended while the previous commit ran goes in the next one.
  let completions: Completion[] = [];
  let committing: Promise<void> | null = null;

  function commit() {
    if (committing || completions.length === 0) return;
    const batch = completions;
    completions = [];
    committing = db
      .transaction((tx) => outbox.complete(tx, batch))
      .catch((err: Error) => {
        // The rows stay claimed and are sent again when their lease runs out: repeated, never lost.
        log(`webhooks: cannot record ${batch.length} delivery attempts: ${err.message}`);
      })
      .finally(() => {
        committing = null;
        commit();
        checkIdle();
      });
  }

  function record(job: Job, sentAt: Date, result: AttemptResult, retryInMs: number | null = null) {
    const row: NewAttempt = {
      webhook_id: job.webhook.id,
      lead_id: leadIdOf(job.delivery.lead),
      event_id: job.delivery.eventId,
      attempt: job.attempt,
      redelivery: job.redelivery,
      attempted_at: sentAt,
      outcome: result.outcome,
      status_code: result.statusCode,
      error: result.error,
      latency_ms: result.latencyMs,
    };
    if (job.done) {
      repo.insertAttempt(row).then(job.done, job.fail);
      return;
    }
    if (job.outboxId === undefined) return;
    completions.push({ id: job.outboxId, attempt: row, retryInMs });
    commit();
  }

  const notSent = (outcome: 'dropped', error: string): AttemptResult => ({
    outcome,
    statusCode: null,
    error,
    latencyMs: null,
  });

  function enqueue(job: Job) {
    let lane = lanes.get(job.webhook.id);
    if (!lane) {
      lane = { active: 0, queue: [] };
      lanes.set(job.webhook.id, lane);
    }
    if (job.done && lane.queue.length >= config.queuePerEndpoint) {
      return record(
        job,
        clock.now(),
        notSent(
          'dropped',
          `not sent: ${config.queuePerEndpoint} deliveries already waiting for this endpoint`,
        ),
      );
    }
    lane.queue.push(job);
    pump(job.webhook.id, lane);
  }

  function pump(id: string, lane: Lane) {
    while (lane.active < config.concurrencyPerEndpoint && lane.queue.length > 0) {
      const job = lane.queue.shift()!;
      lane.active++;
      const run = attempt(job).finally(() => {
        running.delete(run);
        lane.active--;
        if (job.outboxId !== undefined) claimed--;
        pump(id, lane);
        if (lane.active === 0 && lane.queue.length === 0) lanes.delete(id);
        if (backlog) wake();
        checkIdle();
      });
      running.add(run);
    }
  }

  function keysOf(webhook: ActiveWebhookRow): SigningKeys {
    let keys = keysByWebhook.get(webhook);
    if (!keys) {
      keys = signingKeys(webhook.secret);
      keysByWebhook.set(webhook, keys);
    }
    return keys;
  }

  async function attempt(job: Job) {
    const lead = job.delivery.lead;
    if (lead.event !== 'lead.deleted' && lead.event !== 'webhook.test' && deletedLeads.has(lead.leadId)) {
      return record(job, clock.now(), notSent('dropped', DELETED));
    }
    const sentAt = clock.now();
    const timestamp = Math.floor(sentAt.getTime() / 1000);
    const delivery = job.delivery;
    if (delivery.body === null || delivery.timestamp !== timestamp) {
      delivery.body = buildBody(delivery.lead, timestamp);
      delivery.timestamp = timestamp;
    }
    const body = delivery.body;
    const headers = deliveryHeaders(keysOf(job.webhook), delivery.eventId, timestamp, body);
    const result = await sender.send(job.webhook.url, headers, body);
    let retryInMs: number | null = null;
    if (closed && result.outcome !== 'delivered') {
      // Cut short by our own shutdown: the next worker sends it again.
      retryInMs = 0;
    } else if (!job.done && job.attempt <= config.retries && retryable(result)) {
      retryInMs = config.retryBackoffMs * 2 ** (job.attempt - 1);
      const timer = setTimeout(() => {
        retryTimers.delete(timer);
        wake();
      }, retryInMs + 50);
      retryTimers.add(timer);
    }
    record(job, sentAt, result, retryInMs);
  }

  /** Claims what is due, as long as there is room, and hands it to the lanes. */
  async function claimDue() {
    while (!closed) {
      const room = Math.min(CLAIM_BATCH, CLAIMED_LIMIT - claimed);
      if (room <= 0) {
        backlog = true;
        return;
      }
      const skip = [...lanes].filter(([, l]) => l.active + l.queue.length >= perWebhook).map(([id]) => id);
      let rows: ClaimedDelivery[];
      try {
        rows = await outbox.claim({ leaseMs, limit: room, perWebhook, skip });
      } catch (err) {
        log(`webhooks: cannot read the delivery outbox: ${(err as Error).message}`);
        return;
      }
      const perHook = new Map<string, number>();
      for (const row of rows) perHook.set(row.webhook.id, (perHook.get(row.webhook.id) ?? 0) + 1);
      // Rows may be left behind for an endpoint that got its share, or was skipped: look again as lanes free up.
      backlog = rows.length === room || skip.length > 0 || [...perHook.values()].some((n) => n >= perWebhook);
      for (const row of rows) {
        const delivery: LeadDelivery = {
          lead: row.lead,
          eventId: eventIdOf(row.lead.leadId, row.lead.event),
          body: null,
          timestamp: 0,
        };
        // A worker that claimed this row before stopped mid-delivery: its attempt is logged as interrupted.
        for (let i = row.interrupted; i >= 1; i--) {
          completions.push({
            id: null,
            retryInMs: null,
            attempt: {
              webhook_id: row.webhook.id,
              lead_id: row.lead.leadId,
              event_id: delivery.eventId,
              attempt: row.attempt - i,
              redelivery: false,
              attempted_at: clock.now(),
              outcome: 'interrupted',
              status_code: null,
              error:
                'the worker sending it stopped before recording the answer; it may have arrived; sent again',
              latency_ms: null,
            },
          });
        }
        if (row.interrupted > 0) commit();
        const job: Job = {
          webhook: row.webhook,
          delivery,
          attempt: row.attempt,
          redelivery: false,
          outboxId: row.id,
        };
        if (row.webhookDeleted) {
          completions.push({ id: row.id, attempt: null, retryInMs: null });
          commit();
        } else if (row.leadDeleted) {
          record(job, clock.now(), notSent('dropped', DELETED));
        } else {
          claimed++;
          enqueue(job);
        }
      }
      if (rows.length < room) return;
    }
  }

  /** Looks for due deliveries soon; calls made while a look is running make it look once more. */
  function wake() {
    if (closed) return;
    if (claiming) {
      wakeAgain = true;
      return;
    }
    claiming = new Promise<void>((resolve) => setImmediate(resolve)).then(claimDue).finally(() => {
      claiming = null;
      if (wakeAgain) {
        wakeAgain = false;
        wake();
      }
      checkIdle();
    });
  }

  function isIdle() {
    return (
      !claiming &&
      !wakeAgain &&
      lanes.size === 0 &&
      retryTimers.size === 0 &&
      completions.length === 0 &&
      !committing
    );
  }

  function checkIdle() {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  }

  async function flush(): Promise<void> {
    while (committing || completions.length) {
      commit();
      await committing;
    }
  }

  return {
    /** New rows were committed to the outbox: claim them now rather than at the next poll. */
    wake,

    /** Looks for due deliveries every second (workers); other processes' rows and expired leases are found so. */
    startPolling(everyMs = POLL_MS) {
      if (poller || closed) return;
      poller = setInterval(wake, everyMs);
      poller.unref();
      wake();
    },

    /** Leads deleted on Reddit: their deliveries still queued or waiting to retry are dropped, not sent. */
    forgetLeads(leadIds: string[]) {
      for (const id of leadIds) {
        deletedLeads.delete(id);
        deletedLeads.add(id);
      }
      for (const id of deletedLeads) {
        if (deletedLeads.size <= DELETED_MEMORY) break;
        deletedLeads.delete(id);
      }
    },

    /**
     * Sends one event to one webhook now (through its lane) and resolves with the recorded attempt: a lead's
     * again (a redelivery), or a test event.
     */
    sendNow(webhook: ActiveWebhookRow, lead: DeliveryEvent, attemptNumber: number): Promise<AttemptRow> {
      return new Promise((done, fail) =>
        enqueue({
          webhook,
          delivery: { lead, eventId: deliveryIdOf(lead), body: null, timestamp: 0 },
          attempt: attemptNumber,
          redelivery: lead.event !== 'webhook.test',
          done,
          fail,
        }),
      );
    },

    /** Commits the attempts ended so far. */
    flush,

    /** Resolves once nothing is being claimed, queued, in flight, waiting to retry or waiting to be recorded. */
    idle(): Promise<void> {
      if (isIdle()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    /**
     * Stops claiming, lets queued deliveries finish for up to graceMs, then aborts the rest: rows not started are
     * given back at once, rows cut short are due again; every attempt is recorded before the connections close.
     */
    async close(graceMs = config.timeoutMs + 1000) {
      if (closed) return;
      if (poller) clearInterval(poller);
      if (claiming) await claiming;
      closed = true;
      for (const t of retryTimers) clearTimeout(t);
      retryTimers.clear();
      if (!isIdle()) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => idleWaiters.push(resolve)).then(() => clearTimeout(timer)),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, graceMs);
          }),
        ]);
      }
      const unsent: string[] = [];
      for (const lane of lanes.values()) {
        for (const job of lane.queue.splice(0)) {
          if (job.outboxId !== undefined) unsent.push(job.outboxId);
          else record(job, clock.now(), notSent('dropped', 'not sent: the service was shutting down'));
        }
      }
      sender.abort();
      await Promise.allSettled([...running]);
      await flush();
      await outbox
        .release(unsent)
        .catch((err: Error) => log(`webhooks: cannot give back deliveries: ${err.message}`));
      await sender.close();
    },
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;
