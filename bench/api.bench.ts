// npm run bench:api — GET /projects/{id}/leads (10,000 leads, limit 50) on PGlite and PostgreSQL beside a
// bare Fastify route serving the same page from memory, in one run. Prints throughput, p99 and ratios.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { type Db, openPglite, openPostgres } from '../src/db/client.ts';
import { buildApp } from '../src/http/app.ts';
import { seedLeadsProject } from './seed.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LEADS = 10_000;
// A comma-separated subset of pglite,postgres,bare (all by default), for quick repeated runs of one target.
const TARGETS = new Set((process.env.BENCH_TARGETS ?? 'pglite,postgres,bare').split(','));
// Where autocannon runs: its own worker thread (default) or its own process.
const LOADGEN = process.env.BENCH_LOADGEN === 'process' ? 'process' : 'thread';
const loadAtStart = loadavg();

function runAutocannon(options: autocannon.Options): Promise<autocannon.Result> {
  if (LOADGEN === 'thread') return autocannon({ ...options, workers: 1 });
  const child = fork(new URL('./autocannon.child.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    child.once('message', (result) => resolve(result as autocannon.Result));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
    child.send(options);
  });
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** PostgreSQL only: what the database saw during the run. */
  db?: string;
}

async function load(
  url: string,
  headers: Record<string, string>,
  rate?: number,
): Promise<Omit<Figures, 'name'>> {
  // The load generator does not share the event loop of the server it measures.
  const result = await runAutocannon({
    url,
    headers,
    connections: 10,
    duration: DURATION,
    ...(rate ? { overallRate: rate } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

/** CPU seconds (user + system) a process has used, from /proc; 0 when it is gone or unreadable. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/**
 * Watches a PostgreSQL database during a run from a connection of its own: how many backends waited on a lock
 * (sampled every 20 ms), how many counting statements the service sent, and the CPU time the service thread
 * and the database's backends used, per request (less sensitive to other load on the machine than latency).
 */
async function watchPostgres(url: string, countingStatements: () => number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const backendCpu = async () => {
    const rows = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return new Map(rows.rows.map((r: { pid: number }) => [r.pid, cpuSecondsOf(r.pid)]));
  };
  return {
    async during<T extends { total: number }>(run: () => Promise<T>): Promise<T & { db: string }> {
      const before = countingStatements();
      const cpuBefore = process.threadCpuUsage();
      const backendsBefore = await backendCpu();
      let samples = 0;
      let waiting = 0;
      let stop = false;
      const sampling = (async () => {
        while (!stop) {
          const rows = await client.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
                AND wait_event_type = 'Lock'`,
          );
          samples++;
          waiting += rows.rows[0].n;
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const result = await run();
      stop = true;
      await sampling;
      const statements = countingStatements() - before;
      const cpu = process.threadCpuUsage(cpuBefore);
      let backendSeconds = 0;
      for (const [pid, seconds] of await backendCpu())
        backendSeconds += seconds - (backendsBefore.get(pid) ?? 0);
      const perRequest = (seconds: number) => `${((seconds * 1e6) / result.total).toFixed(0)} µs`;
      return {
        ...result,
        db: [
          `${(waiting / samples).toFixed(2)} backends waiting on a lock (mean of ${samples} samples)`,
          `${(statements / result.total).toFixed(2)} counting statements per request`,
          `CPU per request: service main thread ${perRequest((cpu.user + cpu.system) / 1e6)}, PostgreSQL backends ${perRequest(backendSeconds)}`,
        ].join('; '),
      };
    },
    close: () => client.end(),
  };
}

async function benchService(
  name: string,
  db: Db,
  databaseUrl?: string,
): Promise<{ figures: Figures[]; page: unknown }> {
  // Counts the statements on the relaxed pool: those are the per-request authenticate-and-count statements.
  let counting = 0;
  const relaxed = db.queryRelaxed;
  db.queryRelaxed = (sql, params) => {
    counting++;
    return relaxed(sql, params);
  };
  const { services, restKey: key, projectId } = await seedLeadsProject(db, LEADS);
  const app = await buildApp({ services });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}/api/v1/projects/${projectId}/leads?limit=50`;
  const headers = { authorization: `Bearer ${key}` };
  const page = await (await fetch(url, { headers })).json();
  const watch = databaseUrl ? await watchPostgres(databaseUrl, () => counting) : null;
  const measure = <T extends { total: number }>(run: () => Promise<T>) => (watch ? watch.during(run) : run());
  const max = await measure(() => load(url, headers));
  const paced = await measure(() => load(url, headers, 1000));
  await watch?.close();
  await app.close();
  return {
    page,
    figures: [
      { name: `${name}: max`, ...max },
      { name: `${name}: 1,000 req/s`, ...paced },
    ],
  };
}

async function benchBare(page: unknown): Promise<Figures[]> {
  const app = Fastify();
  app.get('/leads', async () => page);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/leads`;
  const max = await load(url, {});
  const paced = await load(url, {}, 1000);
  await app.close();
  return [
    { name: 'bare Fastify route: max', ...max },
    { name: 'bare Fastify route: 1,000 req/s', ...paced },
  ];
}

const results: Figures[] = [];
let page: unknown = { leads: [] };
if (TARGETS.has('pglite')) {
  const pglite = await openPglite();
  const embedded = await benchService('PGlite (embedded)', pglite);
  results.push(...embedded.figures);
  page = embedded.page;
  await pglite.close();
}

if (TARGETS.has('postgres')) {
  const name = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const server = await openPostgres(url.toString());
    const measured = await benchService('PostgreSQL', server, url.toString());
    results.push(...measured.figures);
    page = measured.page;
    await server.close();
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
if (TARGETS.has('bare')) results.push(...(await benchBare(page)));

const bareMax = results.find((r) => r.name === 'bare Fastify route: max');
console.log(
  `\nGET /projects/{id}/leads, ${LEADS} leads, limit 50, ${DURATION}s per run, 10 connections, load generator in its own ${LOADGEN}; each request authenticated and counted against its key (self-hosted: no daily limit, same statement)\n`,
);
console.log('| run | req/s | p50 ms | p99 ms | throughput vs bare |');
console.log('|---|---:|---:|---:|---:|');
for (const r of results) {
  const ratio = bareMax && r.name.endsWith('max') ? `${((r.rps / bareMax.rps) * 100).toFixed(1)}%` : '';
  console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${ratio} |`);
}
for (const r of results) if (r.db) console.log(`${r.name}: ${r.db}`);
const avg = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
console.log(`\nload average (1, 5, 15 min): ${avg(loadAtStart)} at start, ${avg(loadavg())} at end`);
