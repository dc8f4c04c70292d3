// npm run bench:freshness: how fresh a lead is when it reaches a person. One self-hosted process (`node src/main.ts`,
// ROLE=all, the embedded database) scans a live replay of the sample corpus (REPLAY_LIVE_MINUTES: its newest items
// appear upstream as their time comes); for 1, 10 and 100 projects watching overlapping subreddits it measures, from
// an item becoming visible upstream (the lead's postedAt) to (a) its lead readable over REST, (b) its webhook
// delivered, (c) its instant Slack alert and (d) its instant e-mail delivered: p50, p95 and max.
// Options: SCALES=1,10,100 LIVE_MINUTES=3 SCAN_INTERVAL_SECONDS=15 REST_PROJECTS=10 (projects polled over REST).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '../src/clock.ts';
import { loadConfig } from '../src/config/index.ts';
import { openPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createServices } from '../src/services.ts';
import { drawProjects, SAMPLE_CORPUS, startProcess, terminate } from '../test/cluster.ts';
import { startChatFake } from '../test/fakes/chat-fake.ts';
import { startSmtpReceiver } from '../test/fakes/smtp-receiver.ts';
import { makeTestCa, startReceiver } from '../test/receivers.ts';

const SCALES = (process.env.SCALES ?? '1,10,100').split(',').map(Number);
const LIVE_MINUTES = Number(process.env.LIVE_MINUTES ?? 3);
const INTERVAL_S = Number(process.env.SCAN_INTERVAL_SECONDS ?? 15);
const REST_PROJECTS = Number(process.env.REST_PROJECTS ?? 10);
// The corpus's whole timeline fits in a little more than the live span, so most of its items appear live.
const WINDOW_DAYS = Math.max(0.001, (LIVE_MINUTES * 1.4) / 1440);

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const fmt = (xs: number[]) =>
  xs.length
    ? `p50 ${(quantile(xs, 0.5) / 1000).toFixed(1)} s, p95 ${(quantile(xs, 0.95) / 1000).toFixed(1)} s, max ${(Math.max(...xs) / 1000).toFixed(1)} s (n=${xs.length})`
    : 'no samples';

async function run(projectsN: number) {
  const dir = mkdtempSync(join(tmpdir(), 'freshness-'));
  const ca = makeTestCa();
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, ca.caPem);
  const hook = await startReceiver(ca);
  const slack = await startChatFake(ca, 'slack');
  const smtp = await startSmtpReceiver();
  const email = 'owner@example.com';

  // The account, its projects, a webhook, an instant Slack alert and an instant e-mail per project, written before
  // the service starts (the data directory is the service's alone while it runs).
  // Where the service keeps its embedded database (src/db/open.ts).
  mkdirSync(join(dir, 'data'), { recursive: true });
  const db = await openPglite(join(dir, 'data', 'pglite'));
  await migrate(db);
  const services = createServices({
    db,
    clock: fixedClock(new Date()),
    config: loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE: 'true' }),
  });
  const user = await services.accounts.createUser(email, 'connected');
  const restKey = (await services.accounts.issueKey(user.id, 'rest')).key;
  const file = drawProjects(projectsN).map((p, i) => ({
    ...p,
    name: `Fresh ${i}`,
    webhooks: [hook.url],
    alerts: [
      { channel: 'slack', url: slack.url, cadence: 'instant' },
      { channel: 'email', to: email, cadence: 'instant' },
    ],
  }));
  const imported = await services.projects.importProjects({ userId: user.id, tier: 'connected' }, file);
  await services.webhooks.close();
  await services.alerts.close();
  await db.close();

  const started = Date.now();
  const proc = await startProcess('all', '', {
    DATA_DIR: join(dir, 'data'),
    REPLAY_FILE: SAMPLE_CORPUS,
    REPLAY_WINDOW_DAYS: String(WINDOW_DAYS),
    REPLAY_LIVE_MINUTES: String(LIVE_MINUTES),
    SCAN_INTERVAL_SECONDS: String(INTERVAL_S),
    UPSTREAM_FRESHNESS_MINUTES: '0',
    WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
    WEBHOOK_CA_FILE: caFile,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Alerts <alerts@example.com>',
    LOG_LEVEL: 'info',
  });
  const base = proc.url;

  // REST: a few projects polled every second for leads scored since the last look.
  const restSeen = new Map<string, number>();
  const polled = imported.slice(0, REST_PROJECTS).map((p) => p.id);
  let polling = true;
  const poller = (async () => {
    while (polling) {
      await Promise.all(
        polled.map(async (id) => {
          const res = await fetch(`${base}/api/v1/projects/${id}/leads?status=all&limit=100`, {
            headers: { authorization: `Bearer ${restKey}` },
          }).catch(() => null);
          if (!res?.ok) return;
          const body = (await res.json()) as { leads: { id: string }[] };
          const now = Date.now();
          for (const l of body.leads) if (!restSeen.has(l.id)) restSeen.set(l.id, now);
        }),
      );
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();

  await new Promise((r) => setTimeout(r, (LIVE_MINUTES * 60 + INTERVAL_S * 2 + 20) * 1000));
  polling = false;
  await poller;
  await terminate(proc);

  // Every lead, with when its item became visible upstream (its postedAt on the replay's timeline).
  const after = await openPglite(join(dir, 'data', 'pglite'));
  const leads = await after.query<{
    id: string;
    project_id: string;
    posted_at: Date;
    score: number;
    seller_side: boolean;
  }>('SELECT l.id, l.project_id, l.posted_at, l.score, l.seller_side FROM leads l');
  const [scans] = await after.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM scans WHERE status = 'done'",
  );
  await after.close();
  const log = proc.output();
  const live = new Map(leads.filter((l) => l.posted_at.getTime() > started).map((l) => [l.id, l]));
  const visible = (id: string) => live.get(id)?.posted_at.getTime();

  const rest = [...restSeen].flatMap(([id, at]) => (visible(id) ? [at - visible(id)!] : []));
  const webhook = hook.received.flatMap((r) => {
    const id = JSON.parse(r.raw.toString()).data.leadId as string;
    return visible(id) ? [r.receivedAt - visible(id)!] : [];
  });
  const slackLatency = slack.received.flatMap((m) =>
    [...JSON.stringify(m.body.blocks).matchAll(/[?&]lead=([\w-]+)/g)].flatMap((x) =>
      visible(x[1]!) ? [m.at - visible(x[1]!)!] : [],
    ),
  );
  // E-mails name each lead's dashboard link too.
  const mailLatency = smtp.messages.flatMap((m) =>
    [
      ...new Set([...m.text.replace(/=\r?\n/g, '').matchAll(/lead=(?:3D)?([\w-]+)/g)].map((x) => x[1]!)),
    ].flatMap((id) => {
      return visible(id) ? [m.receivedAt - visible(id)!] : [];
    }),
  );
  await hook.close();
  await slack.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
  if (process.env.DEBUG) {
    const lines = log.split('\n').filter((l) => !/request completed|incoming request/.test(l));
    process.stderr.write(`${lines.slice(0, 60).join('\n')}\n`);
  }
  return {
    projects: projectsN,
    scans: scans!.n,
    leads: leads.length,
    liveLeads: live.size,
    rest: fmt(rest),
    webhook: fmt(webhook),
    slack: fmt(slackLatency),
    email: fmt(mailLatency),
  };
}

process.stdout.write(
  `bench:freshness: live replay of ${LIVE_MINUTES} min, scan interval ${INTERVAL_S} s, one process (ROLE=all, embedded database); ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(2)}\n`,
);
for (const n of SCALES) {
  const r = await run(n);
  process.stdout.write(
    `${r.projects} project(s), ${r.scans} scans, ${r.leads} leads of which ${r.liveLeads} appeared live\n  REST readable: ${r.rest}\n  webhook delivered: ${r.webhook}\n  Slack alert delivered: ${r.slack}\n  e-mail delivered: ${r.email}\n`,
  );
}
process.exit(0);
