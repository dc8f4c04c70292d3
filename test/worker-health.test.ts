// Probes of split roles, with spawned processes on the local PostgreSQL: a worker's health listener (HEALTH_PORT)
// and what /readyz says about each role's machinery (docs/decisions/0008, 0085).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import {
  type ClusterDb,
  createClusterDb,
  killRemaining,
  type Proc,
  startProcess,
  terminate,
} from './cluster.ts';
import { TEST_DATABASE_URL } from './harness.ts';

const procs: Proc[] = [];
let cluster: ClusterDb | null = null;

after(async () => {
  killRemaining(procs);
  await cluster?.drop();
});

const readyz = async (p: Proc) => {
  const res = await fetch(`${p.url}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

async function eventually<T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) assert.fail(`${what}: still ${JSON.stringify(v)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('role readiness and the worker health listener', {
  skip: !TEST_DATABASE_URL && 'needs PostgreSQL (TEST_DATABASE_URL)',
}, () => {
  test('a worker with HEALTH_PORT answers /healthz, /readyz and /metrics and nothing else', async () => {
    cluster = await createClusterDb(TEST_DATABASE_URL!, 1);
    const worker = await startProcess('worker', cluster.url, { HEALTH_PORT: '0' });
    procs.push(worker);
    assert.match(worker.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(await (await fetch(`${worker.url}/healthz`)).json(), { ok: true });
    assert.deepEqual(await readyz(worker), {
      status: 200,
      body: { ready: true, database: 'ok', migrations: 'ok', role: 'worker', jobs: 'ready' },
    });
    const metrics = await fetch(`${worker.url}/metrics`);
    assert.equal(metrics.status, 200);
    const text = await metrics.text();
    assert.match(text, /^database_up 1$/m);
    assert.match(text, /^scans\{status="queued"\} \d+$/m);
    const api = await fetch(`${worker.url}/api/v1/me`);
    assert.equal(api.status, 404, 'a worker serves no API');
    assert.equal(((await api.json()) as { error: { code: string } }).error.code, 'not_found');
    // Scans yield the CPU to api processes on a shared host: a worker runs at WORKER_NICE (10 unless set).
    const stat = `/proc/${worker.child.pid}/stat`;
    if (existsSync(stat)) assert.equal(Number(readFileSync(stat, 'utf8').split(') ')[1]!.split(' ')[16]), 10);
    assert.equal((await terminate(worker)).code, 0);
  });

  test('an api process reports its HTTP routes and its job queue ready', async () => {
    const api = await startProcess('api', cluster!.url);
    procs.push(api);
    assert.deepEqual(await readyz(api), {
      status: 200,
      body: { ready: true, database: 'ok', migrations: 'ok', role: 'api', http: 'ready', jobs: 'ready' },
    });
    assert.equal((await terminate(api)).code, 0);
  });

  test('a worker is ready only once its job queue is up, and not ready when the database is gone', async () => {
    // Hold the job queue's schema so that the worker's queue cannot start until the test lets it.
    const holder = new pg.Client({ connectionString: cluster!.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE pgboss.queue IN ACCESS EXCLUSIVE MODE');
    const worker = await startProcess('worker', cluster!.url, { HEALTH_PORT: '0' }, /Server listening at/);
    procs.push(worker);
    try {
      assert.deepEqual(await (await fetch(`${worker.url}/healthz`)).json(), { ok: true });
      await new Promise((r) => setTimeout(r, 500));
      assert.deepEqual(await readyz(worker), {
        status: 503,
        body: { ready: false, database: 'ok', migrations: 'ok', role: 'worker', jobs: 'starting' },
      });
      assert.equal(worker.count(/"msg":"ready"/), 0);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    const up = await eventually(
      'readyz after the queue started',
      () => readyz(worker),
      (r) => r.status === 200,
    );
    assert.equal(up.body.jobs, 'ready');
    await worker.waitFor(/"msg":"ready"/);

    // The database goes away (dropped, its connections terminated): not ready, yet alive.
    const gone = cluster!;
    cluster = null;
    await gone.drop();
    const down = await eventually(
      'readyz without a database',
      () => readyz(worker),
      (r) => r.status === 503,
    );
    assert.equal(down.body.database, 'unreachable');
    assert.equal(down.body.role, 'worker');
    assert.equal((await fetch(`${worker.url}/healthz`)).status, 200);
    worker.child.kill('SIGKILL');
  });
});
