import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { ISO_TIMESTAMP_ALLOWED, parseIsoTimestamp } from '../domain/timestamps.ts';
import { AppError, notFound } from '../errors.ts';
import { createLeadsRepo } from './leads.repo.ts';
import { type DashboardLeadList, LeadListQuery } from './leads.schemas.ts';

/** The default lead window: posts from the last 30 days (the specification's "default lead window"). */
export const LEAD_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

export function leadWindowStart(now: Date, days = LEAD_WINDOW_DAYS): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * Ajv reads a number too large for a double ("1e400", 500 nines) as Infinity and lets it pass `maximum`;
 * refused here in the schema validator's words, on REST and the tool endpoint alike.
 */
function checkFinite(name: 'minScore' | 'limit' | 'offset', value: number | undefined): void {
  if (value === undefined || Number.isFinite(value)) return;
  const { minimum, maximum } = LeadListQuery.properties[name] as unknown as {
    minimum: number;
    maximum: number;
  };
  throw new AppError('invalid_request', `Invalid ${name}: must be an integer from ${minimum} to ${maximum}.`);
}

/** The schema's pattern has let the text through; a date that does not exist (2026-02-30) is still refused. */
function parseSince(since: string): Date {
  const at = parseIsoTimestamp(since);
  if (!at) {
    throw new AppError(
      'invalid_request',
      `Invalid since ${JSON.stringify(since)}: must be ${ISO_TIMESTAMP_ALLOWED}.`,
    );
  }
  return at;
}

export function createLeadsService(deps: { db: Db; clock: Clock }) {
  const leads = createLeadsRepo(deps.db);

  return {
    /**
     * Query values arrive validated (REST schema or tool schema); this applies the defaults and the window.
     * withReply adds each lead's drafted reply (the dashboard's list).
     */
    async listLeads(
      userId: string,
      projectId: string,
      q: LeadListQuery,
      opts: { withReply?: boolean } = {},
    ): Promise<DashboardLeadList> {
      for (const name of ['minScore', 'limit', 'offset'] as const) checkFinite(name, q[name]);
      const limit = q.limit ?? 50;
      const offset = q.offset ?? 0;
      const status = q.status ?? 'new';
      const scoredSince = q.since === undefined ? null : parseSince(q.since);
      const page = await leads.list({
        userId,
        projectId,
        status: status === 'all' ? null : status,
        // `since` chooses its own window (docs/decisions/0007): a lead announced by webhook stays reachable.
        postedAfter: scoredSince ? null : leadWindowStart(deps.clock.now()),
        minScore: q.minScore ?? null,
        scoredSince,
        limit,
        offset,
        withBody: q.include === 'body',
        withReply: opts.withReply ?? false,
      });
      if (!page) throw notFound();
      return { leads: page.leads, pagination: { limit, offset, hasMore: page.hasMore } };
    },
  };
}
export type LeadsService = ReturnType<typeof createLeadsService>;
