import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import { notFound } from '../contract/errors.ts';
import type { Db, Queryable } from '../db/client.ts';
import type { EventBus } from '../events.ts';
import type { Embedder } from '../scoring/embedder.ts';
import { createLeadScorer } from '../scoring/lead-scorer.ts';
import type { LlmScorer } from '../scoring/llm.service.ts';
import type { UpstreamSource } from '../upstream/source.ts';
import type { SpendCapService, SpendCheck } from '../usage/spend-cap.service.ts';
import { guardProject, type ScanGuard } from './scan-guard.ts';
import { createScanLeadsRepo } from './scan-leads.repo.ts';
import { createUnitRunner } from './scan-units.ts';
import { createScansRepo, ScanTakenOver } from './scans.repo.ts';
import type { ScanLogger, ScanRecord, ScanVerbs } from './scans.types.ts';
import type { ModelDeps } from './stages/model.ts';
import {
  createPlanner,
  grewWatch,
  intervalOf,
  planScan,
  type ScanPlan,
  type Watchlist,
} from './stages/plan.ts';
import { createDraftMemory } from './stages/score.ts';
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
  const units = createUnitRunner({
    db,
    clock,
    events,
    upstream,
    model,
    embedder,
    ctx: {
      ownerOf: (scanId) => owners.get(scanId),
      log: () => log,
      stopping: () => draining,
      recentOf: createDraftMemory(),
    },
  });
  /** Projects whose older leads this process has given story keys (ADR 0120): once each. */
  const keyed = new Set<string>();

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
      units.serveListing(
        { scanId, w, project: plan.project, listing },
        {
          freshMs: plan.freshMs,
          rematch: plan.rematch && !done.has(listing),
          mayPay: () => mayPay(scanId, budget),
          paysModel: model !== null,
        },
      );
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
    let done = new Set<string>();
    let budget: Budget = { userId: '', capped: false, reached: null };
    try {
      w = await planner.watchlist();
      plan = planScan(w, scan, config);
      const { project } = plan;
      const capUsd = spendCap ? (await spendCap.capOf(project.userId)).capUsd : null;
      budget = { userId: project.userId, capped: capUsd !== null, reached: null };
      if (plan.rematch) done = await repo.listingsDone(scanId);
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
      // Keywords or subreddits added while this scan ran (on its older watch list) get their own scan now.
      const current = (await planner.watchlist()).projects.get(project.id);
      if (current && grewWatch(project, current)) await queueScan(project.id, 'first', null);
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
        // A scan still queued reads the changed watch list when it starts: it becomes the first scan of it.
        if (active && trigger === 'first' && active.status === 'queued' && active.trigger !== 'first') {
          if (await repo.makeFirst(active.scanId)) return (await repo.getScan(active.scanId))!;
          continue;
        }
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
        // Never scanned (written to the database by `npm run setup` with no service running, say): its first scan.
        const trigger = at ? 'schedule' : 'first';
        if (await queueScan(p.id, trigger, new Date(now - intervalMs))) queued++;
      }
      return queued;
    },

    /**
     * Queues the first scan of every project never scanned; workers on PostgreSQL call it every few seconds, so a
     * project another process wrote to the database (`npm run setup` on it) is scanned at once too.
     */
    async queueFirstScans(): Promise<number> {
      let queued = 0;
      const watchlist = await planner.watchlist();
      for (const id of await repo.neverScanned()) {
        if (!watchlist.projects.get(id)?.keywords.length) continue;
        if (await queueScan(id, 'first', new Date(0))) queued++;
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
