import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Db, Queryable } from '../db/client.ts';
import type { ScanLogger } from '../scans/scans.types.ts';
import type { Services } from '../services.ts';

/** Every job by name; handlers are idempotent, so a job run twice (retry, recovery) does no harm. */
export const JOBS = {
  /** Runs (or resumes) one scan. */
  scan: 'scan',
  /** Every minute: finds projects whose scan interval has passed and queues their scans. */
  scheduleScans: 'scan-schedule',
  /** Re-clusters one project's pain themes after a scan added leads (at most hourly per project). */
  painThemes: 'pain-themes',
  /** After a finished scan: the project's SEO opportunities when none are computed yet or they are due. */
  seoAfterScan: 'seo-after-scan',
  /** Hourly: pain themes a day old, SEO opportunities past seoRefreshDays, saved AI questions a day old. */
  scheduleInsights: 'insights-schedule',
  /** Hourly: asks the upstream about the items behind recent leads whose turn has come (deletions, ADR 0103). */
  recheckDeletions: 'deletions-recheck',
} as const;

/** A job about one project (pain themes, SEO after a scan). */
interface PainThemesJob {
  projectId: string;
}

/** The insight handlers: plain functions of (input, now), so any process holding the services can run them. */
export const insightHandlers = {
  painThemes: (services: Services, input: PainThemesJob, now: Date) =>
    services.painThemes.refreshAfterScan(input.projectId, now),
  seoAfterScan: (services: Services, input: PainThemesJob, now: Date) =>
    services.seo.refreshAfterScan(input.projectId, now),
  async scheduleInsights(services: Services, now: Date) {
    return {
      painThemes: await services.painThemes.refreshDue(now),
      seo: await services.seo.refreshDue(now),
      aiQuestions: await services.aiVisibility.recheckDue(now),
    };
  },
};

interface ScanJob {
  scanId: string;
}

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** pg-boss statements through one of our transactions, so a job is queued in the same commit as its scan. */
const inTransaction = (tx: Queryable): Executor => ({
  executeSql: async (text, values) => ({ rows: await tx.query(text, values ?? []) }),
});

/**
 * pg-boss over the service's own database: the embedded PGlite, or the PostgreSQL pool. `work` false (an api
 * process) only sends jobs: no cron, no maintenance, no workers.
 */
function bossFor(db: Db, work: boolean): PgBoss {
  const roles = { schedule: work, supervise: work };
  if ('pglite' in db) {
    return new PgBoss({
      db: fromPglite((db as Db & { pglite: PGlite }).pglite),
      backend: 'pglite',
      ...roles,
    });
  }
  const pool = (db as Db & { pool: pg.Pool }).pool;
  // Without parameters pg-boss may send several statements at once; node-postgres then answers one result each.
  const executor: Executor = {
    async executeSql(text, values) {
      const result = (await pool.query(text, values?.length ? values : undefined)) as unknown;
      if (Array.isArray(result)) return { rows: result.flatMap((r: pg.QueryResult) => r.rows ?? []) };
      return { rows: (result as pg.QueryResult).rows };
    },
  };
  return new PgBoss({ db: executor, ...roles });
}

export interface JobRunner {
  /** Stops taking jobs; running scans stop at their next unit and go back to the queue (at most timeoutMs). */
  stop(timeoutMs?: number): Promise<void>;
}

/** How often a worker on PostgreSQL looks for scans whose worker died (their project lock is free). */
const RECOVER_EVERY_MS = 3000;

/**
 * Starts pg-boss on the service's database. With `work` (ROLE=all or worker, the default) it registers the
 * handlers, resumes scans a crash left behind and queues the scans that are due now (so a fresh instance scans
 * right away); without (ROLE=api) it only queues scans for the workers (docs/decisions/0085-roles.md).
 */
export async function startJobs(
  services: Services,
  opts: { log: ScanLogger; concurrency?: number; work?: boolean },
): Promise<JobRunner> {
  const work = opts.work ?? true;
  const boss = bossFor(services.db, work);
  boss.on('error', (err) => opts.log.warn({ err: err.message }, 'job queue error'));
  await boss.start();
  await boss.createQueue(JOBS.scan, { retryLimit: 3, retryDelay: 5, expireInSeconds: 3600 });
  await boss.createQueue(JOBS.scheduleScans);
  await boss.createQueue(JOBS.painThemes, { retryLimit: 2, retryDelay: 30 });
  await boss.createQueue(JOBS.seoAfterScan, { retryLimit: 2, retryDelay: 30 });
  await boss.createQueue(JOBS.scheduleInsights);
  await boss.createQueue(JOBS.recheckDeletions);

  services.scans.setLogger(opts.log);
  services.scans.attachQueue({
    async send(scanId, tx) {
      await boss.send(JOBS.scan, { scanId } satisfies ScanJob, { db: inTransaction(tx) });
    },
    async resend(scanId) {
      await boss.send(JOBS.scan, { scanId } satisfies ScanJob);
    },
  });

  if (!work) {
    return {
      async stop() {
        await services.scans.drain();
        await boss.stop({ graceful: false });
        services.scans.attachQueue(null);
      },
    };
  }

  await boss.work<ScanJob>(
    JOBS.scan,
    { localConcurrency: opts.concurrency ?? 2, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      await services.scans.runScan(job.data.scanId);
      const scan = await services.scans.getScan(job.data.scanId);
      if (scan?.status === 'done' && scan.newLeads > 0) {
        await boss.send(JOBS.painThemes, { projectId: scan.projectId } satisfies PainThemesJob, {
          singletonKey: scan.projectId,
        });
      }
      if (scan?.status === 'done') {
        await boss.send(JOBS.seoAfterScan, { projectId: scan.projectId } satisfies PainThemesJob, {
          singletonKey: scan.projectId,
        });
      }
    },
  );
  await boss.work<PainThemesJob>(JOBS.painThemes, async ([job]) => {
    if (job) await insightHandlers.painThemes(services, job.data, services.clock.now());
  });
  await boss.work<PainThemesJob>(JOBS.seoAfterScan, async ([job]) => {
    if (job) await insightHandlers.seoAfterScan(services, job.data, services.clock.now());
  });
  await boss.work(JOBS.scheduleInsights, async () => {
    await insightHandlers.scheduleInsights(services, services.clock.now());
  });
  await boss.schedule(JOBS.scheduleInsights, '23 * * * *');
  await boss.work(JOBS.recheckDeletions, async () => {
    const r = await services.deletions.recheck(services.clock.now());
    if (r.calls > 0 || r.errors.length > 0) opts.log.info({ ...r }, 'deletion re-check done');
  });
  await boss.schedule(JOBS.recheckDeletions, '41 * * * *');
  await boss.work(JOBS.scheduleScans, async () => {
    await services.scans.recoverScans();
    await services.scans.scheduleDueScans();
  });
  await boss.schedule(JOBS.scheduleScans, '* * * * *');

  // The embedded database has one process by construction (the data directory is locked): every scan
  // still marked running was left by a process that is gone.
  await services.scans.recoverScans({ all: services.db.kind === 'pglite' });
  await services.scans.scheduleDueScans();
  // A fresh instance fills its insights now rather than at the next hour (the demo's SEO sample, for one).
  // Several workers starting together queue it once.
  await boss.send(JOBS.scheduleInsights, {}, { singletonKey: 'start' });

  // On PostgreSQL a dead worker's scans are found by their free project lock, so look often, not once a minute;
  // and a project another process wrote (`npm run setup` on the database) gets its first scan within seconds.
  const recovery =
    services.db.kind === 'postgres'
      ? setInterval(() => {
          services.scans
            .recoverScans()
            .then(() => services.scans.queueFirstScans())
            .catch((err: Error) => {
              opts.log.warn({ err: err.message }, 'scan recovery failed; retrying');
            });
        }, RECOVER_EVERY_MS)
      : null;
  recovery?.unref();
  // A self-hosted interval under a minute (SCAN_INTERVAL_SECONDS) needs looks more often than the minute's cron.
  const seconds = services.config.scanIntervalSeconds;
  const fastSchedule =
    seconds !== null && seconds < 60
      ? setInterval(
          () => {
            services.scans.scheduleDueScans().catch((err: Error) => {
              opts.log.warn({ err: err.message }, 'scheduling due scans failed; retrying');
            });
          },
          Math.max(1000, (seconds * 1000) / 2),
        )
      : null;
  fastSchedule?.unref();

  return {
    async stop(timeoutMs = 10_000) {
      if (recovery) clearInterval(recovery);
      if (fastSchedule) clearInterval(fastSchedule);
      const drained = services.scans.drain();
      await boss.stop({ graceful: true, timeout: timeoutMs });
      await Promise.race([drained, new Promise((r) => setTimeout(r, 100).unref())]);
      services.scans.attachQueue(null);
    },
  };
}
