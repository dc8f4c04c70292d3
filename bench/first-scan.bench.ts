// npm run bench:first-scan: a new project's first scan as a person sees it. For each dev profile of
// ../shared/eval/projects-dev.json and projects-dev-b.json, a fresh service (its own database, the job queue and
// the HTTP API of ROLE=all, the replay upstream over ../shared/data/reddit-posts.jsonl, the meaning stage on)
// gets the project through the dashboard's POST /projects; then the REST API is polled until the project's first
// lead is readable, and the dashboard until its first scan is done. Nothing else presses Run scan: a service that
// does not scan a new project at once leaves it to the minute's schedule, and that wait is part of the figure.
// CPU s: every thread of the process from the scan's queueing to its end (it moves less with the load of a shared
// machine than the times do). A benchmark, not a test. BENCH_PROFILES=bookwell,gpunest picks profiles.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config/index.ts';
import { openPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildApp } from '../src/http/app.ts';
import { startJobs } from '../src/jobs/jobs.ts';
import { createEmbedder } from '../src/scoring/embedder.ts';
import { createServices } from '../src/services.ts';

const SHARED = join(import.meta.dirname, '../../shared');
const FILE = join(SHARED, 'data/reddit-posts.jsonl');
/** A first scan that has not ended by then is reported as such. */
const DEADLINE_MS = 240_000;
const POLL_MS = 100;

interface Profile {
  key: string;
  name: string;
  [field: string]: unknown;
}
const profiles: Profile[] = ['projects-dev.json', 'projects-dev-b.json']
  .flatMap((f) => JSON.parse(readFileSync(join(SHARED, 'eval', f), 'utf8')) as Profile[])
  .filter((p) => !process.env.BENCH_PROFILES || process.env.BENCH_PROFILES.split(',').includes(p.key));

const silent = { info() {}, warn() {} };
const seconds = (ms: number | null) => (ms === null ? '–' : (ms / 1000).toFixed(1));

async function firstScan(profile: Profile) {
  const db = await openPglite();
  await migrate(db);
  const config = {
    ...loadConfig({
      DATA_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      UPSTREAM: 'replay',
      REPLAY_FILE: FILE,
      SEO_PROVIDER: 'none',
      // MEANING_THREADS=1 npm run bench:first-scan: the encoder on one thread.
      ...(process.env.MEANING_THREADS ? { MEANING_THREADS: process.env.MEANING_THREADS } : {}),
    }),
    selfHosted: true,
  };
  const services = createServices({ db, clock: systemClock, config });
  const app = await buildApp({ services, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const jobs = await startJobs(services, { log: silent });

  const user = await services.accounts.createUser(`${profile.key}@example.com`, 'connected');
  const rest = await services.accounts.issueKey(user.id, 'rest');
  const link = await services.sessions.mintSignInLink({ userId: user.id });
  const signIn = await fetch(`${base}/dashboard/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(link.signInUrl).hash.replace(/^#token=/, '') }),
  });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const dashboard = (path: string, init: RequestInit = {}) =>
    fetch(`${base}/dashboard/api${path}`, {
      ...init,
      headers: { cookie, 'content-type': 'application/json', ...(init.headers ?? {}) },
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  const { key: _key, ...input } = profile;
  let cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const created = await dashboard('/projects', { method: 'POST', body: JSON.stringify(input) });
  if (created.status !== 201) throw new Error(`create ${profile.key}: ${JSON.stringify(created.body)}`);
  const answeredMs = performance.now() - t0;
  const projectId = created.body.id as string;

  let queuedMs: number | null = null;
  let firstLeadMs: number | null = null;
  let doneMs: number | null = null;
  let scan: any = null;
  while (performance.now() - t0 < DEADLINE_MS && (firstLeadMs === null || doneMs === null)) {
    if (firstLeadMs === null) {
      const res = await fetch(`${base}/api/v1/projects/${projectId}/leads?limit=1`, {
        headers: { authorization: `Bearer ${rest.key}` },
      });
      const page = (await res.json()) as { leads: unknown[] };
      if (page.leads.length > 0) firstLeadMs = performance.now() - t0;
    }
    if (doneMs === null) {
      const history = await dashboard(`/projects/${projectId}/scans?limit=1`);
      scan = history.body.scans[0] ?? null;
      if (scan && queuedMs === null) {
        queuedMs = performance.now() - t0;
        cpu0 = process.cpuUsage();
      }
      if (scan && (scan.status === 'done' || scan.status === 'failed')) doneMs = performance.now() - t0;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  // CPU of every thread of the process (the encoder's too) from the scan's queueing to its end: on a machine shared
  // with other work, the figure that load does not move much.
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const rows = await db.query<{ leads: number }>(
    'SELECT count(*)::int AS leads FROM leads WHERE project_id = $1',
    [projectId],
  );
  const leads = rows[0]?.leads ?? 0;
  await jobs.stop(5000);
  await app.close();
  await services.webhooks.close();
  await services.alerts.close();
  await services.sessions.close();
  await db.close();
  return { answeredMs, queuedMs, firstLeadMs, doneMs, scan, leads, cpuSeconds };
}

const say = (s: string) => process.stdout.write(`${s}\n`);
say(
  `bench:first-scan ${new Date().toISOString()} - ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), node ${process.version}`,
);
say(
  'each profile: a fresh service (PGlite, jobs and HTTP in one process), replay of the shared corpus, meaning stage on, encoder loaded before',
);
// The encoder's threads are loaded once per process (about 0.3 s each): a running service has them loaded already.
await createEmbedder().embed(Array.from({ length: 32 }, (_, i) => `warm up ${i}`));
say('');
say(
  '| profile | create answered s | scan queued s | first lead over REST s | scan done s | status | calls | USD | leads | CPU s |',
);
say('|---|---:|---:|---:|---:|---|---:|---:|---:|---:|');
for (const p of profiles) {
  const r = await firstScan(p);
  say(
    `| ${p.key} | ${seconds(r.answeredMs)} | ${seconds(r.queuedMs)} | ${seconds(r.firstLeadMs)} | ${seconds(r.doneMs)} | ${r.scan?.status ?? 'none'} | ${r.scan?.calls ?? 0} | ${(r.scan?.costUsd ?? 0).toFixed(3)} | ${r.leads} | ${r.cpuSeconds.toFixed(1)} |`,
  );
}
say('');
say(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
process.exit(0);
