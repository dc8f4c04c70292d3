import { type Static, Type } from 'typebox';
import { DateTime, Nullable, StringEnum } from '../contract/schemas.ts';
import { STAGES } from '../domain/scoring/types.ts';
import { ISO_TIMESTAMP_PATTERN } from '../domain/timestamps.ts';

export const LEAD_STATUSES = ['new', 'hidden', 'not_fit'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Another place a lead's story appeared (docs/decisions/0120-one-lead-per-story.md). */
export const LeadPlace = Type.Object(
  {
    postId: Type.String(),
    commentId: Nullable(Type.String({ description: 'Set when this copy is a comment.' })),
    subreddit: Type.String(),
    author: Nullable(Type.String()),
    url: Type.String(),
    postedAt: DateTime,
  },
  {
    description: "A cross-post, a repost or the author's copy of the lead's post (or a comment copying it).",
  },
);
export type LeadPlace = Static<typeof LeadPlace>;

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
  costUsd: Nullable(
    Type.Number({
      minimum: 0,
      description:
        "Cost in USD of the upstream call that fetched the post (0 when the data was bought by another project and reused). One call usually finds several leads and each carries its whole cost, so this is shared: summing it over leads overstates what was spent; the project's spend is getProjectUsage.",
    }),
  ),
  body: Type.Optional(Nullable(Type.String({ description: 'Present only with include=body.' }))),
  otherPlaces: Type.Optional(
    Type.Array(LeadPlace, {
      description:
        'One lead per story: the other places the same text appeared (cross-posts, reposts, the same ' +
        "author's copy), oldest first; empty when none. The lead's own fields are its home, the first copy " +
        'found; a later copy adds a place here and sends no new lead.created.',
    }),
  ),
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

/** The reply awaiting review, as list_leads adds it with withReply and the dashboard shows it. */
const ReplyAwaitingReview = Type.Optional(
  Nullable(
    Type.String({
      description:
        "The reply awaiting review: the person's edit, or the draft; null when none. Never posted for you.",
    }),
  ),
);

/** list_leads with withReply: the REST Lead and its reply awaiting review (the tool's results are open). */
export const LeadWithReplyList = Type.Object({
  leads: Type.Array(Type.Object({ ...Lead.properties, reply: ReplyAwaitingReview })),
  pagination: Pagination,
});

/** A lead as the dashboard shows it: also the drafted reply a person reviews and posts (never posted for them). */
export const DashboardLead = Type.Object({
  ...Lead.properties,
  reply: ReplyAwaitingReview,
  replyEditedAt: Type.Optional(Nullable(DateTime)),
  repliedAt: Type.Optional(Nullable(DateTime)),
  belowThreshold: Type.Optional(
    Nullable(Type.Integer({ description: 'The raised threshold that hid this lead (it scored below it).' })),
  ),
});
export type DashboardLead = Static<typeof DashboardLead>;
export const DashboardLeadList = Type.Object({ leads: Type.Array(DashboardLead), pagination: Pagination });
export type DashboardLeadList = Static<typeof DashboardLeadList>;

/** The dashboard's extra filters beside the REST ones (never on REST, which keeps its contract). */
/**
 * The dashboard's queues: the contract's statuses, and replied (hidden leads the person replied to, ADR 0098).
 * On the dashboard, hidden means hidden and not replied.
 */
export const QUEUE_STATUSES = [...LEAD_STATUSES, 'replied'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const DashboardLeadFilters = Type.Object({
  status: Type.Optional(
    StringEnum([...QUEUE_STATUSES, 'all'], { default: 'new', description: 'Which leads to return.' }),
  ),
  minScore: LeadListQuery.properties.minScore,
  since: LeadListQuery.properties.since,
  stage: Type.Optional(StringEnum(STAGES, { description: 'Only leads at this stage.' })),
  sellerSide: Type.Optional(
    Type.Boolean({ description: 'true: only sellers; false: only buyers (not seller-side).' }),
  ),
  subreddit: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Only leads from this subreddit.' }),
  ),
  days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 30,
      description: 'Only posts from the last N days (within the 30-day window).',
    }),
  ),
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Words that must each appear in the title or the text (case-insensitive); "quoted phrases" too.',
    }),
  ),
});
export type DashboardLeadFilters = Static<typeof DashboardLeadFilters>;

/** A page of the dashboard's queue: its filters plus paging, with pages of up to 500 leads. */
export const DashboardLeadQuery = Type.Object({
  ...DashboardLeadFilters.properties,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'Page size.' })),
  offset: LeadListQuery.properties.offset,
});
export type DashboardLeadQuery = Static<typeof DashboardLeadQuery>;

/** Leads per status under the current filters (status itself aside), and the subreddits leads came from. */
export const LeadSummary = Type.Object({
  counts: Type.Object({
    new: Type.Integer({ minimum: 0 }),
    hidden: Type.Integer({ minimum: 0 }),
    not_fit: Type.Integer({ minimum: 0 }),
    replied: Type.Integer({ minimum: 0 }),
  }),
  subreddits: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer({ minimum: 0 }) })),
});
export type LeadSummary = Static<typeof LeadSummary>;

/** At most this many leads change status in one call (one dashboard selection, one tool call). */
export const MAX_STATUS_BATCH = 100;

const LeadId = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'A lead id, as list_leads returns it.',
});

export const SetLeadStatusBody = Type.Object(
  {
    leadIds: Type.Array(LeadId, {
      minItems: 1,
      maxItems: MAX_STATUS_BATCH,
      description: `The leads to move: 1 to ${MAX_STATUS_BATCH} ids of the same project.`,
    }),
    status: StringEnum(LEAD_STATUSES, {
      description:
        'new: back to the untriaged queue; hidden: out of the queue; not_fit: not a lead for this product.',
    }),
  },
  { additionalProperties: false },
);
export type SetLeadStatusBody = Static<typeof SetLeadStatusBody>;

/** Undo: each lead back to the status it had (the previousStatus values of a LeadStatusChanges answer). */
export const RestoreLeadStatusesBody = Type.Object(
  {
    leads: Type.Array(
      Type.Object(
        {
          id: LeadId,
          status: StringEnum(LEAD_STATUSES),
          repliedAt: Type.Optional(Nullable(DateTime)),
          belowThreshold: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100 }))),
        },
        { additionalProperties: false },
      ),
      {
        minItems: 1,
        maxItems: MAX_STATUS_BATCH,
        description: `1 to ${MAX_STATUS_BATCH} leads, each with the status to give it.`,
      },
    ),
  },
  { additionalProperties: false },
);
export type RestoreLeadStatusesBody = Static<typeof RestoreLeadStatusesBody>;

export const LeadStatusChanges = Type.Object({
  leads: Type.Array(
    Type.Object({
      id: Type.String(),
      previousStatus: StringEnum(LEAD_STATUSES, {
        description: 'The status before this call: what an undo restores.',
      }),
      status: StringEnum(LEAD_STATUSES),
    }),
    { description: 'Every lead of the call, in the order given (duplicates once).' },
  ),
  changed: Type.Integer({ minimum: 0, description: 'How many leads actually changed status.' }),
});
export type LeadStatusChanges = Static<typeof LeadStatusChanges>;

/** Mark replied: the leads leave the queue (hidden) with the time the person replied (ADR 0098). */
export const MarkRepliedBody = Type.Object(
  { leadIds: SetLeadStatusBody.properties.leadIds },
  { additionalProperties: false },
);
export type MarkRepliedBody = Static<typeof MarkRepliedBody>;

/** The longest reply the dashboard keeps (a Reddit comment holds 10,000 characters). */
export const MAX_REPLY_CHARS = 10_000;

export const EditReplyBody = Type.Object(
  {
    text: Type.String({
      maxLength: MAX_REPLY_CHARS,
      description: 'The reply as the person wants to post it.',
    }),
  },
  { additionalProperties: false },
);
export type EditReplyBody = Static<typeof EditReplyBody>;

/** A lead's reply after an edit or a restore: replyEditedAt is null when it is the draft as generated. */
export const LeadReply = Type.Object({
  id: Type.String(),
  reply: Nullable(Type.String()),
  replyEditedAt: Nullable(DateTime),
});
export type LeadReply = Static<typeof LeadReply>;

/** New leads (in the 30-day window) scoring below the project's threshold: scored before it was raised. */
export const BelowThreshold = Type.Object({
  threshold: Type.Integer({ minimum: 0, maximum: 100 }),
  count: Type.Integer({ minimum: 0 }),
});
export type BelowThreshold = Static<typeof BelowThreshold>;
