import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { ISO_TIMESTAMP_ALLOWED, parseIsoTimestamp } from '../domain/timestamps.ts';
import { AppError, notFound } from '../errors.ts';
import { createLeadsRepo, type LeadConditions, likePattern } from './leads.repo.ts';
import {
  type DashboardLead,
  type DashboardLeadFilters,
  type DashboardLeadList,
  LeadListQuery,
  type LeadStatus,
  type LeadStatusChanges,
  type LeadSummary,
  MAX_STATUS_BATCH,
} from './leads.schemas.ts';

/** The default lead window: posts from the last 30 days (the specification's "default lead window"). */
export const LEAD_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;
/** Pages of this many leads make up an export, so memory stays flat however many leads match. */
const EXPORT_PAGE = 500;

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

/** `crm "small team"` -> the words and quoted phrases, each a LIKE pattern; at most 8. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  const terms = [...q.matchAll(/"([^"]*)"|(\S+)/g)]
    .map((m) => (m[1] ?? m[2] ?? '').trim())
    .filter((t) => t !== '');
  return [...new Set(terms.map((t) => t.toLowerCase()))].slice(0, 8).map(likePattern);
}

/** The lead list's query: the REST filters, and on the dashboard its own ones too. */
export type LeadQuery = Omit<LeadListQuery, 'limit'> & Partial<DashboardLeadFilters> & { limit?: number };

export function createLeadsService(deps: { db: Db; clock: Clock }) {
  const leads = createLeadsRepo(deps.db);

  /** Query values arrive validated (REST, tool or dashboard schema); this applies the defaults and the window. */
  function conditionsOf(projectId: string, q: Partial<DashboardLeadFilters>): LeadConditions {
    const now = deps.clock.now();
    checkFinite('minScore', q.minScore);
    const status = q.status ?? 'new';
    const scoredSince = q.since === undefined ? null : parseSince(q.since);
    return {
      projectId,
      status: status === 'all' ? null : status,
      // `since` chooses its own window (docs/decisions/0007): a lead announced by webhook stays reachable.
      postedAfter:
        scoredSince && q.days === undefined
          ? null
          : leadWindowStart(now, Math.min(q.days ?? LEAD_WINDOW_DAYS, LEAD_WINDOW_DAYS)),
      minScore: q.minScore ?? null,
      scoredSince,
      stage: q.stage ?? null,
      sellerSide: q.sellerSide ?? null,
      subreddit: q.subreddit?.replace(/^\/?r\//i, '') || null,
      terms: searchTerms(q.q),
    };
  }

  /**
   * Moves each lead to its status in one transaction: every id must be a lead of the project on this account,
   * or nothing changes (not_found naming the others).
   */
  async function changeStatuses(
    userId: string,
    projectId: string,
    changes: { id: string; status: LeadStatus }[],
  ): Promise<LeadStatusChanges> {
    const wanted = new Map<string, LeadStatus>();
    for (const c of changes) {
      if (wanted.has(c.id) && wanted.get(c.id) !== c.status) {
        throw new AppError('invalid_request', `Lead ${c.id} is given twice with different statuses.`);
      }
      wanted.set(c.id, c.status);
    }
    if (wanted.size === 0 || wanted.size > MAX_STATUS_BATCH) {
      throw new AppError(
        'invalid_request',
        `Give 1 to ${MAX_STATUS_BATCH} leads per call (got ${wanted.size}).`,
      );
    }
    const ids = [...wanted.keys()];
    return deps.db.transaction(async (tx) => {
      const repo = createLeadsRepo(tx);
      const current = await repo.lockStatuses(userId, projectId, ids);
      if (!current) throw notFound();
      const missing = ids.filter((id) => !current.has(id));
      if (missing.length > 0) {
        const shown =
          missing.slice(0, 5).join(', ') + (missing.length > 5 ? ` and ${missing.length - 5} more` : '');
        throw new AppError(
          'not_found',
          `No such lead in this project on this account: ${shown}. Nothing was changed.`,
        );
      }
      const result = ids.map((id) => ({ id, previousStatus: current.get(id)!, status: wanted.get(id)! }));
      const moved = result.filter((r) => r.previousStatus !== r.status);
      if (moved.length > 0) await repo.updateStatuses(projectId, moved);
      return { leads: result, changed: moved.length };
    });
  }

  return {
    /** One page of leads, highest score first. withReply adds each lead's drafted reply (the dashboard's list). */
    async listLeads(
      userId: string,
      projectId: string,
      q: LeadQuery,
      opts: { withReply?: boolean } = {},
    ): Promise<DashboardLeadList> {
      for (const name of ['limit', 'offset'] as const) checkFinite(name, q[name]);
      const limit = q.limit ?? 50;
      const offset = q.offset ?? 0;
      const page = await leads.list({
        ...conditionsOf(projectId, q),
        userId,
        limit,
        offset,
        withBody: q.include === 'body',
        withReply: opts.withReply ?? false,
      });
      if (!page) throw notFound();
      return { leads: page.leads, pagination: { limit, offset, hasMore: page.hasMore } };
    },

    /** How many leads each status holds under the filters (whatever their status filter), and the subreddits. */
    async summarizeLeads(
      userId: string,
      projectId: string,
      q: Partial<DashboardLeadFilters>,
    ): Promise<LeadSummary> {
      const c = conditionsOf(projectId, q);
      const counts = await leads.countByStatus(userId, c);
      if (!counts) throw notFound();
      return {
        counts: {
          new: counts.get('new') ?? 0,
          hidden: counts.get('hidden') ?? 0,
          not_fit: counts.get('not_fit') ?? 0,
        },
        subreddits: await leads.subredditCounts(projectId, leadWindowStart(deps.clock.now())),
      };
    },

    /**
     * Every lead under the filters, in list order, page by page (with body and drafted reply). Throws not_found
     * before anything is produced, so a transport can still answer with an error.
     */
    async exportLeads(
      userId: string,
      projectId: string,
      q: Partial<DashboardLeadFilters>,
    ): Promise<AsyncIterable<DashboardLead[]>> {
      const filter = {
        ...conditionsOf(projectId, q),
        userId,
        limit: EXPORT_PAGE,
        withBody: true,
        withReply: true,
      };
      const first = await leads.list({ ...filter, offset: 0 });
      if (!first) throw notFound();
      return (async function* () {
        let page = first;
        let offset = 0;
        for (;;) {
          if (page.leads.length > 0) yield page.leads;
          if (!page.hasMore) return;
          offset += EXPORT_PAGE;
          const next = await leads.list({ ...filter, offset });
          if (!next) return;
          page = next;
        }
      })();
    },

    /** Triage: moves 1 to 100 leads of one project to status, all or none; answers with their previous statuses. */
    setLeadStatus: (userId: string, projectId: string, leadIds: string[], status: LeadStatus) =>
      changeStatuses(
        userId,
        projectId,
        leadIds.map((id) => ({ id, status })),
      ),

    /** Undo: gives each lead the status it had before (the previousStatus values setLeadStatus answered). */
    restoreLeadStatuses: (
      userId: string,
      projectId: string,
      previous: { id: string; status: LeadStatus }[],
    ) => changeStatuses(userId, projectId, previous),
  };
}
export type LeadsService = ReturnType<typeof createLeadsService>;
