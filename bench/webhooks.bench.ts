// npm run bench:webhooks — 1,000 new leads to 3 healthy https endpoints, with and without a 4th that hangs.
// Prints delivery throughput and the time from "lead drafted" (the event) to "delivery received".
// The receivers run in a child process (bench/webhooks.receivers.ts), so the sender has a core of its own.
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism, cpus } from 'node:os';
import { systemClock } from '../src/clock.ts';
import type { LeadCreatedEvent } from '../src/events.ts';
import { createServices } from '../src/services.ts';
import { enqueueLeadEvents } from '../src/webhooks/webhooks.outbox.ts';
import { createAccount, createProject, createTestDb, insertLeads, testConfig } from '../test/harness.ts';
import { makeTestCa } from '../test/receivers.ts';
import { startProfile, stopProfile } from './cpu-profile.ts';

const LEADS = Number(process.env.BENCH_LEADS ?? 1000);
/** BENCH_PROFILE=<dir>: a CPU profile of the measured window only, for the sender and for the receivers. */
const PROFILE_DIR = process.env.BENCH_PROFILE;
/** The operator's setting, when given, else the service's default. */
const concurrencyPerEndpoint = Number(
  process.env.WEBHOOK_CONCURRENCY_PER_ENDPOINT ?? testConfig().webhooks.concurrencyPerEndpoint,
);
const ca = makeTestCa();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function ask<T>(child: ChildProcess, message: unknown, reply: string): Promise<T> {
  const answer = new Promise<T>((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== reply) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
  });
  if (message) child.send(message as never);
  return answer;
}

async function run(label: string, hanging: number, batch: number, pauseMs: number) {
  const child = fork(new URL('./webhooks.receivers.ts', import.meta.url), { serialization: 'advanced' });
  const db = await createTestDb();
  const config = testConfig({
    webhooks: { ...testConfig().webhooks, allowPrivate: true, extraCaPem: ca.caPem, concurrencyPerEndpoint },
  });
  const services = createServices({ db, clock: systemClock, config });
  const acct = await createAccount(services);
  const project = await createProject(services, acct.userId, { name: 'Bench CRM' });
  const { urls } = await ask<{ urls: string[] }>(
    child,
    { type: 'start', start: { ca, healthy: 3, hanging, expect: LEADS } },
    'urls',
  );
  const allReceived = ask<{ cpuMs: number }>(child, null, 'received');
  for (const url of urls) await services.webhooks.register(acct.userId, project.id, url);
  const ids = await insertLeads(
    db,
    project.id,
    Array.from({ length: LEADS }, (_, i) => ({ title: `Lead ${i}`, score: i % 101, reply: `Reply ${i}` })),
  );
  const events: LeadCreatedEvent[] = ids.map((leadId, i) => ({
    leadId,
    projectId: project.id,
    projectName: project.name,
    subreddit: 'smallbusiness',
    title: `Lead ${i}`,
    url: `https://www.reddit.com/r/smallbusiness/comments/b${i}/`,
    score: i % 101,
    reply: `Reply ${i}`,
    draftedAt: new Date(),
  }));

  const profiler = PROFILE_DIR ? await startProfile() : null;
  if (PROFILE_DIR) await ask(child, { type: 'profile' }, 'profiling');
  const drafted = new Map<string, number>();
  let maxEmitMs = 0;
  const started = Date.now();
  const cpuBefore = process.cpuUsage();
  // A scan commits and announces its leads in batches; one batch of 1,000 is the worst case.
  for (let i = 0; i < events.length; i += batch) {
    const part = events.slice(i, i + batch);
    // As the scan does: the batch's deliveries written to the outbox in one transaction, then the event.
    await services.db.transaction((tx) =>
      enqueueLeadEvents(
        tx,
        part.map((e) => e.leadId),
      ),
    );
    for (const e of part) {
      drafted.set(e.leadId, Date.now());
      const t0 = performance.now();
      services.events.emit('lead.created', e);
      maxEmitMs = Math.max(maxEmitMs, performance.now() - t0);
    }
    if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
  }
  const receiversCpuMs = (await allReceived).cpuMs;
  const cpu = process.cpuUsage(cpuBefore);
  if (profiler) await stopProfile(profiler, `${PROFILE_DIR}/sender ${label}.cpuprofile`);
  // The service shuts down before the receivers do, so the hanging endpoint's open requests are recorded as
  // aborted at shutdown (dropped), not as network errors caused by the receivers going away first.
  const closing = performance.now();
  await services.webhooks.close(0);
  const closeMs = Math.round(performance.now() - closing);
  const { arrivals } = await ask<{ arrivals: (readonly [string, number])[][] }>(
    child,
    { type: 'collect', profile: PROFILE_DIR ? `${PROFILE_DIR}/receivers ${label}.cpuprofile` : null },
    'arrivals',
  );
  const healthyArrivals = arrivals.slice(0, 3).flat();
  const finished = Math.max(...healthyArrivals.map(([, at]) => at));
  const latencies = healthyArrivals.map(([id, at]) => at - drafted.get(id)!).sort((a, b) => a - b);
  const outcomes = await db.query<{ outcome: string; n: number }>(
    'SELECT outcome, count(*)::int AS n FROM webhook_attempts GROUP BY outcome ORDER BY outcome',
  );
  await db.drop();
  child.kill();
  await once(child, 'exit');
  return {
    label,
    deliveries: latencies.length,
    perSecond: Math.round(latencies.length / ((finished - started) / 1000)),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1)!,
    maxEmitMs: maxEmitMs.toFixed(2),
    cpuMsPerDelivery: ((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(2),
    receiversCpuMsPerDelivery: (receiversCpuMs / latencies.length).toFixed(2),
    hangingReceived: arrivals.slice(3).flat().length,
    closeMs,
    recorded: Object.fromEntries(outcomes.map((o) => [o.outcome, o.n])),
  };
}

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const machine = `${availableParallelism()} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;
process.stdout.write(
  `webhooks bench: ${LEADS} leads, ${machine}, ${database}, ${concurrencyPerEndpoint} in flight per endpoint\n`,
);

// One unreported round first, so that the figures are those of a warmed-up process.
await run('warm-up', 0, Math.min(LEADS, 300), 0);
const results = [];
for (const [label, hanging, batch, pauseMs] of [
  ['3 healthy, 1 batch of 1,000', 0, LEADS, 0],
  ['3 healthy + 1 hanging, 1 batch of 1,000', 1, LEADS, 0],
  ['3 healthy + 1 hanging, 50 leads every 100 ms', 1, 50, 100],
  ['3 healthy + 1 hanging, 25 leads every 100 ms', 1, 25, 100],
] as const) {
  const r = await run(label, hanging, batch, pauseMs);
  results.push(r);
  process.stdout.write(
    `${label.padEnd(46)} ${r.deliveries} deliveries ${String(r.perSecond).padStart(5)}/s  ` +
      `drafted->received p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms\n` +
      `${''.padEnd(46)} CPU per delivery: sender ${r.cpuMsPerDelivery} ms, receivers ${r.receiversCpuMsPerDelivery} ms; ` +
      `emit() at most ${r.maxEmitMs} ms; ` +
      `hanging endpoint got ${r.hangingReceived}; ` +
      `close ${r.closeMs} ms; attempts recorded ${JSON.stringify(r.recorded)}\n`,
  );
}
const [base, hung] = results;
process.stdout.write(
  `ratio with / without the hanging endpoint: p99 ${(hung!.p99 / base!.p99).toFixed(2)}, ` +
    `throughput ${(hung!.perSecond / base!.perSecond).toFixed(2)}\n`,
);
