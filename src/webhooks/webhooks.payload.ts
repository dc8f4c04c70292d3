import { createHmac } from 'node:crypto';
import { toLeadScore } from '../domain/scoring.ts';
import type { LeadCreatedEvent } from '../events.ts';

/** What a delivery carries, whether it comes from a lead.created event or from a redelivery. */
export type LeadEventData = Omit<LeadCreatedEvent, 'draftedAt'>;

/** The Standard Webhooks message id: one per lead event, the same for every attempt and redelivery. */
export const eventIdOf = (leadId: string) => `evt_${leadId}`;

/** The request body exactly as the specification's Events section describes it, plus leadId and projectId. */
export function buildBody(lead: LeadEventData, sentAt: Date): Buffer {
  return Buffer.from(
    JSON.stringify({
      event: 'lead.created',
      created_at: sentAt.toISOString(),
      data: {
        subreddit: lead.subreddit.replace(/^\/?r\//i, ''),
        title: lead.title,
        url: lead.url,
        leadScore: toLeadScore(lead.score),
        product: lead.projectName,
        reply: lead.reply,
        leadId: lead.leadId,
        projectId: lead.projectId,
      },
    }),
  );
}

/** GitHub's scheme: sha256= and the hex HMAC-SHA256 of the exact body bytes, keyed with the secret string. */
export function serviceSignature(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Standard Webhooks: the key is the base64 part of a whsec_ secret; the signed content is id.timestamp.body. */
export function standardSignature(secret: string, id: string, timestamp: number, body: Buffer): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

/** Every header of one delivery request. */
export function deliveryHeaders(secret: string, eventId: string, sentAt: Date, body: Buffer) {
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Service-Webhooks/1.0',
    'x-service-signature': serviceSignature(secret, body),
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(secret, eventId, timestamp, body),
  };
}
