import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import { AppError, notFound } from '../contract/errors.ts';
import type { Db } from '../db/client.ts';
import { normalizeEmail } from '../domain/email.ts';
import type { EventBus } from '../events.ts';
import { checkWebhookUrl, createAddressCheck, WebhookUrlError } from '../webhooks/webhooks.guard.ts';
import { createAlertChannels } from './alerts.channels.ts';
import { alertUrls, createAlertDispatcher } from './alerts.dispatcher.ts';
import { type Channel, createAlertsRepo, type DeliveryRow, type DestinationRow } from './alerts.repo.ts';
import { CADENCES, type Cadence, cadenceAllowed, isTimeZone, nextDigestAt } from './alerts.schedule.ts';

/** A destination as the dashboard and the import file give it. */
export interface AlertInput {
  channel: Channel;
  /** E-mail: the address. */
  to?: string;
  /** Slack or Discord: the incoming-webhook URL. */
  url?: string;
  cadence?: Cadence;
  /** Null or absent: the project's threshold. */
  minScore?: number | null;
  /** Daily digests: the hour (0-23) of `timeZone`. */
  dailyHour?: number;
  timeZone?: string;
  paused?: boolean;
}

export interface AlertDestination {
  id: string;
  projectId: string;
  channel: Channel;
  /** The address or URL; a chat URL's secret path is shortened when listed. */
  target: string;
  cadence: Cadence;
  minScore: number | null;
  dailyHour: number;
  timeZone: string;
  confirmed: boolean;
  paused: boolean;
  nextDigestAt: string | null;
  createdAt: string;
}

export interface AlertDelivery {
  id: string;
  attemptedAt: string;
  kind: DeliveryRow['kind'];
  leads: number;
  attempt: number;
  outcome: DeliveryRow['outcome'];
  statusCode: number | null;
  error: string | null;
}

/** What an action link did, for the page that answers it. */
export type LinkOutcome =
  | {
      state: 'done' | 'used' | 'expired';
      action: 'hide' | 'not_fit' | 'unsubscribe' | 'confirm';
      title?: string;
    }
  | { state: 'unknown' };

const CHAT_HOSTS: Record<'slack' | 'discord', RegExp> = {
  slack: /^https:\/\//,
  discord: /^https:\/\//,
};

/** A chat URL carries its secret in the path: listed as origin and the first characters only. */
function shownTarget(d: DestinationRow): string {
  if (d.channel === 'email') return d.target;
  try {
    const u = new URL(d.target);
    return `${u.origin}${u.pathname.slice(0, 16)}…`;
  } catch {
    return '…';
  }
}

function toDestination(d: DestinationRow): AlertDestination {
  return {
    id: d.id,
    projectId: d.project_id,
    channel: d.channel,
    target: shownTarget(d),
    cadence: d.cadence,
    minScore: d.min_score,
    dailyHour: d.daily_hour,
    timeZone: d.time_zone,
    confirmed: d.channel !== 'email' || d.confirmed_at !== null,
    paused: d.paused_at !== null,
    nextDigestAt: d.next_digest_at?.toISOString() ?? null,
    createdAt: d.created_at.toISOString(),
  };
}

const bad = (message: string) => new AppError('invalid_request', message);

/**
 * Alerts: the destinations of a project (e-mail, Slack, Discord), their delivery log, the test button, the links in
 * alert e-mails, and the worker that sends (docs/decisions/0114-alerts.md).
 */
export function createAlertsService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  events: EventBus;
  setLeadStatus: (
    userId: string,
    projectId: string,
    leadIds: string[],
    status: 'hidden' | 'not_fit',
  ) => Promise<unknown>;
  log?: (message: string) => void;
}) {
  const { db, clock, config } = deps;
  const repo = createAlertsRepo(db);
  const isAllowed = createAddressCheck(config.webhooks);
  const channels = createAlertChannels(config.webhooks, config.signIn);
  const log = deps.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  const dispatcher = createAlertDispatcher({ db, clock, channels, publicBaseUrl: config.publicBaseUrl, log });
  const urls = alertUrls(config.publicBaseUrl);

  // New leads are in alert_outbox with the scan's commit; the event only says to look now.
  deps.events.on('lead.created', () => dispatcher.wake());

  async function owner(projectId: string) {
    const rows = await db.query<{
      user_id: string;
      email: string | null;
      tier: 'free' | 'connected';
      name: string;
    }>(
      `SELECT p.user_id, u.email, u.tier, p.name FROM projects p JOIN users u ON u.id = p.user_id WHERE p.id = $1`,
      [projectId],
    );
    return rows[0];
  }

  async function ownedDestination(userId: string, id: string) {
    const d = await repo.findDestination(id);
    if (!d || d.user_id !== userId) throw notFound('alert destination');
    return d;
  }

  /** The cadence, hour, zone and minimum an input asks for, checked against the tier. */
  function settings(input: AlertInput, tier: 'free' | 'connected', current?: DestinationRow) {
    const cadence = input.cadence ?? current?.cadence ?? 'instant';
    if (!CADENCES.includes(cadence)) throw bad(`cadence must be one of ${CADENCES.join(', ')}.`);
    if (!config.selfHosted) {
      const fastest = config.tierLimits[tier].alertCadence;
      if (!cadenceAllowed(cadence, fastest)) {
        throw new AppError(
          'forbidden',
          `The ${tier} plan sends alerts ${fastest} at the fastest; choose ${fastest === 'hourly' ? 'hourly or daily' : 'daily'}.`,
        );
      }
    }
    const dailyHour = input.dailyHour ?? current?.daily_hour ?? 8;
    if (!Number.isInteger(dailyHour) || dailyHour < 0 || dailyHour > 23)
      throw bad('dailyHour must be 0 to 23.');
    const timeZone = input.timeZone ?? current?.time_zone ?? 'UTC';
    if (!isTimeZone(timeZone))
      throw bad(`"${timeZone}" is not a time zone (an IANA name such as Europe/Berlin).`);
    const minScore = input.minScore === undefined ? (current?.min_score ?? null) : input.minScore;
    if (minScore !== null && (!Number.isInteger(minScore) || minScore < 0 || minScore > 100)) {
      throw bad('minScore must be an integer from 0 to 100, or null for the project threshold.');
    }
    return { cadence, dailyHour, timeZone, minScore };
  }

  /** The address or URL of a new destination, checked; chat URLs through the webhook address guard. */
  async function target(input: AlertInput): Promise<string> {
    if (input.channel === 'email') {
      const email = normalizeEmail(input.to);
      if (!email) throw bad('Give an e-mail address in "to".');
      return email;
    }
    if (input.channel !== 'slack' && input.channel !== 'discord') {
      throw bad('channel must be email, slack or discord.');
    }
    const url = input.url?.trim() ?? '';
    if (!CHAT_HOSTS[input.channel].test(url))
      throw bad(`Give the ${input.channel} incoming-webhook URL (https) in "url".`);
    try {
      await checkWebhookUrl(url, isAllowed);
    } catch (err) {
      if (err instanceof WebhookUrlError) throw bad(err.message);
      throw err;
    }
    return url;
  }

  return {
    async list(userId: string, projectId: string): Promise<AlertDestination[]> {
      const o = await owner(projectId);
      if (!o || o.user_id !== userId) throw notFound();
      return (await repo.listDestinations(projectId)).map(toDestination);
    },

    /**
     * Adds a destination. An e-mail address other than the account's own gets a confirmation link and nothing else
     * until it is opened; Slack and Discord count with webhooks against the plan's alertWebhooks.
     */
    async create(userId: string, projectId: string, input: AlertInput): Promise<AlertDestination> {
      const o = await owner(projectId);
      if (!o || o.user_id !== userId) throw notFound();
      const to = await target(input);
      const s = settings(input, o.tier);
      if (input.channel !== 'email' && !config.selfHosted) {
        const limit = config.tierLimits[o.tier].alertWebhooks;
        const [hooks] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM webhooks w JOIN projects p ON p.id = w.project_id
            WHERE p.user_id = $1 AND w.deleted_at IS NULL`,
          [userId],
        );
        if (limit !== null && hooks!.n + (await repo.countChatDestinations(userId)) >= limit) {
          throw new AppError(
            'forbidden',
            limit === 0
              ? `Slack and Discord alerts are not part of the ${o.tier} plan; e-mail alerts are.`
              : `The ${o.tier} plan allows ${limit} webhooks and chat alerts in all; delete one to add another.`,
          );
        }
      }
      const own = input.channel === 'email' && o.email !== null && to === o.email;
      const now = clock.now();
      const row = await repo.insertDestination({
        projectId,
        channel: input.channel,
        target: to,
        cadence: s.cadence,
        dailyHour: s.dailyHour,
        timeZone: s.timeZone,
        minScore: s.minScore,
        confirmedAt: input.channel !== 'email' || own ? now : null,
        nextDigestAt: nextDigestAt(s.cadence, s.dailyHour, s.timeZone, now),
      });
      if (!row)
        throw bad(
          `This project already sends alerts to that ${input.channel === 'email' ? 'address' : 'URL'}.`,
        );
      if (input.channel === 'email' && !own) dispatcher.wake(); // its confirmation goes out now
      return toDestination(row);
    },

    async update(userId: string, id: string, input: Partial<AlertInput>): Promise<AlertDestination> {
      const d = await ownedDestination(userId, id);
      const o = (await owner(d.project_id))!;
      const s = settings({ channel: d.channel, ...input }, o.tier, d);
      const now = clock.now();
      const row = await repo.updateDestination(id, {
        ...s,
        paused: input.paused ?? d.paused_at !== null,
        nextDigestAt: nextDigestAt(s.cadence, s.dailyHour, s.timeZone, now),
        at: now,
      });
      return toDestination(row!);
    },

    async remove(userId: string, id: string): Promise<void> {
      await ownedDestination(userId, id);
      await repo.deleteDestination(id);
    },

    async deliveries(userId: string, id: string, limit = 50): Promise<AlertDelivery[]> {
      await ownedDestination(userId, id);
      return (await repo.listDeliveries(id, Math.min(Math.max(limit, 1), 200))).map((r) => ({
        id: r.id,
        attemptedAt: r.attempted_at.toISOString(),
        kind: r.kind,
        leads: r.lead_ids.length,
        attempt: r.attempt,
        outcome: r.outcome,
        statusCode: r.status_code,
        error: r.error,
      }));
    },

    /** Sends the project's best recent leads (or a sample when it has none) to the destination now, and logs it. */
    async sendTest(userId: string, id: string): Promise<AlertDelivery> {
      const d = await ownedDestination(userId, id);
      if (d.channel === 'email' && !d.confirmed_at) {
        throw bad(
          'This address has not confirmed yet; the test goes once its owner opens the confirmation link.',
        );
      }
      const o = (await owner(d.project_id))!;
      const best = await db.query<{ id: string }>(
        `SELECT id FROM leads WHERE project_id = $1 AND deleted_at IS NULL AND NOT seller_side AND status = 'new'
          ORDER BY score DESC, posted_at DESC LIMIT 3`,
        [d.project_id],
      );
      const leads = await repo.leads(best.map((b) => b.id));
      const message = await dispatcher.messageFor(d, 'test', leads, o.name);
      if (leads.length === 0) {
        message.leads = [
          {
            id: 'sample',
            title: 'Looking for a tool like yours (a sample lead)',
            subreddit: 'smallbusiness',
            score: 80,
            stage: 'solution-seeking',
            reason: 'A sample: your first real lead will look like this.',
            body: 'This is a test alert. Real alerts list new leads from your scans.',
            url: config.publicBaseUrl,
            reply: null,
            dashboardUrl: urls.queue(d.project_id),
          },
        ];
      }
      const result = await channels.send(d.channel, d.target, message);
      const row = {
        destination_id: d.id,
        attempted_at: clock.now(),
        kind: 'test' as const,
        lead_ids: leads.map((l) => l.id),
        attempt: 1,
        outcome: result.outcome === 'sent' ? ('sent' as const) : ('failed' as const),
        status_code: result.statusCode,
        error: result.error,
      };
      await repo.insertDelivery(row);
      return {
        id: '',
        attemptedAt: row.attempted_at.toISOString(),
        kind: 'test',
        leads: leads.length,
        attempt: 1,
        outcome: row.outcome,
        statusCode: row.status_code,
        error: row.error,
      };
    },

    /** What a link in an alert e-mail stands for, without using it (the page a GET shows). */
    async peekLink(token: string): Promise<LinkOutcome> {
      const link = await repo.findLink(token);
      if (!link) return { state: 'unknown' };
      const title = link.lead_id ? (await repo.leads([link.lead_id]))[0]?.title : undefined;
      if (link.action !== 'unsubscribe' && link.used_at) return { state: 'used', action: link.action, title };
      if (link.expires_at <= clock.now()) return { state: 'expired', action: link.action, title };
      return { state: 'done', action: link.action, title };
    },

    /**
     * Uses a link: hide and not-a-fit set the lead's status once, confirm turns the address on, unsubscribe pauses
     * the destination (any number of times). No sign-in: the link is the proof.
     */
    async useLink(token: string): Promise<LinkOutcome> {
      const link = await repo.findLink(token);
      if (!link) return { state: 'unknown' };
      const lead = link.lead_id ? (await repo.leads([link.lead_id]))[0] : undefined;
      const title = lead?.title;
      if (link.expires_at <= clock.now()) return { state: 'expired', action: link.action, title };
      const d = await repo.findDestination(link.destination_id);
      if (!d) return { state: 'unknown' };
      if (link.action === 'unsubscribe') {
        await repo.setPaused(d.id, d.paused_at ?? clock.now());
        return { state: 'done', action: 'unsubscribe' };
      }
      if (!(await repo.useLink(token, clock.now()))) return { state: 'used', action: link.action, title };
      if (link.action === 'confirm') await repo.confirm(d.id, clock.now());
      else if (lead)
        await deps.setLeadStatus(
          d.user_id,
          d.project_id,
          [lead.id],
          link.action === 'hide' ? 'hidden' : 'not_fit',
        );
      return { state: 'done', action: link.action, title };
    },

    /** Workers send what alert_outbox holds (main.ts calls it for ROLE=all and worker). */
    startDelivering: () => dispatcher.startPolling(),
    /** One delivery pass now; tests drive digests with a fake clock through it. */
    runDue: () => dispatcher.runDue(),
    idle: () => dispatcher.idle(),
    close: () => dispatcher.close(),
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
