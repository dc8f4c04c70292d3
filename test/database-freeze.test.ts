// docs/reliability.md, "Database loss": a database server that freezes (paused, hung) without closing its
// connections. Every request must still answer, within a few seconds, 503 with the Error body; after the
// server goes on, requests succeed again without a restart.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import {
  type ClusterDb,
  createClusterDb,
  killRemaining,
  type Proc,
  startProcess,
  terminate,
} from './cluster.ts';
import { type FreezingProxy, startFreezingProxy } from './fakes/freezing-proxy.ts';
import { TEST_DATABASE_URL } from './harness.ts';

const procs: Proc[] = [];
let cluster: ClusterDb | null = null;
let proxy: FreezingProxy | null = null;
after(async () => {
  killRemaining(procs);
  await proxy?.close();
  await cluster?.drop();
});

/** How long a request took and what it answered; a closed socket or no answer in 30 s is a failure. */
async function timed(url: string, init: RequestInit = {}) {
  const t0 = Date.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const body = await res.text();
  return { status: res.status, body, ms: Date.now() - t0 };
}

test('a frozen database: every request answers 503 with the Error body within seconds, then recovers', {
  skip: !TEST_DATABASE_URL && 'needs PostgreSQL (TEST_DATABASE_URL)',
}, async () => {
  cluster = await createClusterDb(TEST_DATABASE_URL!, 1);
  proxy = await startFreezingProxy(cluster.url);
  const api = await startProcess('api', proxy.url);
  procs.push(api);
  const rest = (path: string) =>
    timed(`${api.url}/api/v1${path}`, { headers: { authorization: `Bearer ${cluster!.restKey}` } });
  const tool = () =>
    timed(`${api.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cluster!.mcpKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_projects', arguments: {} },
      }),
    });
  const leadsPath = `/projects/${cluster.projectIds[0]}/leads`;
  assert.equal((await rest(leadsPath)).status, 200);

  proxy.freeze();
  // More requests at once than the pools have sessions, so some wait for a session as well.
  const answers = await Promise.all([
    ...Array.from({ length: 12 }, (_, i) => rest(i % 2 ? leadsPath : '/me')),
    tool(),
    tool(),
    timed(`${api.url}/readyz`),
  ]);
  for (const a of answers.slice(0, 12)) {
    assert.equal(a.status, 503, a.body);
    assert.equal(JSON.parse(a.body).error.code, 'internal_error');
    assert.ok(a.ms < 8_000, `answered after ${a.ms} ms`);
  }
  for (const a of answers.slice(12, 14)) {
    assert.equal(a.status, 503, a.body);
    assert.equal(JSON.parse(a.body).error.data.code, 'internal_error');
    assert.ok(a.ms < 8_000, `answered after ${a.ms} ms`);
  }
  assert.equal(answers[14]!.status, 503);
  assert.ok(answers[14]!.ms < 5_000, `readyz after ${answers[14]!.ms} ms`);
  // Still frozen: a later request is answered as promptly (no session is left hanging in the pools).
  const later = await rest('/me');
  assert.equal(later.status, 503, later.body);
  assert.ok(later.ms < 8_000, `answered after ${later.ms} ms`);
  process.stdout.write(
    `# frozen: answered in ${answers.map((a) => a.ms).join(', ')}, later ${later.ms} ms\n`,
  );

  proxy.thaw();
  let back = await rest(leadsPath);
  for (let i = 0; i < 20 && back.status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 500));
    back = await rest(leadsPath);
  }
  assert.equal(back.status, 200, back.body);
  assert.equal((await terminate(api)).code, 0);
});
