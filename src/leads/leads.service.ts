import type { Clock } from '../clock.ts';
import { AppError, notFound } from '../contract/errors.ts';
import type { Db } from '../db/client.ts';
import { DEFAULT_SCORE_THRESHOLD } from '../domain/scoring/types.ts';
import { ISO_TIMESTAMP_ALLOWED, parseIsoTimestamp } from '../domain/timestamps.ts';
import { createLeadsRepo, type LeadConditions, type LeadState, likePattern } from './leads.repo.ts';
import {
  type BelowThreshold,
  type DashboardLead,
  type DashboardLeadFilters,
  type DashboardLeadList,
  LeadListQuery,
  type LeadReply,
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
/** Leads hidden by one "hide those below the threshold": the answer (what undoes it) stays bounded. */
export const MAX_THRESHOLD_HIDE = 2000;

/** What a move makes of a lead's state, given the state it has. */
type Settle = (current: LeadState) => LeadState;
/** A plain status move (triage, the tool): the marks go with any change of status, none when it stays. */
const moveTo =
  (status: LeadStatus): Settle =>
  (current) =>
    current.status === status ? current : { status, repliedAt: null, belowThreshold: null };
const sameState = (a: LeadState, b: LeadState) =>
  a.status === b.status && a.repliedAt === b.repliedAt && a.belowThreshold === b.belowThreshold;

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
  // PostgreSQL reads no ISO year 0000 (it wants "BC"); no lead is scored before 1970, so earlier is the same filter.
  return at.getTime() < 0 ? new Date(0) : at;
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
export type LeadQuery = Omit<LeadListQuery, 'limit' | 'status'> &
  Partial<DashboardLeadFilters> & { limit?: number };

export function createLeadsService(deps: { db: Db; clock: Clock }) {
  const leads = createLeadsRepo(deps.db);

  /** Query values arrive validated (REST, tool or dashboard schema); this applies the defaults and the window. */
  function conditionsOf(
    projectId: string,
    q: Partial<DashboardLeadFilters> & { dashboard?: boolean },
  ): LeadConditions {
    const now = deps.clock.now();
    checkFinite('minScore', q.minScore);
    const queue = q.status ?? 'new';
    const status = queue === 'all' ? null : queue === 'replied' ? 'hidden' : queue;
    const scoredSince = q.since === undefined ? null : parseSince(q.since);
    return {
      projectId,
      status,
      // The dashboard's Hidden and Replied tabs split hidden (ADR 0098); REST's hidden is every hidden lead.
      replied: queue === 'replied' ? true : queue === 'hidden' && q.dashboard ? false : null,
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
   * Gives each lead the state its move settles on, in one transaction: every id must be a lead of the project on
   * this account, or nothing changes (not_found naming the others). `key` tells two moves of one lead apart.
   */
  async function changeStates(
    userId: string,
    projectId: string,
    changes: { id: string; key: string; settle: Settle }[],
  ): Promise<LeadStatusChanges> {
    const wanted = new Map<string, { key: string; settle: Settle }>();
    for (const c of changes) {
      if (wanted.has(c.id) && wanted.get(c.id)!.key !== c.key) {
        throw new AppError('invalid_request', `Lead ${c.id} is given twice with different statuses.`);
      }
      wanted.set(c.id, c);
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
      const current = await repo.lockStates(userId, projectId, ids);
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
      const settled = ids.map((id) => {
        const before = current.get(id)!;
        return { id, before, after: wanted.get(id)!.settle(before) };
      });
      const moved = settled.filter((s) => !sameState(s.before, s.after));
      if (moved.length > 0)
        await repo.writeStates(
          projectId,
          moved.map((m) => ({ id: m.id, ...m.after })),
        );
      return {
        leads: settled.map((s) => ({ id: s.id, previousStatus: s.before.status, status: s.after.status })),
        changed: moved.length,
      };
    });
  }

  async function writeReply(userId: string, projectId: string, leadId: string, text: string | null) {
    const done = await leads.writeReply(userId, projectId, leadId, text, deps.clock.now());
    if (!done) throw new AppError('not_found', 'No such lead in this project on this account.');
    return done;
  }

  return {
    /**
     * One page of leads, highest score first. withReply: the dashboard's list (its queues, each lead's reply and
     * marks); reply: the REST list with each lead's reply awaiting review only (list_leads with withReply).
     */
    async listLeads(
      userId: string,
      projectId: string,
      q: LeadQuery,
      opts: { withReply?: boolean; reply?: boolean } = {},
    ): Promise<DashboardLeadList> {
      for (const name of ['limit', 'offset'] as const) checkFinite(name, q[name]);
      const limit = q.limit ?? 50;
      const offset = q.offset ?? 0;
      const page = await leads.list({
        ...conditionsOf(projectId, { ...q, dashboard: opts.withReply ?? false }),
        userId,
        limit,
        offset,
        withBody: q.include === 'body',
        withReply: (opts.withReply || opts.reply) ?? false,
      });
      if (!page) throw notFound();
      // list_leads adds the reply alone, not the dashboard's marks.
      const list =
        opts.reply && !opts.withReply
          ? page.leads.map(({ replyEditedAt: _e, repliedAt: _r, belowThreshold: _b, ...lead }) => lead)
          : page.leads;
      return { leads: list, pagination: { limit, offset, hasMore: page.hasMore } };
    },

    /**
     * One lead of the project, whatever its status and age, as the dashboard's list has it (an alert links to it);
     * a lead deleted on Reddit is not found.
     */
    async getLead(userId: string, projectId: string, leadId: string): Promise<DashboardLead> {
      const page = await leads.list({
        projectId,
        userId,
        status: null,
        postedAfter: null,
        minScore: null,
        scoredSince: null,
        leadId,
        limit: 1,
        offset: 0,
        withBody: true,
        withReply: true,
      });
      if (!page) throw notFound();
      const lead = page.leads[0];
      if (!lead) throw new AppError('not_found', 'No such lead in this project on this account.');
      return lead;
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
          replied: counts.get('replied') ?? 0,
        },
        subreddits: await leads.subredditCounts(projectId, leadWindowStart(deps.clock.now())),
      };
    },

    /**
     * The project's name, and every lead under the filters, in list order, page by page (with body and drafted
     * reply). Throws not_found before anything is produced, so a transport can still answer with an error.
     */
    async exportLeads(
      userId: string,
      projectId: string,
      q: Partial<DashboardLeadFilters>,
    ): Promise<{ projectName: string; pages: AsyncIterable<DashboardLead[]> }> {
      const filter = {
        ...conditionsOf(projectId, { ...q, dashboard: true }),
        userId,
        limit: EXPORT_PAGE,
        withBody: true,
        withReply: true,
      };
      const [first, projectName] = await Promise.all([
        leads.list({ ...filter, offset: 0 }),
        leads.projectName(userId, projectId),
      ]);
      if (!first || projectName === undefined) throw notFound();
      const pages = (async function* () {
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
      return { projectName, pages };
    },

    /** Triage: moves 1 to 100 leads of one project to status, all or none; answers with their previous statuses. */
    setLeadStatus: (userId: string, projectId: string, leadIds: string[], status: LeadStatus) =>
      changeStates(
        userId,
        projectId,
        leadIds.map((id) => ({ id, key: status, settle: moveTo(status) })),
      ),

    /**
     * Undo: gives each lead the status it had before (the previousStatus values setLeadStatus answered) and, when
     * given, its marks as they were (the dashboard knows them: ADR 0098).
     */
    restoreLeadStatuses: (
      userId: string,
      projectId: string,
      previous: {
        id: string;
        status: LeadStatus;
        repliedAt?: string | null;
        belowThreshold?: number | null;
      }[],
    ) =>
      changeStates(
        userId,
        projectId,
        previous.map((p) => {
          const exact = p.repliedAt !== undefined || p.belowThreshold !== undefined;
          const state: LeadState = {
            status: p.status,
            repliedAt: p.status === 'hidden' && p.repliedAt ? new Date(p.repliedAt).toISOString() : null,
            belowThreshold: p.status === 'hidden' ? (p.belowThreshold ?? null) : null,
          };
          return { id: p.id, key: JSON.stringify(state), settle: exact ? () => state : moveTo(p.status) };
        }),
      ),

    /**
     * Mark replied (ADR 0098): the leads leave the queue as hidden, with the time the person replied; a lead
     * already marked keeps its time.
     */
    markReplied(userId: string, projectId: string, leadIds: string[]): Promise<LeadStatusChanges> {
      const at = deps.clock.now().toISOString();
      const settle: Settle = (current) =>
        current.status === 'hidden' && current.repliedAt
          ? current
          : { status: 'hidden', repliedAt: at, belowThreshold: null };
      return changeStates(
        userId,
        projectId,
        leadIds.map((id) => ({ id, key: 'replied', settle })),
      );
    },

    /** The person's version of a lead's reply (ADR 0097): the draft is kept the first time, to restore it. */
    editReply(userId: string, projectId: string, leadId: string, text: string): Promise<LeadReply> {
      if (text.trim() === '') {
        throw new AppError('invalid_request', 'The reply is empty: write it, or restore the draft.');
      }
      return writeReply(userId, projectId, leadId, text);
    },

    /** The drafted reply back, as generated (a reply never edited stays as it is). */
    restoreReply: (userId: string, projectId: string, leadId: string): Promise<LeadReply> =>
      writeReply(userId, projectId, leadId, null),

    /** How many new leads (30-day window) score below the project's threshold: scored before it was raised. */
    async countBelowThreshold(userId: string, projectId: string): Promise<BelowThreshold> {
      const found = await leads.countBelowThreshold(
        userId,
        projectId,
        DEFAULT_SCORE_THRESHOLD,
        leadWindowStart(deps.clock.now()),
      );
      if (!found) throw notFound();
      return found;
    },

    /**
     * Hides those leads (at most MAX_THRESHOLD_HIDE, the best first), marked with the threshold so that triage does
     * not learn from them; the answer is what undoes it (restoreLeadStatuses, 100 at a time).
     */
    async hideBelowThreshold(userId: string, projectId: string): Promise<LeadStatusChanges> {
      return deps.db.transaction(async (tx) => {
        const repo = createLeadsRepo(tx);
        const postedAfter = leadWindowStart(deps.clock.now());
        const found = await repo.countBelowThreshold(userId, projectId, DEFAULT_SCORE_THRESHOLD, postedAfter);
        if (!found) throw notFound();
        const ids = await repo.hideBelowThreshold(
          projectId,
          found.threshold,
          postedAfter,
          MAX_THRESHOLD_HIDE,
        );
        return {
          leads: ids.map((id) => ({ id, previousStatus: 'new' as const, status: 'hidden' as const })),
          changed: ids.length,
        };
      });
    },
  };
}
export type LeadsService = ReturnType<typeof createLeadsService>;
