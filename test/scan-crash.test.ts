// Kill -9 of the service in the middle of a scan loses nothing and duplicates nothing after a restart:
// the same leads, calls and scan record as a run that was never interrupted.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import pg from 'pg';
import { type Db, openPglite, openPostgres } from '../src/db/client.ts';
import { TEST_DATABASE_URL } from './harness.ts';

const ROOT = join(import.meta.dirname, '..');
const databases: string[] = [];

/** A place for one service's data: a fresh PGlite directory, or a fresh database on the test server. */
async function freshStore(): Promise<{ env: Record<string, string>; open(): Promise<Db> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scan-crash-'));
  if (!TEST_DATABASE_URL) {
    return { env: { DATA_DIR: dataDir }, open: () => openPglite(join(dataDir, 'pglite')) };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openPostgres(url.toString(), { max: 2 }),
  };
}

after(async () => {
  if (!TEST_DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

interface Service {
  child: ChildProcess;
  /** Resolves when a log line matching `pattern` has been seen `count` times. */
  waitFor(pattern: RegExp, count?: number): Promise<void>;
  exited: Promise<number | null>;
}

function startService(env: Record<string, string>): Service {
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      UPSTREAM: 'replay',
      // Each replayed call takes a moment, so the scan is long enough to be killed in the middle.
      REPLAY_LATENCY_MS: '120',
      SCAN_STALE_SECONDS: '1',
      // The demo's SEO refresh reads threads too; which of it and the scan buys a thread first is a matter of timing.
      SEO_PROVIDER: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stderr = '';
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
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    waitFor(pattern, count = 1) {
      return new Promise<void>((resolve, reject) => {
        waiters.push({ pattern, count, resolve });
        check();
        void exited.then(() => reject(new Error(`service exited before ${pattern}: ${stderr.slice(-2000)}`)));
      });
    },
  };
}

async function stopGracefully(s: Service) {
  s.child.kill('SIGTERM');
  await s.exited;
}

async function killHard(s: Service) {
  s.child.kill('SIGKILL');
  await s.exited;
}

/** What a user could notice: the leads, the calls paid for, and the scan record. */
async function outcome(open: () => Promise<Db>) {
  const db = await open();
  try {
    const leads = await db.query<{ k: string }>(
      `SELECT post_id || '/' || coalesce(comment_id, '') AS k FROM leads ORDER BY 1`,
    );
    const calls = await db.query<{ api: string; n: number; cost: number }>(
      `SELECT api, count(*)::int AS n, sum(cost_usd)::float8 AS cost FROM upstream_calls GROUP BY api ORDER BY api`,
    );
    const scans = await db.query<{ status: string; calls: number; new_leads: number; items_seen: number }>(
      'SELECT status, calls, new_leads, items_seen FROM scans ORDER BY created_at',
    );
    const items = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM upstream_items');
    return { leads: leads.map((r) => r.k), calls, scans, items: items[0]!.n };
  } finally {
    await db.close();
  }
}

test('kill -9 in the middle of a scan, twice, then a restart: nothing lost, nothing duplicated', async () => {
  const reference = await freshStore();
  const ref = startService(reference.env);
  await ref.waitFor(/"msg":"scan done"/);
  await stopGracefully(ref);
  const want = await outcome(reference.open);
  assert.ok(want.leads.length > 20, `${want.leads.length} leads in the reference run`);
  assert.equal(want.scans.length, 1);
  assert.equal(want.scans[0]!.status, 'done');

  const crashed = await freshStore();
  // First life: killed just after its second committed unit, while the third is under way.
  const first = startService(crashed.env);
  await first.waitFor(/"msg":"scan unit committed"/, 2);
  await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 120)));
  await killHard(first);
  const midway = await outcome(crashed.open);
  assert.equal(midway.scans[0]!.status, 'running');
  assert.ok(midway.scans[0]!.calls < want.scans[0]!.calls);
  // Second life: resumes the scan, and is killed again a unit later.
  const second = startService(crashed.env);
  await second.waitFor(/"msg":"scan unit committed"/, 1);
  await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 120)));
  await killHard(second);
  // Third life: finishes.
  const third = startService(crashed.env);
  await third.waitFor(/"msg":"scan done"/);
  await stopGracefully(third);

  const got = await outcome(crashed.open);
  assert.deepEqual(got.leads, want.leads);
  assert.deepEqual(got.calls, want.calls);
  assert.equal(got.items, want.items);
  assert.deepEqual(got.scans, want.scans);
});
