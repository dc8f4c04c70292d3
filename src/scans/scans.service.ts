import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import { notFound } from '../contract/errors.ts';
import type { Db, Queryable } from '../db/client.ts';
import type { EventBus } from '../events.ts';
import type { Embedder } from '../scoring/embedder.ts';
import { createLeadScorer } from '../scoring/lead-scorer.ts';
import type { LlmScorer } from '../scoring/llm.service.ts';
import type { RedditItem, UpstreamSource } from '../upstream/source.ts';
import type { SpendCapService, SpendCheck } from '../usage/spend-cap.service.ts';
import { createFetchesRepo, type ListingState } from './fetches.repo.ts';
import { guardProject, type ScanGuard } from './scan-guard.ts';
import { createScanLeadsRepo } from './scan-leads.repo.ts';
import { createScansRepo, ScanTakenOver } from './scans.repo.ts';
import type { ScanLogger, ScanRecord, ScanVerbs } from './scans.types.ts';
import { announceCreated, announceDeleted } from './stages/announce.ts';
import { fetchListing, itemsBySubreddit, paidCalls } from './stages/fetch.ts';
import { keywordCounts, matchItems } from './stages/match.ts';
import { readMeaning } from './stages/meaning.ts';
import { askModel, chargeModel, type ModelDeps } from './stages/model.ts';
import { persistFailedFetch, persistUnit, recordFetch } from './stages/persist.ts';
import {
  createPlanner,
  intervalOf,
  planScan,
  type ScanPlan,
  type WatchingProject,
  type Watchlist,
} from './stages/plan.ts';
import { alsoServed, reuseFetches, sharedCalls } from './stages/reuse.ts';
import { createDraftMemory, loadTriage, scoreMatches } from './stages/score.ts';
import { keyOlderLeads } from './stages/story.ts';

/** Where scans are queued: pg-boss once jobs are started (src/jobs/), else run in this process. */
export interface ScanQueue {
  /** Enqueues the scan's job in the caller's transaction, so scan and job exist together or not at all. */
  send(scanId: string, tx: Queryable): Promise<void>;
  /** Enqueues again outside any transaction (recovery). */
  resend(scanId: string): Promise<void>;
}

/** A scan's standing against its account's daily spend cap (docs/decisions/0102-daily-spend-cap.md). */
interface Budget {
  userId: string;
  /** A cap is in force: a unit holds the account's spend lock, so units that may buy run one at a time. */
  capped: boolean;
  /** Set once the cap stopped this scan buying: from then on it only uses data already bought (free). */
  reached: SpendCheck | null;
}

/** One unit of a scan: one project brought up to date on one listing. */
interface Unit {
  scanId: string;
  w: Watchlist;
  project: WatchingProject;
  listing: string;
}

export function createScansService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  events: EventBus;
  upstream: UpstreamSource;
  /** The optional model phase (docs/scoring.md); null or absent: the local scorer alone, synchronously. */
  llm?: LlmScorer | null;
  /** The meaning stage's encoder (MEANING, on by default); null or absent: the local score is not moved. */
  embedder?: Embedder | null;
  /** The daily spend cap (ADR 0102); null or absent: scans buy without one. */
  spendCap?: SpendCapService | null;
}) {
  const { db, clock, config, events, upstream } = deps;
  const repo = createScansRepo(db);
  const fetches = createFetchesRepo(db);
  const leadsRepo = createScanLeadsRepo(db);
  const planner = createPlanner({ repo, config });
  const model: ModelDeps | null = deps.llm
    ? {
        scorer: createLeadScorer({ llm: deps.llm }),
        concurrency: config.llm?.concurrency ?? 1,
        existingLeads: leadsRepo.existingLeads,
      }
    : null;
  const embedder = deps.embedder ?? null;
  const spendCap = deps.spendCap ?? null;
  const staleMs = config.scanStaleSeconds * 1000;
  let queue: ScanQueue | null = null;
  let log: ScanLogger = { info() {}, warn() {} };
  let draining = false;
  const inProcess = new Set<Promise<void>>();
  /** The fencing token of each scan this process runs: every unit's write to the scan names it. */
  const owners = new Map<string, string>();
  /** When this process last re-sent each orphaned scan's job, so a busy queue is not flooded with copies. */
  const resent = new Map<string, number>();
  const listingLocks = new Map<string, Promise<unknown>>();
  const spendLocks = new Map<string, Promise<unknown>>();
  const recentOf = createDraftMemory();
  /** Projects whose older leads this process has given story keys (ADR 0120): once each. */
  const keyed = new Set<string>();
  const announcer = () => ({ events, log });

  /** Runs fn after every earlier fn of the same key in this process has settled. */
  function serially<T>(locks: Map<string, Promise<unknown>>, key: string, fn: () => Promise<T>): Promise<T> {
    const prev = locks.get(key) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const settled = next.catch(() => {});
    locks.set(key, settled);
    void settled.then(() => {
      if (locks.get(key) === settled) locks.delete(key);
    });
    return next;
  }

  /** One fetch of a listing at a time in this process, so two scans never buy the same page twice. */
  const withListingLock = <T>(listing: string, fn: () => Promise<T>) => serially(listingLocks, listing, fn);

  /**
   * Whether the scan may pay for upstream data or model calls now: the account's spend today leaves at least the
   * dearest call under its cap. The first refusal is written on the scan record; the scan then stops paying.
   */
  async function mayPay(scanId: string, budget: Budget): Promise<boolean> {
    if (!spendCap || !budget.capped) return true;
    if (budget.reached) return false;
    const check = await spendCap.check(budget.userId);
    if (check.canBuy) return true;
    budget.reached = check;
    await repo.markCapped(scanId, owners.get(scanId), check.capUsd ?? 0, check.spentUsd, clock.now());
    log.info({ scanId, ...check }, 'daily spend cap reached; the scan uses data already bought');
    return false;
  }

  /**
   * Before a unit's transaction: the model's answers (when it may pay for them) and the meaning stage's vectors
   * for the items' matches in the projects the unit may serve, and the model's cost to the scanned project.
   */
  async function consult(u: Unit, items: RedditItem[], projectIds: Set<string>, pay: boolean) {
    const phase = model && pay ? await askModel(model, u.w, items, projectIds) : null;
    const meaningOf = await readMeaning({ embedder, log }, u.w, items, projectIds);
    const charge = phase ? chargeModel(phase, u.scanId, u.project.id, clock.now()) : null;
    return { refined: phase?.refined, meaningOf, charge };
  }

  /** Serves the project the fetches of a listing bought before (by others) that it has not seen yet. */
  async function catchUp(u: Unit, after: string | null, upTo: string, pay: boolean) {
    const { scanId, w, project: p, listing } = u;
    const now = clock.now();
    const reused = await reuseFetches(fetches, { scanId, projectId: p.id, listing, after, upTo, now });
    const { items } = reused;
    const served = new Set([p.id]);
    const { refined, meaningOf, charge } = await consult(u, items, served, pay);
    const triage = await loadTriage(leadsRepo, w, served);
    const matched = matchItems(w, items, served);
    const { leads, below } = scoreMatches(w, matched.matches, {
      triage,
      meaningOf,
      refined,
      costOf: () => 0,
      now,
      recentOf,
    });
    const created = await db.transaction((tx) =>
      persistUnit(tx, w, {
        scanId,
        owner: owners.get(scanId),
        projectId: p.id,
        listing,
        now,
        calls: charge ? [...reused.calls, ...charge.rows] : reused.calls,
        leads,
        below,
        threads: matched.threads,
        served: [p.id],
        upTo,
        figures: {
          calls: reused.calls.length + (charge?.calls ?? 0),
          costUsd: charge?.costUsd ?? 0,
          itemsSeen: items.length,
          subreddits: itemsBySubreddit(listing, items),
          keywords: items.length ? keywordCounts(p, matched.byKeyword.get(p.id)) : undefined,
          errors: charge?.errors ?? [],
        },
      }),
    );
    log.info(
      { scanId, listing, reused: reused.calls.length, items: items.length, newLeads: created.length },
      'scan unit committed',
    );
    announceCreated(announcer(), created);
  }

  /**
   * One incremental fetch of the listing, committed with its items, cursor, calls and leads; it serves every
   * other project up to date on the listing too. A failed fetch records its calls and error and the scan goes on.
   */
  async function buy(u: Unit, state: ListingState) {
    const { scanId, w, project: p, listing } = u;
    const outcome = await fetchListing(upstream, listing, state);
    const at = clock.now();
    if (!outcome.ok) {
      const forgotten = await db.transaction((tx) =>
        persistFailedFetch(tx, {
          scanId,
          owner: owners.get(scanId),
          projectId: p.id,
          listing,
          at,
          failed: outcome.failed,
        }),
      );
      announceDeleted(announcer(), forgotten);
      log.warn({ scanId, listing, err: outcome.failed.error }, 'upstream fetch failed; the scan goes on');
      return;
    }
    const { bought } = outcome;
    const { items } = bought;
    if (bought.stoppedBy)
      log.warn({ scanId, listing, err: bought.stoppedBy }, 'upstream walk stopped partway');
    if (bought.problems)
      log.warn({ scanId, listing, problems: bought.problems }, 'upstream answer partly unreadable');
    const lastId = state.last?.id ?? null;
    // The model answers before the transaction, for the projects this fetch will serve as far as can be told
    // now; one that turns up to date meanwhile gets the local result (the transaction decides who is served).
    const likely = new Set([
      p.id,
      ...(model || embedder ? alsoServed(w, await fetches.upToDate(listing, lastId), p.id, listing) : []),
    ]);
    const { refined, meaningOf, charge } = await consult(u, items, likely, true);
    const { created, forgotten } = await db.transaction(async (tx) => {
      const others = alsoServed(w, await createFetchesRepo(tx).upToDate(listing, lastId), p.id, listing);
      const { fetchId, forgotten } = await recordFetch(tx, { listing, projectId: p.id, scanId, at, bought });
      const served = new Set([p.id, ...others]);
      const matched = matchItems(w, items, served);
      const { leads, below } = scoreMatches(w, matched.matches, {
        triage: await loadTriage(createScanLeadsRepo(tx), w, served),
        meaningOf,
        refined,
        costOf: (id) => (id === p.id ? bought.itemCostUsd : 0),
        now: at,
        recentOf,
      });
      const created = await persistUnit(tx, w, {
        scanId,
        owner: owners.get(scanId),
        projectId: p.id,
        listing,
        now: at,
        calls: [
          ...paidCalls(bought.calls, { projectId: p.id, scanId, fetchId, at }),
          ...sharedCalls(bought.calls, others, fetchId, at),
          ...(charge?.rows ?? []),
        ],
        leads,
        below,
        threads: matched.threads,
        served: [...served],
        upTo: fetchId,
        figures: {
          calls: bought.calls.length + (charge?.calls ?? 0),
          costUsd: bought.costUsd + (charge?.costUsd ?? 0),
          itemsSeen: items.length,
          subreddits: itemsBySubreddit(listing, items),
          keywords: items.length ? keywordCounts(p, matched.byKeyword.get(p.id)) : undefined,
          errors: [...bought.errors, ...(charge?.errors ?? [])],
        },
      });
      return { created, forgotten };
    });
    log.info(
      {
        scanId,
        listing,
        calls: bought.calls.length,
        items: items.length,
        newLeads: created.length,
        deletedLeads: forgotten.length,
      },
      'scan unit committed',
    );
    announceDeleted(announcer(), forgotten);
    announceCreated(announcer(), created);
  }

  /**
   * Brings one project up to date on one listing: first what others already bought (reused, free), then,
   * when the last fetch is older than the freshness window, one incremental fetch. Each step commits on its own.
   * False when the daily spend cap kept it from buying (the listing waits for tomorrow).
   */
  async function serveListing(u: Unit, freshMs: number, budget: Budget): Promise<boolean> {
    const state = await fetches.listingState(u.listing);
    const wm = await fetches.watermark(u.project.id, u.listing);
    if (state.last && (wm === null || Number(wm) < Number(state.last.id))) {
      const pay = model ? await mayPay(u.scanId, budget) : true;
      await catchUp(u, wm, state.last.id, pay);
    }
    if (state.last && state.last.fetched_at.getTime() > clock.now().getTime() - freshMs) return true;
    if (!(await mayPay(u.scanId, budget))) return false;
    await buy(u, state);
    return true;
  }

  async function runScan(scanId: string): Promise<void> {
    const target = await repo.getScan(scanId);
    if (!target || target.status === 'done' || target.status === 'failed') return;
    const guard = await guardProject(db, target.projectId);
    if (!guard) {
      // The project's scan runs in another session now. A queued one is the next scan, waiting for the
      // previous runner to let go: failing the job makes the queue retry it shortly.
      if (target.status === 'queued')
        throw new Error(`project ${target.projectId} is being scanned elsewhere`);
      return;
    }
    try {
      const started = clock.now();
      // Holding the project's lock, no live runner can hold its running scan; else a stale heartbeat tells.
      const staleBefore = guard.exclusive ? null : new Date(started.getTime() - staleMs);
      const scan = await repo.claim(scanId, started, staleBefore);
      if (!scan) return;
      owners.set(scanId, scan.owner);
      try {
        await runClaimed(scan, scan.owner, guard);
      } finally {
        owners.delete(scanId);
      }
    } finally {
      await guard.release();
    }
  }

  async function runClaimed(scan: ScanRecord, owner: string, guard: ScanGuard): Promise<void> {
    const { scanId } = scan;
    const beat = setInterval(
      () => void repo.heartbeat(scanId, owner, clock.now()).catch(() => {}),
      Math.max(200, staleMs / 3),
    );
    beat.unref();
    const stopping = () => {
      if (guard.lost) throw new Error('database connection lost');
      return draining;
    };
    const unit = (listing: string) => () =>
      serveListing({ scanId, w, project: plan.project, listing }, plan.freshMs, budget);
    // Under a cap, a unit holds the account's spend (here and across processes) from its check to its commit.
    const serve = (listing: string) =>
      withListingLock(listing, () =>
        guard.withListing(listing, () =>
          budget.capped
            ? serially(spendLocks, budget.userId, () => guard.withAccount(budget.userId, unit(listing)))
            : unit(listing)(),
        ),
      );
    let w: Watchlist;
    let plan: ScanPlan;
    let budget: Budget = { userId: '', capped: false, reached: null };
    try {
      w = await planner.watchlist();
      plan = planScan(w, scan, config);
      const { project } = plan;
      const capUsd = spendCap ? (await spendCap.capOf(project.userId)).capUsd : null;
      budget = { userId: project.userId, capped: capUsd !== null, reached: null };
      if (!plan.canMatch) {
        // Nothing could match: buying data for it would be money spent on nothing.
        await repo.finish(scanId, owner, 'done', clock.now(), 'the project has no keywords to match');
        return;
      }
      log.info({ scanId, projectId: project.id }, 'scan started');
      if (!keyed.has(project.id)) {
        await keyOlderLeads(db, project.id, clock.now());
        keyed.add(project.id);
      }
      for (const listing of plan.listings) {
        if (stopping()) break;
        await serve(listing);
      }
      const threads =
        stopping() || plan.threadLimit === 0
          ? []
          : await leadsRepo.pendingThreads(project.id, plan.threadLimit);
      for (const postId of threads) {
        if (stopping()) break;
        // A thread the cap kept from being read stays pending for the next scan that may buy.
        if (await serve(`thread:${postId}`)) await leadsRepo.threadDone(project.id, postId, clock.now());
      }
      if (draining) {
        // Everything done so far is committed; another worker (or the next start) resumes the rest.
        clearInterval(beat);
        if ((await repo.requeue(scanId, owner)) && queue) await queue.resend(scanId).catch(() => {});
        return;
      }
      await repo.finish(scanId, owner, 'done', clock.now());
      log.info({ scanId }, 'scan done');
    } catch (err) {
      clearInterval(beat);
      if (err instanceof ScanTakenOver) {
        log.warn({ scanId }, 'scan taken over by another worker; this runner stops');
        return;
      }
      log.warn({ scanId, err: (err as Error).message }, 'scan failed');
      await recordFailure(scanId, owner, (err as Error).message);
    } finally {
      clearInterval(beat);
    }
  }

  /**
   * Records a failed scan, retrying while the database is unreachable: the failure is written as soon as a
   * connection works again, not left for stale-scan recovery. Gives up at shutdown (recovery takes it then).
   */
  async function recordFailure(scanId: string, owner: string, message: string): Promise<void> {
    for (let wait = 250; ; wait = Math.min(wait * 2, 2000)) {
      try {
        await repo.finish(scanId, owner, 'failed', clock.now(), message);
        return;
      } catch (err) {
        if (draining) return;
        log.warn({ scanId, err: (err as Error).message }, 'cannot record the scan failure yet; retrying');
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  function runHere(scanId: string) {
    const run = runScan(scanId).catch((err) =>
      log.warn({ scanId, err: (err as Error).message }, 'scan crashed'),
    );
    inProcess.add(run);
    void run.finally(() => inProcess.delete(run));
  }

  /** Queues a scan (notSince: unless one was created since then); null when none was queued. */
  async function queueScan(
    projectId: string,
    trigger: ScanRecord['trigger'],
    notSince: Date | null,
  ): Promise<string | null> {
    const now = clock.now();
    const id = await db.transaction(async (tx) => {
      const scanId = await createScansRepo(tx).insertQueued(projectId, trigger, now, notSince);
      if (scanId && queue) await queue.send(scanId, tx);
      return scanId;
    });
    if (id && !queue) runHere(id);
    return id;
  }

  const verbs: ScanVerbs = {
    async requestScan(projectId, trigger) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const id = await queueScan(projectId, trigger, null);
        if (id) return (await repo.getScan(id))!;
        const active = await repo.activeScanOf(projectId);
        if (active) return active;
      }
      throw new Error('could not queue a scan');
    },

    async waitForScan(scanId, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const scan = await repo.getScan(scanId);
        if (!scan) throw new Error(`no scan ${scanId}`);
        // At shutdown a waiting caller gets the current status at once (the scan goes on in another worker).
        if (scan.status === 'done' || scan.status === 'failed' || Date.now() >= deadline || draining)
          return scan;
        await new Promise((r) => setTimeout(r, Math.min(200, Math.max(1, deadline - Date.now()))));
      }
    },

    getScan: (scanId) => repo.getScan(scanId),

    async getScanOfProject(userId, projectId, scanId) {
      const scan = await repo.getScanForUser(userId, projectId, scanId);
      if (!scan) throw notFound('scan');
      return scan;
    },

    async latestScans(userId) {
      return new Map((await repo.latestScansOfUser(userId)).map((s) => [s.projectId, s]));
    },
  };

  return {
    ...verbs,
    /** The job handler: runs a queued scan, or resumes one whose worker died. Safe to call twice. */
    runScan,

    /**
     * Queues a scan for every project whose interval has passed since its last scan. Any number of workers
     * may run this at once: the insert itself checks the interval, so each due scan is queued once.
     */
    async scheduleDueScans(): Promise<number> {
      const now = clock.now().getTime();
      const last = await repo.lastScanTimes();
      let queued = 0;
      for (const p of (await planner.watchlist()).projects.values()) {
        if (!p.keywords.length) continue;
        const intervalMs = intervalOf(p, config);
        const at = last.get(p.id);
        if (at && at.getTime() > now - intervalMs) continue;
        if (await queueScan(p.id, 'schedule', new Date(now - intervalMs))) queued++;
      }
      return queued;
    },

    /**
     * Queues again the scans a dead worker left behind: on PostgreSQL a running scan whose project lock no
     * session holds (at once), else a stale heartbeat; `all` when no other worker can exist (PGlite start).
     */
    async recoverScans(opts: { all?: boolean } = {}): Promise<number> {
      const nowMs = clock.now().getTime();
      const staleBefore = opts.all ? null : new Date(nowMs - staleMs);
      const ids = await repo.staleScans(staleBefore, db.kind === 'postgres');
      let recovered = 0;
      for (const id of ids) {
        if (opts.all)
          await db.query(`UPDATE scans SET status = 'queued' WHERE id = $1 AND status = 'running'`, [id]);
        if (owners.has(id) || (resent.get(id) ?? 0) > nowMs - Math.max(staleMs, 10_000)) continue;
        resent.set(id, nowMs);
        recovered++;
        if (queue) await queue.resend(id);
        else runHere(id);
      }
      for (const [id, at] of resent) if (at < nowMs - 10 * Math.max(staleMs, 10_000)) resent.delete(id);
      return recovered;
    },

    attachQueue(q: ScanQueue | null) {
      queue = q;
    },
    setLogger(l: ScanLogger) {
      log = l;
    },

    /**
     * Stops starting new units (scans in progress go back to the queue for another worker or the next start)
     * and answers every waitForScan at once.
     */
    async drain(): Promise<void> {
      draining = true;
      await Promise.allSettled([...inProcess]);
    },
  };
}
export type ScansService = ReturnType<typeof createScansService>;
