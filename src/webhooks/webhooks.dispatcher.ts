import type { Clock } from '../clock.ts';
import type { WebhooksConfig } from '../config/index.ts';
import {
  buildBody,
  deliveryHeaders,
  eventIdOf,
  type LeadEventData,
  type SigningKeys,
  signingKeys,
} from './webhooks.payload.ts';
import type { ActiveWebhookRow, AttemptRow, NewAttempt, WebhooksRepo } from './webhooks.repo.ts';
import type { AttemptResult, Sender } from './webhooks.sender.ts';

/**
 * One lead's event, shared by the jobs of all its webhooks: the body is the same for each of them within a
 * second (only the signatures differ), so it is serialized once per lead and second, not once per request.
 */
interface LeadDelivery {
  lead: LeadEventData;
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
  /** Set for a redelivery, whose caller waits for the recorded attempt. */
  done?: (row: AttemptRow) => void;
  fail?: (err: unknown) => void;
}

/** One endpoint's deliveries: at most `concurrencyPerEndpoint` in flight, the rest wait in a bounded queue. */
interface Lane {
  active: number;
  queue: Job[];
}

/** Events waiting for their project's webhooks to be looked up; beyond this they are dropped and logged. */
const INTAKE_LIMIT = 20_000;
const INTAKE_BATCH = 500;
const RECORD_BATCH = 500;
const RECORD_DELAY_MS = 100;
/** Leads remembered as deleted on Reddit, so that their queued and retried deliveries are not sent. */
const DELETED_MEMORY = 10_000;
const DELETED = 'not sent: the post or comment was deleted or removed on Reddit';

function retryable(r: AttemptResult): boolean {
  if (r.outcome === 'timeout' || r.outcome === 'network_error') return true;
  return r.outcome === 'http_error' && (r.statusCode! >= 500 || r.statusCode === 429 || r.statusCode === 408);
}

/**
 * Fans lead events out to every active webhook of their project without ever blocking the emitter;
 * a slow or dead endpoint fills only its own lane. Every attempt is recorded, in batches.
 */
export function createDispatcher(deps: {
  repo: WebhooksRepo;
  sender: Sender;
  clock: Clock;
  config: WebhooksConfig;
  log: (message: string) => void;
}) {
  const { repo, sender, clock, config, log } = deps;
  // Keyed by the row object, which every job of one lookup shares; the keys go when the jobs do.
  const keysByWebhook = new WeakMap<ActiveWebhookRow, SigningKeys>();
  const intake: LeadEventData[] = [];
  const lanes = new Map<string, Lane>();
  const retryTimers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let draining: Promise<void> | null = null;
  let closed = false;
  let idleWaiters: (() => void)[] = [];
  /** Insertion-ordered, bounded: the oldest are forgotten first. */
  const deletedLeads = new Set<string>();

  // Attempt rows are buffered and written in multi-row inserts, one insert at a time.
  let pendingRows: NewAttempt[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;

  function scheduleFlush() {
    if (pendingRows.length >= RECORD_BATCH) void flush();
    else flushTimer ??= setTimeout(() => void flush(), RECORD_DELAY_MS);
  }

  async function flush(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    while (flushing) await flushing;
    if (pendingRows.length === 0) return checkIdle();
    const rows = pendingRows;
    pendingRows = [];
    flushing = writeRows(rows).finally(() => {
      flushing = null;
    });
    await flushing;
    if (pendingRows.length > 0) scheduleFlush();
    checkIdle();
  }

  async function writeRows(rows: NewAttempt[]) {
    try {
      await repo.insertAttempts(rows);
    } catch {
      // One bad row (its webhook's project deleted meanwhile) must not lose the others.
      for (const row of rows) {
        await repo
          .insertAttempt(row)
          .catch((err) => log(`webhooks: cannot record an attempt: ${err.message}`));
      }
    }
  }

  function record(job: Job, sentAt: Date, result: AttemptResult) {
    const row: NewAttempt = {
      webhook_id: job.webhook.id,
      lead_id: job.delivery.lead.leadId,
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
    pendingRows.push(row);
    scheduleFlush();
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
    if (closed)
      return record(job, clock.now(), notSent('dropped', 'not sent: the service was shutting down'));
    if (lane.queue.length >= config.queuePerEndpoint) {
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
        pump(id, lane);
        if (lane.active === 0 && lane.queue.length === 0) lanes.delete(id);
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

  /**
   * Whether the lead's post or comment is gone (docs/decisions/0103-deleted-items.md): known in this process at
   * once; a retry, minutes later, also asks the database, where another worker may have learned it.
   */
  async function deleted(job: Job): Promise<boolean> {
    if (job.delivery.lead.event === 'lead.deleted') return false;
    const leadId = job.delivery.lead.leadId;
    if (deletedLeads.has(leadId)) return true;
    if (job.attempt === 1 || job.redelivery) return false;
    return repo.isLeadDeleted(leadId).catch(() => false);
  }

  async function attempt(job: Job) {
    if (await deleted(job)) return record(job, clock.now(), notSent('dropped', DELETED));
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
    record(job, sentAt, result);
    if (!job.done && !closed && job.attempt <= config.retries && retryable(result)) {
      const timer = setTimeout(
        () => {
          retryTimers.delete(timer);
          enqueue({ ...job, attempt: job.attempt + 1 });
        },
        config.retryBackoffMs * 2 ** (job.attempt - 1),
      );
      retryTimers.add(timer);
    }
  }

  function newDelivery(lead: LeadEventData): LeadDelivery {
    return { lead, eventId: eventIdOf(lead.leadId, lead.event), body: null, timestamp: 0 };
  }

  async function drainIntake() {
    while (intake.length > 0) {
      const batch = intake.splice(0, INTAKE_BATCH);
      const projectIds = [...new Set(batch.map((e) => e.projectId))];
      let hooks: ActiveWebhookRow[];
      try {
        hooks = await repo.listActiveForProjects(projectIds);
      } catch (err) {
        log(`webhooks: cannot look up webhooks for ${batch.length} lead events: ${(err as Error).message}`);
        continue;
      }
      for (const lead of batch) {
        const delivery = newDelivery(lead);
        for (const webhook of hooks) {
          if (webhook.project_id === lead.projectId)
            enqueue({ webhook, delivery, attempt: 1, redelivery: false });
        }
      }
    }
  }

  function isIdle() {
    return (
      intake.length === 0 &&
      !draining &&
      lanes.size === 0 &&
      retryTimers.size === 0 &&
      pendingRows.length === 0 &&
      !flushing
    );
  }

  function checkIdle() {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  }

  return {
    /** Takes a lead event; returns at once. */
    accept(lead: LeadEventData) {
      if (closed) return log(`webhooks: lead ${lead.leadId} arrived after shutdown began; not delivered`);
      if (intake.length >= INTAKE_LIMIT) {
        return log(
          `webhooks: ${INTAKE_LIMIT} lead events already waiting; lead ${lead.leadId} not delivered`,
        );
      }
      intake.push(lead);
      draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drainIntake).finally(() => {
        draining = null;
        checkIdle();
      });
    },

    /**
     * A lead.deleted event for the webhooks that were sent the lead (ADR 0106): queued like any delivery, with its
     * retries; returns at once.
     */
    deliverDeleted(lead: LeadEventData, webhooks: ActiveWebhookRow[]) {
      const delivery = newDelivery({ ...lead, event: 'lead.deleted' });
      for (const webhook of webhooks) enqueue({ webhook, delivery, attempt: 1, redelivery: false });
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

    /** Sends one lead to one webhook now (through its lane) and resolves with the recorded attempt. */
    redeliver(webhook: ActiveWebhookRow, lead: LeadEventData, attemptNumber: number): Promise<AttemptRow> {
      return new Promise((done, fail) =>
        enqueue({
          webhook,
          delivery: newDelivery(lead),
          attempt: attemptNumber,
          redelivery: true,
          done,
          fail,
        }),
      );
    },

    /** Writes the attempts buffered so far. */
    flush,

    /** Resolves once nothing is queued, in flight, waiting to retry or waiting to be recorded. */
    idle(): Promise<void> {
      if (isIdle()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    /**
     * Stops taking events, lets queued deliveries finish for up to graceMs, then aborts the rest
     * (recorded as dropped), writes every attempt and closes the connections.
     */
    async close(graceMs = config.timeoutMs + 1000) {
      if (closed) return;
      if (draining) await draining;
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
      for (const lane of lanes.values()) {
        for (const job of lane.queue.splice(0)) {
          record(job, clock.now(), notSent('dropped', 'not sent: the service was shutting down'));
        }
      }
      sender.abort();
      await Promise.allSettled([...running]);
      await flush();
      await sender.close();
    },
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;
