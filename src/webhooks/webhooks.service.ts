import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import { AppError, notFound } from '../contract/errors.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events.ts';
import { createDispatcher } from './webhooks.dispatcher.ts';
import { checkWebhookUrl, createAddressCheck, WebhookUrlError } from './webhooks.guard.ts';
import { enqueueDeleted } from './webhooks.outbox.ts';
import { eventIdOf, eventKindOf } from './webhooks.payload.ts';
import { type AttemptRow, createWebhooksRepo, type WebhookListRow } from './webhooks.repo.ts';
import type { CreatedWebhook, Webhook, WebhookAttempt } from './webhooks.schemas.ts';
import { createSender } from './webhooks.sender.ts';

function toWebhook(r: WebhookListRow): Webhook {
  return {
    id: r.id,
    projectId: r.project_id,
    url: r.url,
    createdAt: r.created_at.toISOString(),
    lastAttemptAt: r.last_attempt_at?.toISOString() ?? null,
    lastOutcome: r.last_outcome,
  };
}

function toAttempt(r: AttemptRow): WebhookAttempt {
  return {
    id: r.id,
    webhookId: r.webhook_id,
    leadId: r.lead_id,
    eventId: r.event_id,
    event: eventKindOf(r.event_id),
    attempt: r.attempt,
    redelivery: r.redelivery,
    attemptedAt: r.attempted_at.toISOString(),
    outcome: r.outcome,
    statusCode: r.status_code,
    error: r.error,
    latencyMs: r.latency_ms,
    ...(r.lead_deleted !== undefined ? { leadDeleted: r.lead_deleted } : {}),
  };
}

const defaultLog = (message: string) => process.stderr.write(`${message}\n`);

/**
 * The webhook verbs a dashboard calls (register, list, delete, attempts, redeliver, test) and the delivery of
 * lead.created events to every active webhook of the lead's project.
 */
export function createWebhooksService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  events: EventBus;
  log?: (message: string) => void;
}) {
  const { db, clock, config } = deps;
  const repo = createWebhooksRepo(db);
  const isAllowed = createAddressCheck(config.webhooks);
  const dispatcher = createDispatcher({
    db,
    repo,
    sender: createSender(config.webhooks),
    clock,
    config: config.webhooks,
    log: deps.log ?? defaultLog,
  });

  // The scan wrote the deliveries with its leads (the outbox); the event only says to claim them now. The
  // listener returns at once: the scan that emits never waits for a receiver.
  deps.events.on('lead.created', () => dispatcher.wake());

  // Deleted on Reddit (ADR 0103): deliveries not yet sent are dropped, and the webhooks that were sent the lead
  // get a lead.deleted event (ADR 0106). Looked up off the emitter's path; idle() waits for it.
  const telling = new Set<Promise<void>>();
  deps.events.on('leads.deleted', (e) => {
    dispatcher.forgetLeads(e.leadIds);
    const told = tellDeleted(e.leadIds).finally(() => telling.delete(told));
    telling.add(told);
  });

  async function tellDeleted(leadIds: string[]) {
    try {
      // The lead.created attempts must be in the table to be found.
      await dispatcher.flush();
      const targets = await repo.deletedLeadTargets(leadIds);
      await enqueueDeleted(
        db,
        targets.map((t) => ({ leadId: t.lead.leadId, webhookId: t.webhook.id })),
      );
      dispatcher.wake();
    } catch (err) {
      (deps.log ?? defaultLog)(
        `webhooks: cannot send lead.deleted for ${leadIds.length} leads: ${(err as Error).message}`,
      );
    }
  }

  async function ownedActive(userId: string, webhookId: string) {
    const hook = await repo.findForUser(userId, webhookId);
    if (!hook || hook.deleted_at) throw notFound('webhook');
    return hook;
  }

  return {
    /**
     * Adds an https endpoint to the project and returns its signing secret, which is shown only here.
     * The host must resolve to public addresses (unless WEBHOOK_ALLOW_PRIVATE allows it).
     */
    async register(userId: string, projectId: string, url: string): Promise<CreatedWebhook> {
      const owner = await repo.findProjectOwner(projectId);
      if (!owner || owner.user_id !== userId) throw notFound();
      // The URL first: a bad one gets its own answer whatever the count (the plan limit is no reason to fix it).
      try {
        await checkWebhookUrl(url, isAllowed);
      } catch (err) {
        if (err instanceof WebhookUrlError) throw new AppError('invalid_request', err.message);
        throw err;
      }
      const limit = config.selfHosted ? null : config.tierLimits[owner.tier].alertWebhooks;
      if (limit !== null && (await repo.countActiveForUser(userId)) >= limit) {
        throw new AppError(
          'forbidden',
          limit === 0
            ? `Webhooks are not part of the ${owner.tier} plan.`
            : `The ${owner.tier} plan allows ${limit} webhook${limit === 1 ? '' : 's'}; delete one to add another.`,
        );
      }
      const row = await repo.insert(projectId, url);
      if (!row) {
        throw new AppError(
          'invalid_request',
          'This URL is already a webhook of the project; to rotate its secret, delete it and add it again.',
        );
      }
      return {
        id: row.id,
        projectId,
        url: row.url,
        createdAt: row.created_at.toISOString(),
        secret: row.secret,
      };
    },

    async list(userId: string, projectId: string): Promise<Webhook[]> {
      const owner = await repo.findProjectOwner(projectId);
      if (!owner || owner.user_id !== userId) throw notFound();
      return (await repo.listForProject(projectId)).map(toWebhook);
    },

    /** Stops deliveries to the webhook and forgets its secret; its attempts stay listed. */
    async delete(userId: string, webhookId: string): Promise<void> {
      if (!(await repo.softDelete(userId, webhookId, clock.now()))) throw notFound('webhook');
    },

    /** The webhook's attempts, newest first, optionally for one lead. */
    async listAttempts(
      userId: string,
      webhookId: string,
      opts: { limit?: number; leadId?: string } = {},
    ): Promise<WebhookAttempt[]> {
      const hook = await repo.findForUser(userId, webhookId);
      if (!hook) throw notFound('webhook');
      const limit = Math.min(Math.max(opts.limit ?? 50, 1), 500);
      return (await repo.listAttempts(webhookId, limit, opts.leadId)).map(toAttempt);
    },

    /** Sends the lead's event to the webhook again (same webhook-id) and returns the recorded attempt. */
    async redeliver(userId: string, webhookId: string, leadId: string): Promise<WebhookAttempt> {
      const hook = await ownedActive(userId, webhookId);
      const lead = await repo.findLeadEvent(hook.project_id, leadId);
      if (!lead) throw notFound('lead');
      await dispatcher.flush(); // so that the attempt number counts attempts still buffered
      const attempt = await repo.nextAttemptNumber(hook.id, eventIdOf(leadId));
      return toAttempt(await dispatcher.sendNow(hook, lead, attempt));
    },

    /**
     * Sends a signed webhook.test event to the webhook now (ADR 0116) and returns its recorded attempt: the
     * person sees whether the endpoint answers and verifies, without waiting for a lead.
     */
    async sendTest(userId: string, webhookId: string): Promise<WebhookAttempt> {
      const hook = await ownedActive(userId, webhookId);
      const event = {
        event: 'webhook.test' as const,
        testId: randomUUID(),
        webhookId: hook.id,
        projectId: hook.project_id,
        projectName: await repo.projectName(hook.project_id),
      };
      return toAttempt(await dispatcher.sendNow(hook, event, 1));
    },

    /** Resolves once every accepted event has been delivered (or has failed) and recorded; for tests. */
    idle: async () => {
      while (telling.size) await Promise.all([...telling]);
      await dispatcher.idle();
    },

    /** Sends what the outbox holds, looking every second (a worker's job; main.ts calls it). */
    startDelivering: () => dispatcher.startPolling(),

    /** Stops taking events and flushes (see the dispatcher); main.ts calls it on shutdown. */
    close: (graceMs?: number) => dispatcher.close(graceMs),
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
