import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { toLeadScore } from '../domain/scoring.ts';
import type { LeadCreatedEvent } from '../events.ts';

/** The event kinds sent: lead.created (the contract's), and lead.deleted (ADR 0106). */
export type LeadEventKind = 'lead.created' | 'lead.deleted';
/** Every kind a webhook may receive: a lead's, or webhook.test from the dashboard (ADR 0116). */
export type EventKind = LeadEventKind | 'webhook.test';

/**
 * What a delivery carries, whether it comes from a lead.created event or from a redelivery; `event` absent is
 * lead.created. A lead.deleted delivery carries the lead's ids, link, subreddit and product only (its text is gone).
 */
export type LeadEventData = Omit<LeadCreatedEvent, 'draftedAt'> & { event?: LeadEventKind };

/** A test event from the dashboard's "Send a test event": about no lead, with an id of its own (ADR 0116). */
export interface TestEventData {
  event: 'webhook.test';
  testId: string;
  webhookId: string;
  projectId: string;
  projectName: string;
}

/** What one delivery carries. */
export type DeliveryEvent = LeadEventData | TestEventData;

/** The lead a delivery is about; null for a test event. */
export const leadIdOf = (e: DeliveryEvent): string | null => (e.event === 'webhook.test' ? null : e.leadId);

/** The webhook-id of a delivery: a lead event's (below), or evt_test_<id>, new for every test sent. */
export const deliveryIdOf = (e: DeliveryEvent): string =>
  e.event === 'webhook.test' ? `evt_test_${e.testId}` : eventIdOf(e.leadId, e.event);

/**
 * The Standard Webhooks message id: one per lead event, the same for every attempt and redelivery; a lead's
 * lead.deleted event has its own.
 */
export const eventIdOf = (leadId: string, event: LeadEventKind = 'lead.created') =>
  event === 'lead.deleted' ? `evt_${leadId}_deleted` : `evt_${leadId}`;

/** The event kind an attempt's event id names. */
export const eventKindOf = (eventId: string): EventKind =>
  eventId.startsWith('evt_test_')
    ? 'webhook.test'
    : eventId.endsWith('_deleted')
      ? 'lead.deleted'
      : 'lead.created';

/** What a receiver reads in a test event's data.message. */
export const TEST_EVENT_MESSAGE =
  'A test event sent from the dashboard to check this endpoint and its signature. It is not a lead: store nothing.';

/**
 * The request body exactly as the specification's Events section describes it, plus leadId and projectId.
 * created_at is the send time to the second, the same instant as webhook-timestamp, so that one body serves
 * every webhook of the lead sent within that second.
 */
export function buildBody(lead: DeliveryEvent, timestamp: number): Buffer {
  const created_at = new Date(timestamp * 1000).toISOString();
  if (lead.event === 'webhook.test') {
    const data = {
      test: true,
      message: TEST_EVENT_MESSAGE,
      webhookId: lead.webhookId,
      product: lead.projectName,
      projectId: lead.projectId,
    };
    return Buffer.from(JSON.stringify({ event: 'webhook.test', created_at, data }));
  }
  const event = lead.event ?? 'lead.created';
  const subreddit = lead.subreddit.replace(/^\/?r\//i, '');
  // A lead.deleted carries what finds the receiver's copy: its text is gone (ADR 0106).
  const data =
    event === 'lead.deleted'
      ? {
          subreddit,
          url: lead.url,
          product: lead.projectName,
          leadId: lead.leadId,
          projectId: lead.projectId,
          reason: 'The post or comment was deleted by its author or removed on Reddit.',
        }
      : {
          subreddit,
          title: lead.title,
          url: lead.url,
          leadScore: toLeadScore(lead.score),
          product: lead.projectName,
          reply: lead.reply,
          leadId: lead.leadId,
          projectId: lead.projectId,
        };
  return Buffer.from(JSON.stringify({ event, created_at, data }));
}

/** A webhook's two signing keys, prepared once rather than per request. */
export interface SigningKeys {
  /** The whole secret string (whsec_ included), for X-Service-Signature. */
  service: KeyObject;
  /** The base64-decoded part after whsec_, for webhook-signature. */
  standard: KeyObject;
}

export function signingKeys(secret: string): SigningKeys {
  return {
    service: createSecretKey(Buffer.from(secret, 'utf8')),
    standard: createSecretKey(Buffer.from(secret.replace(/^whsec_/, ''), 'base64')),
  };
}

/** GitHub's scheme: sha256= and the hex HMAC-SHA256 of the exact body bytes, keyed with the secret string. */
export function serviceSignature(key: KeyObject, body: Buffer): string {
  return `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;
}

/** Standard Webhooks: the key is the base64 part of a whsec_ secret; the signed content is id.timestamp.body. */
export function standardSignature(key: KeyObject, id: string, timestamp: number, body: Buffer): string {
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

/** Every header of one delivery request; timestamp in Unix seconds. */
export function deliveryHeaders(keys: SigningKeys, eventId: string, timestamp: number, body: Buffer) {
  return {
    'content-type': 'application/json',
    'user-agent': 'Service-Webhooks/1.0',
    'x-service-signature': serviceSignature(keys.service, body),
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(keys.standard, eventId, timestamp, body),
  };
}
