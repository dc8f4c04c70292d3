import { type Static, Type } from 'typebox';
import { DateTime, Nullable, StringEnum } from '../contract/schemas.ts';

export const OUTCOMES = [
  'delivered',
  'http_error',
  'redirect',
  'timeout',
  'network_error',
  'blocked',
  'dropped',
  'interrupted',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** A registered endpoint as the dashboard lists it; the secret is never listed. */
export const Webhook = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  url: Type.String(),
  createdAt: DateTime,
  lastAttemptAt: Nullable(DateTime),
  lastOutcome: Nullable(StringEnum(OUTCOMES)),
});
export type Webhook = Static<typeof Webhook>;

/** The answer to a registration: the only time the signing secret is shown. */
export const CreatedWebhook = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  url: Type.String(),
  createdAt: DateTime,
  secret: Type.String({ description: 'Shown once; rotate by deleting the webhook and adding it again.' }),
});
export type CreatedWebhook = Static<typeof CreatedWebhook>;

export const WebhookAttempt = Type.Object({
  id: Type.String(),
  webhookId: Type.String(),
  leadId: Nullable(Type.String({ description: 'The lead the event is about; null for a test event.' })),
  eventId: Type.String({ description: 'The webhook-id header: the same for every attempt of one event.' }),
  event: StringEnum(['lead.created', 'lead.deleted', 'webhook.test'], {
    description:
      'The event sent: lead.created, lead.deleted when the post was deleted or removed on Reddit, or webhook.test from "Send a test event".',
  }),
  attempt: Type.Integer({ minimum: 1 }),
  redelivery: Type.Boolean(),
  leadDeleted: Type.Optional(
    Type.Boolean({
      description: "In the list: the lead's post or comment was deleted on Reddit (nothing to resend).",
    }),
  ),
  attemptedAt: DateTime,
  outcome: StringEnum(OUTCOMES),
  statusCode: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  latencyMs: Nullable(Type.Integer()),
});
export type WebhookAttempt = Static<typeof WebhookAttempt>;
