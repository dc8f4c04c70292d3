import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Db, Queryable } from '../db/client.ts';
import type { ScanLogger } from '../scans/scans.service.ts';
import type { Services } from '../services.ts';

/** Every job by name; handlers are idempotent, so a job run twice (retry, recovery) does no harm. */
export const JOBS = {
  /** Runs (or resumes) one scan. */
  scan: 'scan',
  /** Every minute: finds projects whose scan interval has passed and queues their scans. */
  scheduleScans: 'scan-schedule',
  /** Re-clusters one project's pain themes after a scan added leads (at most hourly per project). */
  painThemes: 'pain-themes',
  /** Hourly: pain themes a day old, SEO opportunities past seoRefreshDays, saved AI questions a day old. */
  scheduleInsights: 'insights-schedule',
} as const;

interface PainThemesJob {
  projectId: string;
}

/** The insight handlers: plain functions of (input, now), so any process holding the services can run them. */
export const insightHandlers = {
  painThemes: (services: Services, input: PainThemesJob, now: Date) =>
    services.painThemes.refreshAfterScan(input.projectId, now),
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

/** pg-boss over the service's own database: the embedded PGlite, or the PostgreSQL pool. */
function bossFor(db: Db): PgBoss {
  if ('pglite' in db) {
    return new PgBoss({
      db: fromPglite((db as Db & { pglite: PGlite }).pglite),
      backend: 'pglite',
      schedule: true,
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
  return new PgBoss({ db: executor, schedule: true });
}

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the service's database, registers the handlers, resumes scans a crash left behind,
 * and queues the scans that are due now (so a fresh instance scans right away).
 */
export async function startJobs(
  services: Services,
  opts: { log: ScanLogger; concurrency?: number },
): Promise<JobRunner> {
  const boss = bossFor(services.db);
  boss.on('error', (err) => opts.log.warn({ err: err.message }, 'job queue error'));
  await boss.start();
  await boss.createQueue(JOBS.scan, { retryLimit: 3, retryDelay: 5, expireInSeconds: 3600 });
  await boss.createQueue(JOBS.scheduleScans);
  await boss.createQueue(JOBS.painThemes, { retryLimit: 2, retryDelay: 30 });
  await boss.createQueue(JOBS.scheduleInsights);

  services.scans.setLogger(opts.log);
  services.scans.attachQueue({
    async send(scanId, tx) {
      await boss.send(JOBS.scan, { scanId } satisfies ScanJob, { db: inTransaction(tx) });
    },
    async resend(scanId) {
      await boss.send(JOBS.scan, { scanId } satisfies ScanJob);
    },
  });

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
    },
  );
  await boss.work<PainThemesJob>(JOBS.painThemes, async ([job]) => {
    if (job) await insightHandlers.painThemes(services, job.data, services.clock.now());
  });
  await boss.work(JOBS.scheduleInsights, async () => {
    await insightHandlers.scheduleInsights(services, services.clock.now());
  });
  await boss.schedule(JOBS.scheduleInsights, '23 * * * *');
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
  await boss.send(JOBS.scheduleInsights, {});

  return {
    async stop() {
      await services.scans.drain();
      await boss.stop({ graceful: true, timeout: 10_000 });
      services.scans.attachQueue(null);
    },
  };
}
