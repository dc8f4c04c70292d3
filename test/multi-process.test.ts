// The deployed topology on the local PostgreSQL with plain processes: 2 ROLE=api and 2 ROLE=worker, many
// projects scanned from the replay source, workers killed with kill -9 in the middle of scans and restarted,
// concurrent traffic on both API processes. The long version is `npm run reliability:workers`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import {
  activeScans,
  type ClusterDb,
  createClusterDb,
  createEmptyDb,
  killRemaining,
  killWorkerMidScan,
  leadKeys,
  leadStories,
  type Proc,
  referenceLeads,
  runScanTool,
  startClusterAtOnce,
  startProcess,
  storiesMissing,
  terminate,
  waitForScansSettled,
} from './cluster.ts';
import { startChatFake } from './fakes/chat-fake.ts';
import { TEST_DATABASE_URL } from './harness.ts';
import { makeTestCa, startReceiver } from './receivers.ts';

const PROJECTS = 30;
const KILLS = 3;
const procs: Proc[] = [];
let cluster: ClusterDb | null = null;

after(async () => {
  killRemaining(procs);
  await cluster?.drop();
});

test('ROLE=api or worker on the embedded database is refused at start, saying why', () => {
  const run = spawnSync(process.execPath, ['src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, ROLE: 'worker', DATABASE_URL: '', DATA_DIR: '/nonexistent', PORT: '0' },
    encoding: 'utf8',
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /ROLE=worker needs DATABASE_URL \(PostgreSQL\).*only ROLE=all/);
});

test('2 api + 2 workers started at the same moment on a new database: none exits, three times over', {
  skip: !TEST_DATABASE_URL && 'needs PostgreSQL (TEST_DATABASE_URL)',
}, async () => {
  // Our migrations and the job queue's schema are created under one lock: before, pg-boss's own creation raced
  // and one process of four exited in most starts (duplicate key on pg_namespace_nspname_index).
  for (let round = 0; round < 3; round++) {
    const fresh = await createEmptyDb(TEST_DATABASE_URL!);
    try {
      const { failures } = await startClusterAtOnce(fresh.url);
      assert.deepEqual(failures, [], `round ${round}`);
    } finally {
      await fresh.drop();
    }
  }
});

test('2 api + 2 workers: every lead once, scheduled scans once, exact counters, kill -9 mid-scan loses nothing', {
  skip: !TEST_DATABASE_URL && 'needs PostgreSQL (TEST_DATABASE_URL)',
}, async () => {
  // Every scan buys its own pages (no reuse window), so each is several units long: room to be killed in.
  const scanning = { UPSTREAM_FRESHNESS_MINUTES: '0' };
  const want = await referenceLeads(PROJECTS, scanning);
  assert.ok(want.length > PROJECTS, `${want.length} leads in the reference`);
  cluster = await createClusterDb(TEST_DATABASE_URL!, PROJECTS);
  const { url, db } = cluster;
  // Each replayed call takes a moment, so scans are long enough to be killed in the middle.
  // Every project has a webhook and an instant Slack alert on local https fakes: none may be lost to a kill.
  const ca = makeTestCa();
  const caFile = join(tmpdir(), `multi-process-ca-${process.pid}.pem`);
  writeFileSync(caFile, ca.caPem);
  const hook = await startReceiver(ca);
  const slack = await startChatFake(ca, 'slack');
  after(() => Promise.all([hook.close(), slack.close()]));
  await db.query(
    `INSERT INTO webhooks (project_id, url, secret) SELECT unnest($1::text[]), $2, 'whsec_dGVzdHRlc3R0ZXN0dGVzdA=='`,
    [cluster.projectIds, hook.url],
  );
  await db.query(
    `INSERT INTO alert_destinations (project_id, channel, target, cadence, confirmed_at)
     SELECT unnest($1::text[]), 'slack', $2, 'instant', now()`,
    [cluster.projectIds, slack.url],
  );
  const hooksEnv = { WEBHOOK_ALLOW_PRIVATE: '127.0.0.1', WEBHOOK_CA_FILE: caFile };
  const workerEnv = { ...scanning, ...hooksEnv, REPLAY_LATENCY_MS: '150', SCAN_STALE_SECONDS: '60' };
  const apis = [await startProcess('api', url, hooksEnv), await startProcess('api', url, hooksEnv)];
  procs.push(...apis);
  const workers = [
    await startProcess('worker', url, workerEnv),
    await startProcess('worker', url, workerEnv),
  ];
  procs.push(...workers);

  // Traffic on both API processes while the workers scan: every request is counted, exactly.
  const REQUESTS = 400;
  const paths = ['/api/v1/me', '/api/v1/projects', `/api/v1/projects/${cluster.projectIds[0]}/leads`];
  const traffic = Promise.all(
    Array.from({ length: 16 }, async (_, lane) => {
      for (let i = lane; i < REQUESTS; i += 16) {
        const res = await fetch(`${apis[i % 2]!.url}${paths[i % paths.length]}`, {
          headers: { authorization: `Bearer ${cluster!.restKey}` },
        });
        assert.equal(res.status, 200, await res.text());
        await res.arrayBuffer().catch(() => {});
      }
    }),
  );

  // run_scan on an api process is queued for a worker, which runs it.
  await runScanTool(apis[0]!.url, cluster.mcpKey, cluster.projectIds.at(-1)!);

  // kill -9 a worker just after it commits a unit, restart it; a few times, alternating workers.
  for (let k = 0; k < KILLS; k++) {
    const i = k % 2;
    const victim = workers[i]!;
    const kill = await killWorkerMidScan({
      db,
      apiUrls: apis.map((a) => a.url),
      mcpKey: cluster.mcpKey,
      projectIds: cluster.projectIds,
      victim,
      restart: () => startProcess('worker', url, workerEnv),
      extraUnits: 3,
      timeoutMs: 120_000,
    });
    assert.ok(kill.midScan, 'killed in the middle of a scan');
    workers[i] = kill.replacement;
    procs.push(workers[i]!);
  }
  await traffic;
  await waitForScansSettled(db, PROJECTS, 180_000);

  // Every lead exactly once, the same as one process scanning one project after another.
  const got = await leadKeys(db);
  assert.equal(new Set(got).size, got.length, 'no duplicate leads');
  assert.equal(got.length, want.length, 'as many leads as stories in the reference');
  assert.deepEqual(storiesMissing(await leadStories(db), want), { missing: [], extra: [] });
  // Every lead reached the webhook and every lead at its threshold the Slack channel, killed workers or not
  // (a killed worker's rows wait for their lease, 30 s at most), and every delivery received is in the log.
  const deadline = Date.now() + 90_000;
  const left = async () =>
    Number(
      (
        await db.query<{ n: number }>(
          'SELECT (SELECT count(*) FROM outbox) + (SELECT count(*) FROM alert_outbox) AS n',
        )
      )[0]!.n,
    );
  while ((await left()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
  const leftRows = await db.query(
    `SELECT 'webhook' AS box, attempt, claims, due_at < now() AS due, claimed_until > now() AS held, count(*)::int AS n
       FROM outbox GROUP BY 1, 2, 3, 4, 5
     UNION ALL
     SELECT 'alert', attempt, 0, due_at < now(), claimed_until > now(), count(*)::int FROM alert_outbox
      GROUP BY 1, 2, 3, 4, 5`,
  );
  assert.equal(await left(), 0, `deliveries left in the outboxes: ${JSON.stringify(leftRows)}`);
  const leadIds = (await db.query<{ id: string }>('SELECT id FROM leads')).map((r) => r.id);
  const hooked = new Set(hook.received.map((r) => JSON.parse(r.raw.toString()).data.leadId as string));
  assert.deepEqual(
    leadIds.filter((id) => !hooked.has(id)),
    [],
    'lead.created never sent',
  );
  const [logged] = await db.query<{ n: number }>(
    "SELECT count(DISTINCT lead_id)::int AS n FROM webhook_attempts WHERE outcome = 'delivered'",
  );
  assert.equal(logged!.n, hooked.size, 'deliveries missing from the attempts log');
  const owed = (
    await db.query<{ id: string }>(
      `SELECT l.id FROM leads l JOIN projects p ON p.id = l.project_id
        WHERE NOT l.seller_side AND l.score >= coalesce(p.score_threshold, 40)`,
    )
  ).map((r) => r.id);
  const alerted = new Set(
    slack.received.flatMap((m) =>
      [...JSON.stringify(m.body.blocks).matchAll(/[?&]lead=([\w-]+)/g)].map((x) => x[1]!),
    ),
  );
  assert.ok(owed.length > 0);
  assert.deepEqual(
    owed.filter((id) => !alerted.has(id)),
    [],
    'Slack alerts never sent',
  );
  // Every project scanned by schedule exactly once (the interval is an hour; written to the database before the
  // workers started, each one's scan is its first), none left running or failed.
  const scans = await db.query<{ trigger: string; status: string; n: number }>(
    `SELECT trigger, status, count(*)::int AS n FROM scans GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const scheduled = await db.query<{ project_id: string; n: number }>(
    `SELECT project_id, count(*)::int AS n FROM scans WHERE trigger IN ('schedule', 'first') GROUP BY 1`,
  );
  assert.equal(scheduled.length, PROJECTS, JSON.stringify(scans));
  assert.ok(
    scheduled.every((s) => s.n === 1),
    JSON.stringify(scheduled.filter((s) => s.n !== 1)),
  );
  assert.deepEqual(await activeScans(db), { queued: 0, running: 0 });
  assert.deepEqual(
    scans.filter((s) => s.status !== 'done'),
    [],
  );
  // The api processes ran no scan: the tool's scan was a worker's.
  for (const a of apis) assert.doesNotMatch(a.output(), /"msg":"scan started"/);

  // Counters: what /me reports is every request made, on both processes (the /me below included).
  const me = await fetch(`${apis[1]!.url}/api/v1/me`, {
    headers: { authorization: `Bearer ${cluster.restKey}` },
  });
  assert.equal(((await me.json()) as { requestsToday: number }).requestsToday, REQUESTS + 1);

  // SIGTERM: every process exits by itself, cleanly, within the 10 s budget.
  for (const p of [...apis, ...workers]) {
    const { code, ms } = await terminate(p);
    assert.equal(code, 0, p.output().slice(-2000));
    assert.ok(ms < 10_000, `${p.role} took ${ms} ms to exit`);
  }
});
