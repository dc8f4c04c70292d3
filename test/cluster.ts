// The deployed topology with plain processes (compose.yaml's, without Docker): `npm start`'s entry point as
// ROLE=api and ROLE=worker processes on one fresh PostgreSQL database, seeded with many projects scanned from
// the replay source. Used by test/multi-process.test.ts, scripts/reliability-workers.ts and bench/load.bench.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { fixedClock } from '../src/clock.ts';
import { type Config, loadConfig } from '../src/config/index.ts';
import { type Db, openPglite, openPostgres } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createServices } from '../src/services.ts';

const ROOT = join(import.meta.dirname, '..');
export const SAMPLE_CORPUS = join(ROOT, 'sample/corpus.jsonl');

/** Words of the sample corpus's salon and small-business threads; each project draws a few. */
const KEYWORDS = [
  'booking',
  'appointment',
  'reminders',
  'scheduling',
  'no-show',
  'no shows',
  'deposit',
  'calendar',
  'square',
  'vagaro',
  'booksy',
  'software',
  'app',
  'clients',
  'looking for',
  'recommend',
  'any suggestions',
  'price',
  'text',
  'online',
];
const SUBREDDITS = ['Barber', 'smallbusiness', 'hairstylist', 'Entrepreneur'];

/** The same projects for a given count, every time (a fixed pseudo-random draw). */
export function drawProjects(n: number) {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = (list: string[], k: number) => {
    const copy = [...list];
    return Array.from({ length: k }, () => copy.splice(Math.floor(rand() * copy.length), 1)[0]!);
  };
  return Array.from({ length: n }, (_, i) => ({
    name: `Cluster project ${i}`,
    keywords: pick(KEYWORDS, 2 + Math.floor(rand() * 4)),
    subreddits: pick(SUBREDDITS, 1 + Math.floor(rand() * 2)),
    competitors: [],
    scoreThreshold: 20 + Math.floor(rand() * 30),
  }));
}

export interface ClusterDb {
  url: string;
  db: Db;
  restKey: string;
  mcpKey: string;
  projectIds: string[];
  drop(): Promise<void>;
}

/** A fresh database on the server at adminUrl, migrated, with one account and n projects. */
export async function createClusterDb(adminUrl: string, n: number): Promise<ClusterDb> {
  const name = `cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), { max: 4 });
  await migrate(db);
  const services = createServices({ db, clock: fixedClock(new Date()), config: clusterConfig() });
  const user = await services.accounts.createUser('cluster@example.com', 'connected');
  const restKey = (await services.accounts.issueKey(user.id, 'rest')).key;
  const mcpKey = (await services.accounts.issueKey(user.id, 'mcp')).key;
  const projectIds: string[] = [];
  for (const p of drawProjects(n)) projectIds.push((await services.projects.upsertProject(user.id, p)).id);
  await services.webhooks.close();
  return {
    url: url.toString(),
    db,
    restKey,
    mcpKey,
    projectIds,
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** An empty database on the server at adminUrl, as a new deployment finds it: no schema at all. */
export async function createEmptyDb(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fresh_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * Starts 2 api and 2 worker processes at the same moment on a database (a deployment's first start), waits for
 * each to be ready or to exit, then stops those that started. Returns the failed starts' last output.
 */
export async function startClusterAtOnce(databaseUrl: string): Promise<{ failures: string[] }> {
  const roles = ['api', 'api', 'worker', 'worker'] as const;
  const started: Proc[] = [];
  const results = await Promise.allSettled(
    roles.map(async (role) => {
      const p = await startProcess(role, databaseUrl);
      started.push(p);
      return p;
    }),
  );
  const failures = results.flatMap((r) =>
    r.status === 'rejected' ? [String((r.reason as Error).message ?? r.reason).slice(0, 2000)] : [],
  );
  for (const p of started) {
    const { code } = await terminate(p);
    if (code !== 0) failures.push(`${p.role} exited ${code} on SIGTERM:\n${p.output().slice(-2000)}`);
  }
  return { failures };
}

function clusterConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', REPLAY_FILE: SAMPLE_CORPUS, ...env });
}

/**
 * The leads n projects get from the sample corpus, each with its places, computed in this
 * process on an embedded database by one scan after another: what the cluster must end up with.
 */
export async function referenceLeads(n: number, env: Record<string, string> = {}): Promise<StoryKey[]> {
  const db = await openPglite();
  await migrate(db);
  const services = createServices({ db, clock: fixedClock(new Date()), config: clusterConfig(env) });
  const user = await services.accounts.createUser('reference@example.com', 'connected');
  for (const p of drawProjects(n)) {
    const { id } = await services.projects.upsertProject(user.id, p);
    const scan = await services.scans.requestScan(id, 'schedule');
    await services.scans.waitForScan(scan.scanId, 120_000);
  }
  const stories = await leadStories(db);
  await services.webhooks.close();
  await db.close();
  return stories;
}

/** Every lead in the database as `project name/post/comment`, duplicates included, sorted. */
export async function leadKeys(db: Db): Promise<string[]> {
  const rows = await db.query<{ k: string }>(
    `SELECT p.name || '/' || l.post_id || '/' || coalesce(l.comment_id, '') AS k
       FROM leads l JOIN projects p ON p.id = l.project_id ORDER BY 1`,
  );
  return rows.map((r) => r.k);
}

/** A lead as `project name/post/comment` with the same keys of every place its story appeared (ADR 0120). */
export interface StoryKey {
  home: string;
  items: string[];
}

/** Every lead with its places, sorted by home. */
export async function leadStories(db: Db): Promise<StoryKey[]> {
  const rows = await db.query<{ home: string; places: string[] | null }>(
    `SELECT p.name || '/' || l.post_id || '/' || coalesce(l.comment_id, '') AS home,
            array_agg(p.name || '/' || lp.post_id || '/' || coalesce(lp.comment_id, ''))
              FILTER (WHERE lp.post_id IS NOT NULL) AS places
       FROM leads l JOIN projects p ON p.id = l.project_id
       LEFT JOIN lead_places lp ON lp.lead_id = l.id
      GROUP BY l.id, p.name, l.post_id, l.comment_id ORDER BY 1`,
  );
  return rows.map((r) => ({ home: r.home, items: [r.home, ...(r.places ?? [])] }));
}

/**
 * The stories of one side that the other side lacks: a lead whose home is no item of any lead on the other side.
 * Which copy of a story becomes its home depends on which unit finds one first (ADR 0120), so two runs that
 * scan units in another order agree on the stories, not always on their homes.
 */
export function storiesMissing(got: StoryKey[], want: StoryKey[]): { missing: string[]; extra: string[] } {
  const items = (side: StoryKey[]) => new Set(side.flatMap((s) => s.items));
  const inGot = items(got);
  const inWant = items(want);
  return {
    missing: want.filter((s) => !inGot.has(s.home)).map((s) => s.home),
    extra: got.filter((s) => !inWant.has(s.home)).map((s) => s.home),
  };
}

export interface Proc {
  role: 'api' | 'worker' | 'all';
  child: ChildProcess;
  /** The HTTP base URL of an api process, or of a worker's health listener (HEALTH_PORT); else empty. */
  url: string;
  output(): string;
  /** Resolves when a log line matching pattern has been seen count times in this process's life. */
  waitFor(pattern: RegExp, count?: number, timeoutMs?: number): Promise<void>;
  /** How many log lines so far match pattern. */
  count(pattern: RegExp): number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Every process started here dies with this one, however it ends (a failed assertion, a crash). */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** Starts `node src/main.ts` (what `npm start` runs) in a role; resolves once it is ready (or logs `until`). */
export async function startProcess(
  role: Proc['role'],
  databaseUrl: string,
  env: Record<string, string> = {},
  until = /"msg":"ready"/,
): Promise<Proc> {
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ROLE: role,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEMO: 'false',
      UPSTREAM: 'replay',
      REPLAY_FILE: SAMPLE_CORPUS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let out = '';
  const waiters: { pattern: RegExp; count: number; resolve(): void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      if ((out.match(new RegExp(w.pattern.source, 'g')) ?? []).length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  child.stdout!.on('data', (d) => {
    out += d;
    check();
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const proc: Proc = {
    role,
    child,
    url: '',
    output: () => out,
    exited,
    waitFor(pattern, count = 1, timeoutMs = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`${role}: no ${pattern} x${count} in ${timeoutMs} ms:\n${out.slice(-3000)}`)),
          timeoutMs,
        );
        waiters.push({
          pattern,
          count,
          resolve() {
            clearTimeout(timer);
            resolve();
          },
        });
        check();
        void exited.then(() => {
          clearTimeout(timer);
          reject(new Error(`${role} exited before ${pattern}:\n${out.slice(-3000)}`));
        });
      });
    },
    count: (pattern) => (out.match(new RegExp(pattern.source, 'g')) ?? []).length,
  };
  await proc.waitFor(until);
  proc.url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
  return proc;
}

/** SIGTERM, and how long the process took to exit. */
export async function terminate(p: Proc): Promise<{ code: number | null; ms: number }> {
  const t0 = Date.now();
  p.child.kill('SIGTERM');
  const { code, at } = await p.exited;
  return { code, ms: at - t0 };
}

/** A test's cleanup: SIGKILL whatever the list still has running. */
export function killRemaining(procs: Proc[]): void {
  for (const p of procs)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
}

export async function killHard(p: Proc): Promise<void> {
  p.child.kill('SIGKILL');
  await p.exited;
}

/** Scans not yet over, by status. */
export async function activeScans(db: Db): Promise<{ queued: number; running: number }> {
  const [row] = await db.query<{ queued: number; running: number }>(
    `SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued,
            count(*) FILTER (WHERE status = 'running')::int AS running FROM scans`,
  );
  return row!;
}

/** Resolves once every project has a finished scan and none is queued or running. */
export async function waitForScansSettled(db: Db, projects: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.query<{ done: number; active: number }>(
      `SELECT count(DISTINCT project_id) FILTER (WHERE status IN ('done', 'failed'))::int AS done,
              count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS active FROM scans`,
    );
    if (row!.done >= projects && row!.active === 0) return;
    if (Date.now() > deadline) throw new Error(`scans not settled: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Asks an api process for a scan of the project with the run_scan tool, as an agent would. */
export async function runScanTool(apiUrl: string, mcpKey: string, projectId: string): Promise<void> {
  const res = await fetch(`${apiUrl}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${mcpKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'run_scan', arguments: { projectId } },
    }),
  });
  const body = (await res.json()) as { result?: { isError?: boolean } };
  if (res.status !== 200 || !body.result || body.result.isError) {
    throw new Error(`run_scan answered ${res.status}: ${JSON.stringify(body)}`);
  }
}

/**
 * Keeps scans coming once the scheduled round is through, so that a worker can be killed in the middle of
 * one: when fewer than 4 are queued or running, run_scan for 8 random projects over the api processes.
 * Returns how many it asked for.
 */
export async function keepScanning(db: Db, apiUrls: string[], mcpKey: string, projectIds: string[]) {
  const { queued, running } = await activeScans(db);
  if (queued + running >= 4) return 0;
  for (let j = 0; j < 8; j++) {
    const projectId = projectIds[Math.floor(Math.random() * projectIds.length)]!;
    await runScanTool(apiUrls[j % apiUrls.length]!, mcpKey, projectId);
  }
  return 8;
}

/**
 * Kills a worker with SIGKILL just after it commits one to `extraUnits` more scan units (run_scan keeps scans
 * coming meanwhile), then starts a new one in its place. midScan: a scan was running when the kill landed.
 */
export async function killWorkerMidScan(opts: {
  db: Db;
  apiUrls: string[];
  mcpKey: string;
  projectIds: string[];
  victim: Proc;
  restart: () => Promise<Proc>;
  extraUnits: number;
  timeoutMs: number;
}): Promise<{ replacement: Proc; midScan: boolean; toolScans: number }> {
  const toolScans = await keepScanning(opts.db, opts.apiUrls, opts.mcpKey, opts.projectIds);
  const committed = opts.victim.count(/"msg":"scan unit committed"/);
  await opts.victim.waitFor(
    /"msg":"scan unit committed"/,
    committed + 1 + Math.floor(Math.random() * opts.extraUnits),
    opts.timeoutMs,
  );
  const midScan = (await activeScans(opts.db)).running > 0;
  await killHard(opts.victim);
  return { replacement: await opts.restart(), midScan, toolScans };
}
