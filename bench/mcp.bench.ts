// npm run bench:mcp — the tool endpoint beside REST in one run: tools/call list_leads against
// GET /projects/{id}/leads (same project of 10,000 leads, limit 50), plus tools/list and ping. Prints
// throughput, p50/p99 and the MCP/REST ratios. PGlite, and PostgreSQL when BENCH_DATABASE_URL is set.
import autocannon from 'autocannon';
import pg from 'pg';
import { type Db, openPglite, openPostgres } from '../src/db/client.ts';
import { buildApp } from '../src/http/app.ts';
import { seedLeadsProject } from './seed.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const PG_URL = process.env.BENCH_DATABASE_URL;
const LEADS = 10_000;

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

async function load(opts: { url: string; headers: Record<string, string>; method?: 'POST'; body?: string }) {
  const result = await autocannon({ ...opts, connections: 10, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${opts.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function benchOn(label: string, db: Db): Promise<Figures[]> {
  const { services, restKey, mcpKey, projectId } = await seedLeadsProject(db, LEADS);
  const app = await buildApp({ services });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const rpc = (method: string, params?: unknown) => ({
    url: `${base}/mcp`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${mcpKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }),
  });
  const call = rpc('tools/call', { name: 'list_leads', arguments: { projectId, limit: 50 } });

  // The same page either way, or the comparison means nothing.
  const restPage = await (
    await fetch(`${base}/api/v1/projects/${projectId}/leads?limit=50`, {
      headers: { authorization: `Bearer ${restKey}` },
    })
  ).json();
  const toolPage = (await (await fetch(call.url, call)).json()).result.structuredContent;
  if (JSON.stringify(restPage) !== JSON.stringify(toolPage))
    throw new Error('REST and list_leads pages differ');

  const figures = [
    {
      name: `${label}: REST GET leads`,
      ...(await load({
        url: `${base}/api/v1/projects/${projectId}/leads?limit=50`,
        headers: { authorization: `Bearer ${restKey}` },
      })),
    },
    { name: `${label}: tools/call list_leads`, ...(await load(call)) },
    { name: `${label}: tools/list`, ...(await load(rpc('tools/list'))) },
    { name: `${label}: ping`, ...(await load(rpc('ping'))) },
  ];
  await app.close();
  return figures;
}

const all: Figures[] = [];
const lite = await openPglite();
all.push(...(await benchOn('PGlite', lite)));
await lite.close();
if (PG_URL) {
  const name = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  try {
    all.push(...(await benchOn('PostgreSQL', db)));
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

console.log(`\n${LEADS} leads, limit 50, 10 connections, ${DURATION} s per run\n`);
console.log('| Run | req/s | p50 ms | p99 ms |\n|---|---|---|---|');
for (const f of all) console.log(`| ${f.name} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} |`);
for (const label of ['PGlite', 'PostgreSQL']) {
  const rest = all.find((f) => f.name === `${label}: REST GET leads`);
  const tool = all.find((f) => f.name === `${label}: tools/call list_leads`);
  if (rest && tool) {
    console.log(
      `${label}: list_leads / REST throughput ${(tool.rps / rest.rps).toFixed(2)}, p99 ${(tool.p99 / rest.p99).toFixed(2)}`,
    );
  }
}
