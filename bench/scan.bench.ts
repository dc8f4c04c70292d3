// npm run bench:scan: the scan pipeline on the replay source over ../shared/data/reddit-posts.jsonl with 10,
// 100 and 1,000 projects drawn over the same subreddits (20 keywords each). Prints, per full scan of every
// project: upstream calls and USD, calls served from storage, leads and the copies recorded as their places, wall
// and CPU time; the calls a per-keyword-per-subreddit search design would make; and matching throughput on one
// core. A benchmark, not a test.
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '../src/clock.ts';
import { loadConfig } from '../src/config/index.ts';
import { type Db, openPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { compileMatcher, type KeywordSet, matchText } from '../src/domain/matching.ts';
import { createScansService } from '../src/scans/scans.service.ts';
import { createEmbedder } from '../src/scoring/embedder.ts';
import { createVectorsRepo } from '../src/scoring/vectors.repo.ts';
import { createServices } from '../src/services.ts';
import { createUpstreamSource } from '../src/upstream/index.ts';

const FILE = join(import.meta.dirname, '../../shared/data/reddit-posts.jsonl');
if (!existsSync(FILE)) {
  process.stderr.write(`bench:scan needs ${FILE}\n`);
  process.exit(1);
}
const SIZES = (process.env.BENCH_SIZES ?? '10,100,1000').split(',').map(Number);
const MEANING = process.env.BENCH_MEANING === 'on';

let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pickN = <T>(list: readonly T[], n: number): T[] => {
  const copy = [...list];
  const out: T[] = [];
  while (out.length < n && copy.length) out.push(copy.splice(Math.floor(rand() * copy.length), 1)[0]!);
  return out;
};

/** What people buy or ask about across the file's subreddits; each project draws 20. */
const KEYWORD_POOL = [
  'crm',
  'invoicing',
  'accounting software',
  'quickbooks',
  'bookkeeping',
  'payroll',
  'xero',
  'freshbooks',
  'laptop',
  'gaming laptop',
  'macbook',
  'thinkpad',
  'ultrabook',
  'battery life',
  'graphics card',
  'ssd',
  'web hosting',
  'wordpress theme',
  'wordpress plugin',
  'woocommerce',
  'shopify',
  'squarespace',
  'wix',
  'seo tool',
  'backlinks',
  'keyword research',
  'ahrefs',
  'semrush',
  'google analytics',
  'adwords',
  'email marketing',
  'mailchimp',
  'newsletter',
  'landing page',
  'social media',
  'hootsuite',
  'buffer',
  'logo design',
  'graphic designer',
  'web designer',
  'web developer',
  'freelancer',
  'copywriter',
  'vpn',
  'router',
  'switch',
  'firewall',
  'nas',
  'raid',
  'server',
  'backup software',
  'active directory',
  'excel',
  'pivot table',
  'vba',
  'macro',
  'vlookup',
  'spreadsheet',
  'google sheets',
  'real estate agent',
  'mortgage',
  'property management',
  'landlord',
  'realtor',
  'android app',
  'password manager',
  'note taking',
  'todo app',
  'calendar app',
  'launcher',
  'python',
  'machine learning',
  'gpu',
  'dataset',
  'neural network',
  'monitor',
  'keyboard',
  'mouse',
  'headphones',
  'backpack',
  'boots',
  'knife',
  'wallet',
  'cast iron',
  'project management',
  'time tracking',
  'trello',
  'asana',
  'slack',
  'productivity app',
  'point of sale',
  'inventory management',
  'ecommerce',
  'dropshipping',
  'merchant account',
  'paypal',
  'recommend',
  'looking for',
  'alternative to',
  'any suggestions',
  'best way',
  'worth it',
  'business plan',
  'llc',
  'accountant',
  'lawyer',
  'insurance',
  'small business loan',
  '-hiring',
  '-[for hire]',
  '-free',
];

interface Line {
  subreddit: string;
  title: string;
  body: string;
}
const lines: Line[] = readFileSync(FILE, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const SUBREDDITS = [...new Set(lines.map((l) => l.subreddit))].filter((s) => s !== 'business');

function drawProjects(n: number) {
  seed = 42;
  return Array.from({ length: n }, (_, i) => ({
    name: `Bench project ${i}`,
    keywords: pickN(KEYWORD_POOL, 20),
    subreddits: pickN(SUBREDDITS, 4),
    competitors: [],
    scoreThreshold: 25,
  }));
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function callStats(db: Db) {
  const [row] = await db.query<{ fetched: number; usd: number; reused: number; threads: number }>(
    `SELECT count(*) FILTER (WHERE NOT reused)::int AS fetched, coalesce(sum(cost_usd), 0)::float8 AS usd,
            count(*) FILTER (WHERE reused)::int AS reused,
            count(*) FILTER (WHERE NOT reused AND api = 'replay.comments')::int AS threads
       FROM upstream_calls`,
  );
  return row!;
}

/** Copies of a story recorded as places of its lead (ADR 0120); 0 before the table existed. */
async function places(db: Db): Promise<number> {
  const [exists] = await db.query<{ t: string | null }>(`SELECT to_regclass('lead_places')::text AS t`);
  if (!exists?.t) return 0;
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM lead_places'))[0]!.n;
}

async function fullScans(n: number) {
  const clock = fixedClock(new Date());
  const T = clock.now().getTime();
  const config = {
    ...loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', UPSTREAM: 'replay', REPLAY_FILE: FILE }),
    selfHosted: true,
  };
  const db = await openPglite();
  await migrate(db);
  const services = createServices({ db, clock, config });
  // The replay maps its timeline on first use: load it at T, so that the last day appears between rounds.
  const upstream = createUpstreamSource(config, { clock });
  await upstream.subredditNew('smallbusiness', null, () => {});
  // BENCH_MEANING=on: with the meaning stage's encoder (vectors stored in this database), as a service runs it.
  const embedder = MEANING ? createEmbedder({ store: createVectorsRepo(db) }) : null;
  const scans = createScansService({ db, clock, config, events: services.events, upstream, embedder });
  const user = await services.accounts.createUser('bench@example.com', 'connected');
  const projects = drawProjects(n);
  const ids: string[] = [];
  for (const p of projects) ids.push((await services.projects.upsertProject(user.id, p)).id);

  // The replay's timeline ends at T; round 1 runs a day earlier (the last day not yet posted), round 2 at T.
  clock.set(new Date(T - 86_400_000));
  const rounds = [];
  for (const [label, at] of [
    ['first scan', T - 86_400_000],
    ['next scan, 1 day later', T],
  ] as const) {
    clock.set(new Date(at));
    const before = await callStats(db);
    const leadsBefore = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads'))[0]!.n;
    const placesBefore = await places(db);
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (const id of ids) {
      const scan = await scans.requestScan(id, 'schedule');
      const done = await scans.waitForScan(scan.scanId, 600_000);
      if (done.status !== 'done')
        throw new Error(`scan ${done.scanId} ${done.status}: ${done.errors.join('; ')}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const after = await callStats(db);
    const leads = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads'))[0]!.n - leadsBefore;
    if (embedder)
      process.stderr.write(
        `meaning stage after "${label}": ${embedder.counts.encoded} texts encoded, ${embedder.counts.stored} read from storage so far\n`,
      );
    rounds.push({
      label,
      fetched: after.fetched - before.fetched,
      usd: after.usd - before.usd,
      reused: after.reused - before.reused,
      threads: after.threads - before.threads,
      leads,
      places: (await places(db)) - placesBefore,
      seconds,
      // The process's CPU (the scans and the embedded database): less moved than wall time by a busy machine.
      cpuSeconds: (used.user + used.system) / 1e6,
    });
    clock.advance(16 * 60_000);
  }
  await db.close();
  // A per-keyword-per-subreddit design: one search call (at least) per included keyword per watched subreddit.
  const perKeyword = projects.reduce(
    (n, p) => n + p.keywords.filter((k) => !k.startsWith('-')).length * p.subreddits.length,
    0,
  );
  return { rounds, perKeyword };
}

function matchingThroughput(n: number) {
  const sets: KeywordSet[] = drawProjects(n).map((p, i) => ({ id: String(i), keywords: p.keywords }));
  let t = performance.now();
  const matcher = compileMatcher(sets);
  const compileMs = performance.now() - t;
  const texts = lines.map((l) => matchText({ kind: 'post', title: l.title, body: l.body }));
  let hits = 0;
  const count = () => {
    hits++;
  };
  for (const text of texts.slice(0, 2000)) matcher.forEachMatch(text, count); // warm up
  hits = 0;
  const reps = 3;
  const cpu = process.cpuUsage();
  t = performance.now();
  for (let r = 0; r < reps; r++) for (const text of texts) matcher.forEachMatch(text, count);
  const wall = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  // Per core: items over the CPU time this thread used, so a busy machine does not understate it.
  const cpuSeconds = (used.user + used.system) / 1e6;
  return {
    compileMs,
    phrases: matcher.size,
    perCpuSecond: (reps * texts.length) / cpuSeconds,
    perWallSecond: (reps * texts.length) / wall,
    hitsPerItem: hits / reps / texts.length,
  };
}

/** The alternative measured for docs/decisions/0010: one combined case-insensitive regular expression. */
function regexThroughput(n: number) {
  const phrases = new Set<string>();
  for (const p of drawProjects(n)) for (const k of p.keywords) if (!k.startsWith('-')) phrases.add(k);
  const escapePhrase = (s: string) =>
    s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '[^\\p{L}\\p{N}]+');
  const re = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${[...phrases].map(escapePhrase).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const texts = lines.slice(0, 3000).map((l) => `${l.title}\n${l.body}`);
  const cpu = process.cpuUsage();
  let hits = 0;
  for (const text of texts) hits += (text.match(re) ?? []).length;
  const used = process.cpuUsage(cpu);
  return { perCpuSecond: texts.length / ((used.user + used.system) / 1e6), hits };
}

const out: string[] = [];
const say = (s: string) => {
  out.push(s);
  process.stdout.write(`${s}\n`);
};
say(
  `bench:scan ${new Date().toISOString()} - ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), node ${process.version}`,
);
say(
  `replay over ${lines.length} posts in ${SUBREDDITS.length} subreddits; each project: 20 keywords, 4 subreddits; meaning stage ${MEANING ? 'on (BENCH_MEANING=on)' : 'off (BENCH_MEANING=on to include it)'}`,
);
say('');
say(
  '| projects | scan | calls bought | USD | calls reused | thread reads | leads | copies as places | per-keyword design calls | ratio | wall s | CPU s |',
);
say('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const n of process.env.BENCH_SCANS === '0' ? [] : SIZES) {
  const { rounds, perKeyword } = await fullScans(n);
  for (const r of rounds) {
    say(
      `| ${fmt(n)} | ${r.label} | ${fmt(r.fetched)} | ${fmt(r.usd, 3)} | ${fmt(r.reused)} | ${fmt(r.threads)} | ${fmt(r.leads)} | ${fmt(r.places)} | ${fmt(perKeyword)} | ${fmt(perKeyword / Math.max(1, r.fetched), 1)}x | ${fmt(r.seconds, 1)} | ${fmt(r.cpuSeconds, 1)} |`,
    );
  }
}
say('');
say(
  '| projects | distinct phrases | compile ms | items matched per CPU-second | (per wall second) | projects matched per item | combined regex, items per CPU-second |',
);
say('|---:|---:|---:|---:|---:|---:|---:|');
for (const n of SIZES) {
  const m = matchingThroughput(n);
  const r = regexThroughput(n);
  say(
    `| ${fmt(n)} | ${fmt(m.phrases)} | ${fmt(m.compileMs, 1)} | ${fmt(m.perCpuSecond)} | ${fmt(m.perWallSecond)} | ${fmt(m.hitsPerItem, 1)} | ${fmt(r.perCpuSecond)} |`,
  );
}
say('');
say(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
