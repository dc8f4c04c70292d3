import { type Static, Type } from 'typebox';
import { DateTime, Nullable, StringEnum } from '../contract/schemas.ts';

const Channel = StringEnum(['email', 'slack', 'discord']);
const Cadence = StringEnum(['instant', 'hourly', 'daily']);

/** A destination as the dashboard adds it (and as a project import file lists it under "alerts"). */
export const AlertInputBody = Type.Object(
  {
    channel: Channel,
    to: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    cadence: Type.Optional(Cadence),
    minScore: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100 }))),
    dailyHour: Type.Optional(Type.Integer({ minimum: 0, maximum: 23 })),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const AlertUpdateBody = Type.Object(
  {
    cadence: Type.Optional(Cadence),
    minScore: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100 }))),
    dailyHour: Type.Optional(Type.Integer({ minimum: 0, maximum: 23 })),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    paused: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const AlertDestination = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  channel: Channel,
  target: Type.String(),
  cadence: Cadence,
  minScore: Nullable(Type.Integer()),
  dailyHour: Type.Integer(),
  timeZone: Type.String(),
  confirmed: Type.Boolean(),
  paused: Type.Boolean(),
  nextDigestAt: Nullable(DateTime),
  createdAt: DateTime,
});
export type AlertDestination = Static<typeof AlertDestination>;

export const AlertDelivery = Type.Object({
  id: Type.String(),
  attemptedAt: DateTime,
  kind: StringEnum(['instant', 'digest', 'test', 'confirmation']),
  leads: Type.Integer(),
  attempt: Type.Integer(),
  outcome: StringEnum(['sent', 'retrying', 'failed']),
  statusCode: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
});
