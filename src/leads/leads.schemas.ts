import { type Static, Type } from 'typebox';
import { STAGES } from '../domain/scoring.ts';
import { ISO_TIMESTAMP_PATTERN } from '../domain/timestamps.ts';
import { DateTime, Nullable, StringEnum } from '../http/common.schemas.ts';

export const LEAD_STATUSES = ['new', 'hidden', 'not_fit'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export { STAGES, type Stage } from '../domain/scoring.ts';

export const Lead = Type.Object({
  id: Type.String(),
  postId: Nullable(Type.String()),
  commentId: Nullable(
    Type.String({ description: 'Set when the lead is a comment rather than the post itself.' }),
  ),
  title: Type.String(),
  subreddit: Type.String(),
  author: Nullable(Type.String()),
  url: Type.String(),
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  stage: Nullable(StringEnum(STAGES)),
  reason: Nullable(Type.String()),
  matchedPhrase: Nullable(Type.String()),
  sellerSide: Type.Boolean(),
  status: StringEnum(LEAD_STATUSES),
  postedAt: DateTime,
  scoredAt: DateTime,
  costUsd: Nullable(Type.Number({ minimum: 0 })),
  body: Type.Optional(Nullable(Type.String({ description: 'Present only with include=body.' }))),
});
export type Lead = Static<typeof Lead>;

/** Deep enough for any real paging; a bound keeps huge numbers from reaching SQL (and from rounding). */
export const MAX_OFFSET = 1_000_000;

export const Pagination = Type.Object({
  limit: Type.Integer(),
  offset: Type.Integer(),
  hasMore: Type.Boolean(),
});

export const LeadListQuery = Type.Object({
  status: Type.Optional(
    StringEnum([...LEAD_STATUSES, 'all'], { default: 'new', description: 'Which leads to return.' }),
  ),
  minScore: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'Minimum score.' })),
  since: Type.Optional(
    Type.String({
      pattern: ISO_TIMESTAMP_PATTERN,
      description:
        'Only leads scored at or after this moment (scoredAt, not the post date); for incremental sync. ' +
        'ISO 8601: a date (2026-01-31) or a date-time (2026-01-31T09:00:00Z, +02:00); without a time zone ' +
        'it is read as UTC. With since, the 30-day post window does not apply: every lead scored since then ' +
        'is listed, however old its post.',
      examples: ['2026-01-31T09:00:00Z', '2026-01-31'],
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Page size.' })),
  offset: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0, description: 'Number of leads skipped.' }),
  ),
  include: Type.Optional(
    StringEnum(['body'], { description: 'When body, each lead carries its body field.' }),
  ),
});
export type LeadListQuery = Static<typeof LeadListQuery>;

export const LeadList = Type.Object({ leads: Type.Array(Lead), pagination: Pagination });
export type LeadList = Static<typeof LeadList>;

/** A lead as the dashboard shows it: also the drafted reply a person reviews and posts (never posted for them). */
export const DashboardLead = Type.Object({
  ...Lead.properties,
  reply: Type.Optional(
    Nullable(Type.String({ description: 'The drafted reply; null when none was drafted.' })),
  ),
});
export type DashboardLead = Static<typeof DashboardLead>;
export const DashboardLeadList = Type.Object({ leads: Type.Array(DashboardLead), pagination: Pagination });
export type DashboardLeadList = Static<typeof DashboardLeadList>;
