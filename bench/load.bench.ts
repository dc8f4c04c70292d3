// npm run bench:load: 1,000 requests/s of mixed REST reads for 60 s against 2 ROLE=api processes on the local
// PostgreSQL while 2 ROLE=worker processes scan 200 projects from the replay source. Prints p50/p99/max latency,
// errors and non-2xx answers, with the machine's load average. A benchmark, not a test: no thresholds.
// DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), LOAD_RATE, LOAD_SECONDS,
// LOAD_WORKERS (default 2; 0 measures the reads alone), LOAD_PACING: even (default: one request every 1/rate s,
// latency counted from when it was due) or autocannon (its overallRate: each connection sends its share of the
// second back to back when the second starts, a burst every second).
import { fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import type autocannon from 'autocannon';
import { activeScans, createClusterDb, type Proc, startProcess, terminate } from '../test/cluster.ts';
import type { PacedOptions, PacedResult } from './paced.child.ts';

const ADMIN = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RATE = Number(process.env.LOAD_RATE ?? 1000);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PROJECTS = 200;
const WORKERS = Number(process.env.LOAD_WORKERS ?? 2);
const PACING = process.env.LOAD_PACING ?? 'even';
if (PACING !== 'even' && PACING !== 'autocannon') throw new Error('LOAD_PACING must be even or autocannon');

/** The load generator in a process of its own per api process, so it does not share an event loop with ours. */
function inChild<O, R>(script: string, options: O): Promise<R> {
  const child = fork(new URL(script, import.meta.url));
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as R));
    child.once('error', reject);
    child.send(options as object);
  });
}

interface LoadResult {
  requests: number;
  seconds: number;
  /** Even pacing only: p99 of how late the generator itself sent (its own CPU starvation), in ms. */
  sendLagP99?: number;
  errors: number;
  non2xx: number;
  latency: { p50: number; p90: number; p99: number; max: number };
}

async function load(url: string, rate: number, requests: autocannon.Request[]): Promise<LoadResult> {
  if (PACING === 'even') {
    return inChild<PacedOptions, PacedResult>('./paced.child.ts', {
      url,
      rate,
      seconds: SECONDS,
      connections: 50,
      requests: requests.map((r) => ({ path: r.path!, headers: r.headers as Record<string, string> })),
    });
  }
  const r = await inChild<autocannon.Options, autocannon.Result>('./autocannon.child.ts', {
    url,
    connections: 50,
    overallRate: rate,
    duration: SECONDS,
    requests,
  });
  return {
    requests: r.requests.total,
    seconds: r.duration,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    latency: r.latency,
  };
}

const before = loadavg();
const cluster = await createClusterDb(ADMIN, PROJECTS);
const procs: Proc[] = [];
try {
  const scanning = { UPSTREAM_FRESHNESS_MINUTES: '0', REPLAY_LATENCY_MS: '100', SCAN_INTERVAL_MINUTES: '1' };
  const apis = [await startProcess('api', cluster.url), await startProcess('api', cluster.url)];
  const workers: Proc[] = [];
  for (let i = 0; i < WORKERS; i++) workers.push(await startProcess('worker', cluster.url, scanning));
  procs.push(...apis, ...workers);
  const auth = { authorization: `Bearer ${cluster.restKey}` };
  const ids = cluster.projectIds;
  // The mix a dashboard or an integration reads: the lead queue most, then projects, one project, /me, usage.
  const requests: autocannon.Request[] = [
    ...ids
      .slice(0, 4)
      .map((id) => ({ method: 'GET' as const, path: `/api/v1/projects/${id}/leads`, headers: auth })),
    ...ids.slice(4, 6).map((id) => ({
      method: 'GET' as const,
      path: `/api/v1/projects/${id}/leads?status=all&minScore=40&limit=100`,
      headers: auth,
    })),
    { method: 'GET', path: '/api/v1/projects', headers: auth },
    { method: 'GET', path: `/api/v1/projects/${ids[0]}`, headers: auth },
    { method: 'GET', path: '/api/v1/me', headers: auth },
    { method: 'GET', path: `/api/v1/projects/${ids[1]}/usage`, headers: auth },
  ];
  // Let the workers get going first: the reads run beside scans in progress.
  await workers[0]?.waitFor(/"msg":"scan unit committed"/, 1, 120_000);
  process.stdout.write(
    `load: ${RATE} req/s (${PACING} pacing) for ${SECONDS} s over 2 api processes, ` +
      `${WORKERS} workers scanning ${PROJECTS} projects\n`,
  );
  const results = await Promise.all(apis.map((a) => load(a.url, RATE / apis.length, requests)));
  const during = loadavg();
  const scans = await activeScans(cluster.db);
  const [done] = await cluster.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM scans WHERE status = 'done'`,
  );
  const total = results.reduce((n, r) => n + r.requests, 0);
  const errors = results.reduce((n, r) => n + r.errors, 0);
  const non2xx = results.reduce((n, r) => n + r.non2xx, 0);
  const p = (k: 'p50' | 'p99' | 'max' | 'p90') => Math.max(...results.map((r) => r.latency[k]));
  const report = {
    date: new Date().toISOString(),
    cpus: cpus().length,
    loadavgBefore: before.map((l) => l.toFixed(2)).join(' '),
    loadavgAfter: during.map((l) => l.toFixed(2)).join(' '),
    pacing: PACING,
    workers: WORKERS,
    targetRate: RATE,
    seconds: SECONDS,
    requests: total,
    achievedRate: Math.round(total / Math.max(...results.map((r) => r.seconds))),
    p50ms: p('p50'),
    p90ms: p('p90'),
    p99ms: p('p99'),
    maxms: p('max'),
    errors,
    non2xx,
    generatorSendLagP99ms: PACING === 'even' ? Math.max(...results.map((r) => r.sendLagP99 ?? 0)) : null,
    scansDoneMeanwhile: done!.n,
    scansActiveAtEnd: scans,
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  for (const p of procs) await terminate(p);
} finally {
  for (const p of procs)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await cluster.drop();
}
