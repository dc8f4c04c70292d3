import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events.ts';
import { type CallRow, createFetchesRepo } from '../scans/fetches.repo.ts';
import type { UpstreamCall, UpstreamSource } from '../upstream/source.ts';
import { createDeletionsRepo, type ForgottenLead } from './deletions.repo.ts';

const DAY_MS = 86_400_000;
/** Items asked about per call: Reddit's /api/info takes 100 fullnames. */
const BATCH = 100;
/** Calls one re-check makes at most (10,000 items); the rest wait for the next run. */
const MAX_CALLS_PER_RUN = 100;

export interface RecheckResult {
  /** Items asked about. */
  checked: number;
  calls: number;
  costUsd: number;
  /** Items found deleted or removed, and the leads on them. */
  gone: number;
  leads: number;
  /** Why nothing was asked, when nothing was. */
  skipped?: string;
  errors: string[];
}

export interface DeletionsLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Deleted and removed Reddit content stops being shown (docs/decisions/0103-deleted-items.md): items an upstream
 * answer shows deleted are forgotten at once (a scan, in its fetch's transaction), and the items behind recent leads
 * are asked about again by id, each call paid and recorded like any other upstream call.
 */
export function createDeletionsService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  events: EventBus;
  upstream: UpstreamSource;
  log?: DeletionsLogger;
}) {
  const { db, config, events, upstream } = deps;
  const log = deps.log ?? { warn() {} };

  /** Tells the rest of the process (webhook deliveries not yet sent) which leads went. */
  function announce(forgotten: ForgottenLead[]) {
    if (!forgotten.length) return;
    try {
      events.emit('leads.deleted', { leadIds: forgotten.map((l) => l.id) });
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'a leads.deleted listener threw');
    }
  }

  /** One lookup call's batch, paid by one project: its calls, then what they told, committed together. */
  async function checkBatch(
    payer: string,
    batch: string[],
    projectsOf: Map<string, Set<string>>,
    result: RecheckResult,
  ): Promise<boolean> {
    const calls: UpstreamCall[] = [];
    const report = (c: UpstreamCall) => calls.push(c);
    let looked: Awaited<ReturnType<NonNullable<UpstreamSource['lookup']>>> | null = null;
    let error: string | null = null;
    try {
      looked = await upstream.lookup!(batch, report);
    } catch (err) {
      error = (err as Error).message;
    }
    const at = deps.clock.now();
    const forgotten = await db.transaction(async (tx) => {
      const row = (projectId: string, c: UpstreamCall, reused: boolean): CallRow => ({
        projectId,
        api: c.api,
        costUsd: reused ? 0 : c.costUsd,
        reused,
        ok: c.ok,
        calledAt: at,
        scanId: null,
        fetchId: null,
      });
      const rows = calls.map((c) => row(payer, c, false));
      // Every other project with leads on these items is served by the same calls, at no cost (decision 0011).
      const others = new Set(batch.flatMap((f) => [...(projectsOf.get(f) ?? [])]).filter((p) => p !== payer));
      for (const projectId of others) {
        for (const c of calls) if (c.ok) rows.push(row(projectId, c, true));
      }
      await createFetchesRepo(tx).insertCalls(rows);
      if (!looked) return [];
      const repo = createDeletionsRepo(tx);
      await repo.checked(batch, at);
      return repo.forget(looked.gone, at);
    });
    result.checked += looked ? batch.length : 0;
    result.calls += calls.length;
    result.costUsd += calls.reduce((n, c) => n + c.costUsd, 0);
    result.gone += looked?.gone.length ?? 0;
    result.leads += forgotten.length;
    announce(forgotten);
    if (error) {
      result.errors.push(error);
      log.warn({ err: error }, 'deletion re-check call failed; the rest waits for the next run');
      return false;
    }
    return true;
  }

  return {
    /**
     * The re-check (the job runs it hourly): asks the upstream about the items behind leads posted within
     * DELETION_RECHECK_DAYS whose turn has come, 100 a call, each project paying for the items of its own leads.
     */
    async recheck(now: Date): Promise<RecheckResult> {
      const result: RecheckResult = { checked: 0, calls: 0, costUsd: 0, gone: 0, leads: 0, errors: [] };
      const days = config.upstream.deletionRecheckDays;
      if (days === 0) return { ...result, skipped: 'DELETION_RECHECK_DAYS=0 turns the re-check off' };
      if (!upstream.lookup) {
        return { ...result, skipped: `the ${upstream.name} upstream cannot look items up by id` };
      }
      const due = await createDeletionsRepo(db).due(
        new Date(now.getTime() - days * DAY_MS),
        now,
        BATCH * MAX_CALLS_PER_RUN,
      );
      const projectsOf = new Map<string, Set<string>>();
      const itemsOf = new Map<string, string[]>();
      for (const { fullname, projectId } of due) {
        projectsOf.set(fullname, (projectsOf.get(fullname) ?? new Set()).add(projectId));
        itemsOf.set(projectId, [...(itemsOf.get(projectId) ?? []), fullname]);
      }
      // The project with the most due items pays for its own first; an item is asked about once.
      const asked = new Set<string>();
      const payers = [...itemsOf].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
      for (const [payer, items] of payers) {
        const mine = items.filter((f) => !asked.has(f));
        for (const f of mine) asked.add(f);
        for (let i = 0; i < mine.length; i += BATCH) {
          if (!(await checkBatch(payer, mine.slice(i, i + BATCH), projectsOf, result))) return result;
        }
      }
      result.costUsd = Math.round(result.costUsd * 1e6) / 1e6;
      return result;
    },
  };
}
export type DeletionsService = ReturnType<typeof createDeletionsService>;
