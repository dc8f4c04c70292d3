import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.ts';
import type { DbHealth } from '../db/health.ts';
import { createMetricsRepo } from './metrics.repo.ts';

type PoolLike = { totalCount: number; idleCount: number; waitingCount: number };

/**
 * The Prometheus registry of one app: request counts and latencies are counted in this process; scans,
 * upstream calls and webhook attempts are read from the database at scrape time, so every process reports
 * the same totals (docs/reliability.md).
 */
export function createMetrics(deps: { db: Db; health: DbHealth }) {
  const registry = new Registry();
  const repo = createMetricsRepo(deps.db);
  /** A scrape must answer even when the database does not. */
  const safely = async (fn: () => Promise<void>) => {
    try {
      await fn();
    } catch {}
  };

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'database_up',
    help: '1 when the database is reachable and migrated, else 0.',
    registers: [registry],
    async collect() {
      this.set((await deps.health.check()).ready ? 1 : 0);
    },
  });
  new Gauge({
    name: 'scans',
    help: 'Scans recorded in the database, by status (queued is the scan queue depth).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      await safely(async () => {
        const rows = await repo.scansByStatus();
        this.reset();
        for (const status of ['queued', 'running', 'done', 'failed']) {
          this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
        }
      });
    },
  });
  new Gauge({
    name: 'scan_queue_depth',
    help: 'Scans waiting for a worker.',
    registers: [registry],
    async collect() {
      await safely(async () => {
        this.set((await repo.scansByStatus()).find((r) => r.status === 'queued')?.n ?? 0);
      });
    },
  });
  new Gauge({
    name: 'upstream_cost_usd',
    help: 'USD spent on upstream calls, by upstream endpoint (reused calls cost 0).',
    labelNames: ['api'] as const,
    registers: [registry],
    async collect() {
      await safely(async () => {
        const cost = new Map<string, number>();
        for (const r of await repo.upstreamByApi()) cost.set(r.api, (cost.get(r.api) ?? 0) + r.cost);
        this.reset();
        for (const [api, usd] of cost) this.set({ api }, usd);
      });
    },
  });
  new Gauge({
    name: 'upstream_calls',
    help: 'Upstream calls made or reused, by endpoint, whether reused and whether they succeeded.',
    labelNames: ['api', 'reused', 'ok'] as const,
    registers: [registry],
    async collect() {
      await safely(async () => {
        const rows = await repo.upstreamByApi();
        this.reset();
        for (const r of rows) this.set({ api: r.api, reused: String(r.reused), ok: String(r.ok) }, r.n);
      });
    },
  });
  new Gauge({
    name: 'webhook_attempts',
    help: 'Webhook delivery attempts recorded, by outcome.',
    labelNames: ['outcome'] as const,
    registers: [registry],
    async collect() {
      await safely(async () => {
        const rows = await repo.webhookAttemptsByOutcome();
        this.reset();
        for (const r of rows) this.set({ outcome: r.outcome }, r.n);
      });
    },
  });
  const pool = (deps.db as { pool?: PoolLike }).pool;
  if (pool) {
    new Gauge({
      name: 'database_pool_connections',
      help: 'Connections of the main PostgreSQL pool: total, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  return {
    registry,
    /** Counts one answered request; route is the template (`/api/v1/projects/:id`), never the raw URL. */
    observe(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
