// npm run reliability:workers: the long multi-process run on the local PostgreSQL (DATABASE_ADMIN_URL, default
// postgres://postgres@127.0.0.1:5432/postgres). 2 api + 2 worker processes, 200 projects scanned from the
// replay source, a worker killed with kill -9 in the middle of a scan 20 times and restarted, traffic on both
// api processes throughout. The schedule's cron fires every minute on some worker and every (re)start runs it
// too; with an hour's interval each project must get exactly one scheduled scan. Every project has a webhook on a
// local https receiver: every lead must reach it (at least once) and every delivery must be in the attempts log.
// Exits 1 on any failure.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWebhooksRepo } from '../src/webhooks/webhooks.repo.ts';
import {
  activeScans,
  createClusterDb,
  killWorkerMidScan,
  leadKeys,
  leadStories,
  type Proc,
  referenceLeads,
  startProcess,
  storiesMissing,
  terminate,
  waitForScansSettled,
} from '../test/cluster.ts';
import { startChatFake } from '../test/fakes/chat-fake.ts';
import { makeTestCa, startReceiver } from '../test/receivers.ts';

const ADMIN = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROJECTS = Number(process.env.PROJECTS ?? 200);
const KILLS = Number(process.env.KILLS ?? 20);
const scanning = { UPSTREAM_FRESHNESS_MINUTES: '0' };
const ca = makeTestCa();
const caFile = join(tmpdir(), `reliability-ca-${process.pid}.pem`);
writeFileSync(caFile, ca.caPem);
const hooksEnv = { WEBHOOK_ALLOW_PRIVATE: '127.0.0.1', WEBHOOK_CA_FILE: caFile };
const workerEnv = { ...scanning, ...hooksEnv, REPLAY_LATENCY_MS: '100', SCAN_INTERVAL_MINUTES: '60' };
const t0 = Date.now();
const say = (msg: string) => process.stdout.write(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${msg}\n`);

say(`reference: ${PROJECTS} projects scanned one after another in this process`);
const want = await referenceLeads(PROJECTS, scanning);
const cluster = await createClusterDb(ADMIN, PROJECTS);
const { db, url } = cluster;
const procs: Proc[] = [];
const receiver = await startReceiver(ca);
const slack = await startChatFake(ca, 'slack');
try {
  // Straight to the table: registration would resolve and check the address in this process.
  const hooks = createWebhooksRepo(db);
  for (const id of cluster.projectIds) await hooks.insert(id, receiver.url);
  // And an instant Slack alert per project (the project's threshold as the minimum).
  await db.query(
    `INSERT INTO alert_destinations (project_id, channel, target, cadence, confirmed_at)
     SELECT unnest($1::text[]), 'slack', $2, 'instant', now()`,
    [cluster.projectIds, slack.url],
  );
  const apis = [await startProcess('api', url, hooksEnv), await startProcess('api', url, hooksEnv)];
  const workers = [
    await startProcess('worker', url, workerEnv),
    await startProcess('worker', url, workerEnv),
  ];
  procs.push(...apis, ...workers);
  say(`${want.length} reference leads; 2 api + 2 workers up`);

  let requests = 0;
  // Connections the client saw dropped before an answer (the keep-alive race of a busy machine); not counted.
  let dropped = 0;
  let trafficOn = true;
  const paths = [
    '/api/v1/me',
    '/api/v1/projects',
    ...cluster.projectIds.slice(0, 5).map((id) => `/api/v1/projects/${id}/leads`),
  ];
  const traffic = Promise.all(
    Array.from({ length: 8 }, async (_, lane) => {
      for (let i = lane; trafficOn; i += 8) {
        const res = await fetch(`${apis[i % 2]!.url}${paths[i % paths.length]}`, {
          headers: { authorization: `Bearer ${cluster.restKey}` },
        }).catch(() => null);
        if (!res) {
          dropped++;
          continue;
        }
        assert.equal(res.status, 200);
        await res.arrayBuffer();
        requests++;
      }
    }),
  );

  let toolScans = 0;

  let killedMidScan = 0;
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
      extraUnits: 4,
      timeoutMs: 300_000,
    });
    toolScans += kill.toolScans;
    if (kill.midScan) killedMidScan++;
    workers[i] = kill.replacement;
    procs.push(workers[i]!);
    say(`kill -9 #${k + 1} of a worker mid-scan, restarted`);
  }
  await waitForScansSettled(db, PROJECTS, 600_000);
  say('every project scanned, nothing queued or running');
  // The outbox empties within a lease of the last kill (a killed worker's rows wait that long at most).
  const outboxDeadline = Date.now() + 180_000;
  while (Date.now() < outboxDeadline) {
    const [left] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox');
    if (left!.n === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  while (Date.now() < outboxDeadline) {
    const [left] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_outbox');
    if (left!.n === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const [outboxLeft] = await db.query<{ n: number }>(
    'SELECT (SELECT count(*) FROM outbox) + (SELECT count(*) FROM alert_outbox) AS n',
  );
  const owed = (
    await db.query<{ id: string }>(
      `SELECT l.id FROM leads l JOIN projects p ON p.id = l.project_id
        WHERE NOT l.seller_side AND l.score >= coalesce(p.score_threshold, 40)`,
    )
  ).map((r) => r.id);
  // Each lead's dashboard link (…?lead=<id>) names it, across projects that share a post.
  const alerted = slack.received.flatMap((m) =>
    [...JSON.stringify(m.body.blocks).matchAll(/[?&]lead=([\w-]+)/g)].map((x) => x[1]!),
  );
  const alertedSet = new Set(alerted);
  const alertsLost = owed.filter((u) => !alertedSet.has(u)).length;
  const receivedIds = receiver.received.map((r) => JSON.parse(r.raw.toString()).data.leadId as string);
  const receivedSet = new Set(receivedIds);
  const leadIds = (await db.query<{ id: string }>('SELECT id FROM leads')).map((r) => r.id);
  const eventsLost = leadIds.filter((id) => !receivedSet.has(id)).length;
  const [logged] = await db.query<{ n: number; delivered: number; interrupted: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT lead_id) FILTER (WHERE outcome = 'delivered')::int AS delivered,
            count(*) FILTER (WHERE outcome = 'interrupted')::int AS interrupted
       FROM webhook_attempts`,
  );
  trafficOn = false;
  await traffic;

  const got = await leadKeys(db);
  const dup = got.length - new Set(got).size;
  const stories = storiesMissing(await leadStories(db), want);
  const missing = stories.missing.length;
  const extra = stories.extra.length;
  const statuses = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM scans GROUP BY 1 ORDER BY 1',
  );
  // Scheduled scans of one project are at least an interval apart: each due scan was queued once.
  const [close] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT created_at - lag(created_at) OVER (PARTITION BY project_id ORDER BY created_at) AS gap
         FROM scans WHERE trigger = 'schedule') g WHERE gap < interval '60 minutes'`,
  );
  const [sched] = await db.query<{ n: number; projects: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT project_id)::int AS projects FROM scans WHERE trigger = 'schedule'`,
  );
  const me = await fetch(`${apis[0]!.url}/api/v1/me`, {
    headers: { authorization: `Bearer ${cluster.restKey}` },
  });
  const counted = ((await me.json()) as { requestsToday: number }).requestsToday;
  const exits = [];
  for (const p of [...apis, ...workers]) exits.push(await terminate(p));

  const report = {
    date: new Date().toISOString(),
    loadavg: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    projects: PROJECTS,
    kills: KILLS,
    killedMidScan,
    leads: got.length,
    referenceLeads: want.length,
    duplicates: dup,
    missing,
    extra,
    scans: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
    toolScansRequested: toolScans,
    scheduledScans: sched!.n,
    scheduledProjects: sched!.projects,
    scheduledScansCloserThanInterval: close!.n,
    webhookEventsReceived: receivedIds.length,
    webhookLeadsReceived: receivedSet.size,
    webhookEventsLost: eventsLost,
    webhookEventsSentTwice: receivedIds.length - receivedSet.size,
    attemptsLogged: logged!.n,
    attemptsLoggedInterrupted: logged!.interrupted,
    leadsLoggedDelivered: logged!.delivered,
    outboxLeft: Number(outboxLeft!.n),
    slackAlertsOwed: owed.length,
    slackAlertsLost: alertsLost,
    slackAlertsSentTwice: alerted.length - alertedSet.size,
    slackMessages: slack.received.length,
    requests,
    requestsCounted: counted - 1,
    requestsDroppedBeforeAnAnswer: dropped,
    sigtermExitMs: exits.map((e) => e.ms),
    sigtermExitCodes: exits.map((e) => e.code),
    seconds: Math.round((Date.now() - t0) / 1000),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  assert.equal(dup, 0, 'duplicate leads');
  assert.equal(missing, 0, 'leads lost');
  assert.equal(extra, 0, 'leads the reference does not have');
  assert.equal(eventsLost, 0, 'lead.created events never sent');
  assert.equal(Number(outboxLeft!.n), 0, 'deliveries left in the outbox');
  assert.equal(alertsLost, 0, 'Slack alerts never sent');
  // Every delivery the receiver got is in the log: a lead received is a lead logged as delivered.
  assert.equal(logged!.delivered, receivedSet.size, 'deliveries missing from the attempts log');
  // A delivery whose worker was killed before it recorded the answer is logged as interrupted by the next one.
  assert.ok(logged!.n >= receivedIds.length, 'attempts that reached the receiver but are not in the log');
  assert.deepEqual(await activeScans(db), { queued: 0, running: 0 });
  assert.equal(report.scans.failed ?? 0, 0, 'failed scans');
  assert.equal(close!.n, 0, 'a scheduled scan queued twice');
  assert.equal(sched!.n, PROJECTS, 'one scheduled scan per project');
  // A dropped connection may have been counted (answer lost) or not (request never read): bounded both ways.
  assert.ok(counted - 1 >= requests && counted - 1 <= requests + dropped, 'request counters');
  assert.ok(
    exits.every((e) => e.code === 0 && e.ms < 10_000),
    'SIGTERM exits',
  );
  say('all checks hold');
} finally {
  for (const p of procs)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await cluster.drop();
  await receiver.close();
  await slack.close();
}
