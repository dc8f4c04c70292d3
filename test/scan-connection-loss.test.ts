// A scan cut off by a lost database connection is recorded as failed as soon as the database answers again,
// not left `running` until stale-scan recovery (SCAN_STALE_SECONDS, here far longer than the test waits).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import pg from 'pg';
import { type ClusterDb, createClusterDb, type Proc, startProcess, terminate } from './cluster.ts';
import { TEST_DATABASE_URL } from './harness.ts';

let cluster: ClusterDb | null = null;
let worker: Proc | null = null;
after(async () => {
  if (worker && worker.child.exitCode === null) worker.child.kill('SIGKILL');
  await cluster?.drop();
});

test('connections terminated mid-scan: the scan is failed, with the reason, once the database answers again', {
  skip: !TEST_DATABASE_URL && 'needs PostgreSQL (TEST_DATABASE_URL)',
}, async () => {
  cluster = await createClusterDb(TEST_DATABASE_URL!, 1);
  worker = await startProcess('worker', cluster.url, {
    UPSTREAM_FRESHNESS_MINUTES: '0',
    REPLAY_LATENCY_MS: '400',
    SCAN_STALE_SECONDS: '600',
  });
  await worker.waitFor(/"msg":"scan unit committed"/);
  const dbName = new URL(cluster.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await admin.connect();
  // Every connection the worker has (its sessions are named after its role), cut, for a second or so
  // (connections it opens meanwhile too).
  const until = Date.now() + 1500;
  let cut = 0;
  while (Date.now() < until) {
    const rows = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()
            AND application_name = 'lead-intelligence worker'`,
      [dbName],
    );
    cut += rows.rowCount ?? 0;
    await new Promise((r) => setTimeout(r, 100));
  }
  await admin.end();
  assert.ok(cut > 0);
  const deadline = Date.now() + 30_000;
  let scan: { status: string; errors: string[] } | undefined;
  for (;;) {
    [scan] = await cluster.db.query<{ status: string; errors: string[] }>('SELECT status, errors FROM scans');
    if (scan?.status !== 'running' || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.equal(scan?.status, 'failed', `${JSON.stringify(scan)}\n${worker.output().slice(-4000)}`);
  assert.match(scan!.errors.join('\n'), /connection|terminat/i);
  // The worker lives on and still shuts down cleanly.
  const { code } = await terminate(worker);
  assert.equal(code, 0, worker.output().slice(-2000));
});
