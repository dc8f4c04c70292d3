import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { templateOf } from '../scripts/eval-lib.ts';
import { fixedClock } from '../src/clock.ts';
import { DEMO_PROJECT } from '../src/demo.ts';
import type { LeadCreatedEvent } from '../src/events.ts';
import { startJobs } from '../src/jobs/jobs.ts';
import { createUpstreamSource } from '../src/upstream/index.ts';
import { type RedditItem, UpstreamError, type UpstreamSource } from '../src/upstream/source.ts';
import { pagedSource } from './fakes/paged-source.ts';
import { createAccount, createProject, getJson, scansOver, startTestApp, type TestApp } from './harness.ts';

const SALON = {
  keywords: DEMO_PROJECT.keywords,
  subreddits: DEMO_PROJECT.subreddits,
  scoreThreshold: DEMO_PROJECT.scoreThreshold,
  pain: DEMO_PROJECT.pain,
};
const silent = { info() {}, warn() {} };

async function usage(t: TestApp, key: string, projectId: string) {
  const res = await getJson(t.baseUrl, `/api/v1/projects/${projectId}/usage`, key);
  assert.equal(res.status, 200);
  return res.body.usage;
}

async function leadsOf(t: TestApp, projectId: string) {
  return t.db.query<{ post_id: string; comment_id: string | null; cost_usd: number; matched_phrase: string }>(
    'SELECT post_id, comment_id, cost_usd, matched_phrase FROM leads WHERE project_id = $1',
    [projectId],
  );
}

async function scanNow(t: TestApp, projectId: string) {
  const queued = await t.services.scans.requestScan(projectId, 'tool');
  const done = await t.services.scans.waitForScan(queued.scanId, 60_000);
  assert.equal(done.status, 'done', JSON.stringify(done));
  return done;
}

describe('a scan over the sample corpus', () => {
  let t: TestApp;
  const clock = fixedClock(new Date());
  before(async () => {
    t = await startTestApp({ clock });
  });
  after(() => t.close());

  test('finds leads, records its calls and announces each new lead once it is committed', async () => {
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, SALON);
    const events: LeadCreatedEvent[] = [];
    const counted: number[] = [];
    t.services.events.on('lead.created', (e) => {
      if (e.projectId !== project.id) return;
      events.push(e);
      // The lead is already visible to other connections when the event fires.
      void t.db.query('SELECT 1 FROM leads WHERE id = $1', [e.leadId]).then((r) => counted.push(r.length));
    });

    const scan = await scanNow(t, project.id);
    const leads = await leadsOf(t, project.id);
    assert.ok(leads.length >= 20, `${leads.length} leads`);
    assert.equal(scan.newLeads, leads.length);
    assert.ok(scan.itemsSeen > 300);
    assert.deepEqual(scan.errors, []);
    assert.ok(
      leads.some((l) => l.comment_id !== null),
      'comment leads too',
    );
    assert.ok(leads.every((l) => l.cost_usd === 0.001));
    assert.ok(leads.every((l) => DEMO_PROJECT.keywords.includes(l.matched_phrase)));

    await new Promise((r) => setTimeout(r, 50));
    assert.equal(events.length, leads.length);
    assert.ok(counted.every((n) => n === 1));
    assert.ok(events.every((e) => e.reply.length > 0 && e.url.startsWith('https://www.reddit.com/r/')));

    const u = await usage(t, acct.restKey, project.id);
    assert.equal(u.calls, scan.calls);
    assert.equal(u.fetched, scan.calls);
    assert.equal(u.reused, 0);
    assert.equal(u.costUsd, Math.round(scan.calls * 0.001 * 1e6) / 1e6);
    const apis = Object.fromEntries(u.perApi.map((a: { api: string; calls: number }) => [a.api, a.calls]));
    assert.equal(apis['replay.subreddit_new'], 4);
    assert.equal(apis['replay.subreddit_comments'], 4);

    // A comment lead: its post id, its own id, the post's title and the comment's permalink.
    const res = await getJson(t.baseUrl, `/api/v1/projects/${project.id}/leads?limit=100`, acct.restKey);
    const comment = res.body.leads.find((l: { commentId: string | null }) => l.commentId);
    assert.ok(comment);
    assert.ok(comment.url.endsWith(`/comments/${comment.postId}/_/${comment.commentId}/`));
    assert.ok(comment.title.length > 0);
  });

  test("a new project's drafts do not open alike: the scanner keeps each project's recent reply choices", async () => {
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, SALON);
    // In the order the scanner drafted them (lead.created follows it).
    const order: string[] = [];
    t.services.events.on('lead.created', (e) => {
      if (e.projectId === project.id) order.push(e.leadId);
    });
    await scanNow(t, project.id);
    await new Promise((r) => setTimeout(r, 50));
    const rows = await t.db.query<{ id: string; title: string; body: string | null; reply: string }>(
      'SELECT id, title, body, reply FROM leads WHERE project_id = $1',
      [project.id],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const drafted = order.map((id) => byId.get(id)!);
    assert.ok(drafted.length >= 20, `${drafted.length} leads`);
    // Every word of the project's profile as stored, for the masking.
    const [{ profileText } = { profileText: '' }] = await t.db.query<{ profileText: string }>(
      'SELECT row_to_json(p)::text AS "profileText" FROM projects p WHERE id = $1',
      [project.id],
    );
    const words = (x: string) =>
      x
        .toLowerCase()
        .replace(/[^a-z0-9$ ]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    // The eval's measure: the first four words of the first sentence, the post's and the profile's words masked.
    const openings = drafted.map((d) => {
      const own = new Set(words(`${d.title} ${d.body ?? ''} ${profileText}`).split(' '));
      return templateOf(d.reply.split(/(?<=[.?!)])\s+/)[0]!, own)
        .split(' ')
        .slice(0, 4)
        .join(' ');
    });
    // While unused openings are left, a project's drafts take them: its first twenty open twenty ways (drafted
    // without the project's recent choices, two of these twenty open alike).
    const first = openings.slice(0, 20);
    assert.equal(new Set(first).size, first.length, first.join(' | '));
  });

  test('a second scan within the freshness window buys nothing and duplicates nothing', async () => {
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, { ...SALON, keywords: ['no-shows'] });
    await scanNow(t, project.id);
    const before = await leadsOf(t, project.id);
    const u1 = await usage(t, acct.restKey, project.id);
    const again = await scanNow(t, project.id);
    assert.equal(again.calls, 0);
    assert.equal(again.newLeads, 0);
    assert.equal((await leadsOf(t, project.id)).length, before.length);
    assert.deepEqual(await usage(t, acct.restKey, project.id), u1);
  });

  test('a scan counts its items per subreddit; a listed subreddit that returned nothing is there with 0', async () => {
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, {
      ...SALON,
      subreddits: ['Barber', 'doggrooming', 'hairstylist'],
    });
    const scan = await scanNow(t, project.id);
    const counts = Object.fromEntries(scan.subreddits.map((r) => [r.name, r.itemsSeen]));
    assert.deepEqual(Object.keys(counts), ['barber', 'doggrooming', 'hairstylist']);
    assert.equal(counts.doggrooming, 0);
    assert.ok(counts.barber! > 0 && counts.hairstylist! > 0, JSON.stringify(counts));
    assert.equal(counts.barber! + counts.hairstylist!, scan.itemsSeen, 'the counts add up to the total');
    // The dashboard's scan history carries them too.
    const stored = await t.services.scans.getScan(scan.scanId);
    assert.deepEqual(stored?.subreddits, scan.subreddits);
  });

  test('a scan counts the items each keyword matched, below the threshold too, as the project spells it', async () => {
    const acct = await createAccount(t.services);
    const keywords = [
      'Booking Software',
      '"no-shows"',
      'appointment scheduling',
      'zebra crossing',
      '-hiring',
    ];
    const project = await createProject(t.services, acct.userId, { ...SALON, keywords, scoreThreshold: 60 });
    const scan = await scanNow(t, project.id);
    const [row] = await t.db.query<{ keyword_matches: Record<string, number> }>(
      'SELECT keyword_matches FROM scans WHERE id = $1',
      [scan.scanId],
    );
    const counts = row!.keyword_matches;
    // Every keyword that matches is there in the project's spelling, one that found nothing at 0; not the exclusion.
    assert.deepEqual(Object.keys(counts).sort(), keywords.filter((k) => k !== '-hiring').sort());
    assert.equal(counts['zebra crossing'], 0);
    const leads = await leadsOf(t, project.id);
    // A lead names the keyword as the project wrote it, quotes and case included.
    const leadsBy = (keyword: string) => leads.filter((l) => l.matched_phrase === keyword).length;
    assert.ok(
      leads.every((l) => keywords.includes(l.matched_phrase)),
      JSON.stringify(leads.map((l) => l.matched_phrase)),
    );
    for (const keyword of ['Booking Software', '"no-shows"', 'appointment scheduling']) {
      assert.ok(counts[keyword]! > 0, `${keyword}: ${JSON.stringify(counts)}`);
      assert.ok(counts[keyword]! >= leadsBy(keyword), `${keyword} matched at least its leads`);
    }
    // Matches below the threshold of 60 are counted though they were not stored as leads.
    const total = Object.values(counts).reduce((n, c) => n + c, 0);
    assert.ok(total > leads.length, `${total} matches, ${leads.length} leads`);
  });

  test('two triggers while a scan is queued or running get the same scan and the work is done once', async () => {
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, { ...SALON, subreddits: ['Barber'] });
    const [a, b, c] = await Promise.all([
      t.services.scans.requestScan(project.id, 'tool'),
      t.services.scans.requestScan(project.id, 'dashboard'),
      t.services.scans.requestScan(project.id, 'schedule'),
    ]);
    assert.equal(a.scanId, b.scanId);
    assert.equal(a.scanId, c.scanId);
    const done = await t.services.scans.waitForScan(a.scanId, 60_000);
    assert.equal(done.status, 'done');
    const scans = await t.db.query('SELECT id FROM scans WHERE project_id = $1', [project.id]);
    assert.equal(scans.length, 1);
  });

  test('a keyword-only project searches site-wide with its keywords OR-ed', async () => {
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, { ...SALON, subreddits: [] });
    const scan = await scanNow(t, project.id);
    const u = await usage(t, acct.restKey, project.id);
    const apis = u.perApi.map((a: { api: string }) => a.api);
    assert.ok(apis.includes('replay.search'));
    assert.ok(!apis.includes('replay.subreddit_new'));
    assert.ok(scan.newLeads > 0);
    // Search finds posts only; their comments come from reading the matched posts' threads.
    assert.ok(apis.includes('replay.comments'));
    assert.ok((await leadsOf(t, project.id)).some((l) => l.comment_id !== null));
  });

  test('a project without keywords is not scanned, and says why', async () => {
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, { ...SALON, keywords: ['-hiring'] });
    const scan = await scanNow(t, project.id);
    assert.equal(scan.calls, 0);
    assert.deepEqual(scan.errors, ['the project has no keywords to match']);
  });

  test('getScan of an unknown id is undefined', async () => {
    assert.equal(await t.services.scans.getScan('00000000-0000-0000-0000-000000000000'), undefined);
  });
});

describe('reuse across projects', () => {
  let t: TestApp;
  // Noon UTC today: usage is counted per UTC day, and the test moves the clock 16 minutes, which from a real
  // "now" just before midnight would put the second round on the next day.
  const DAY_MS = 86_400_000;
  const clock = fixedClock(new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS / 2));
  before(async () => {
    t = await startTestApp({ clock });
  });
  after(() => t.close());

  test('data one project bought serves another at no cost, counted as reused', async () => {
    const a = await createAccount(t.services);
    const b = await createAccount(t.services);
    const pa = await createProject(t.services, a.userId, SALON);
    const pb = await createProject(t.services, b.userId, SALON);

    const scanA = await scanNow(t, pa.id);
    const scanB = await scanNow(t, pb.id);
    const ua = await usage(t, a.restKey, pa.id);
    const ub = await usage(t, b.restKey, pb.id);
    assert.equal(ua.fetched, scanA.calls);
    assert.equal(ua.reused, 0);
    assert.ok(ua.costUsd > 0);
    assert.equal(ub.fetched, 0);
    assert.equal(ub.costUsd, 0);
    assert.equal(ub.reused, ua.calls);
    assert.equal(ub.calls, ua.calls);
    assert.equal(scanB.costUsd, 0);
    // A's first fetch of each listing already served B (watching the same subreddits): same leads, free.
    const leadsB = await leadsOf(t, pb.id);
    assert.equal(leadsB.length, scanA.newLeads);
    assert.ok(leadsB.every((l) => l.cost_usd === 0));

    // After the freshness window, one incremental fetch per listing serves both projects.
    clock.advance(16 * 60_000);
    const round2 = await scanNow(t, pa.id);
    const listingCalls = await t.db.query(
      `SELECT 1 FROM upstream_calls WHERE scan_id = $1 AND api LIKE 'replay.subreddit_%'`,
      [round2.scanId],
    );
    assert.equal(listingCalls.length, 8);
    const ub2 = await usage(t, b.restKey, pb.id);
    assert.equal(ub2.reused, ub.reused + 8);
    assert.equal(ub2.costUsd, 0);
    // B's own scan then buys nothing: its listings are fresh, and the threads A read are reused.
    const scanB2 = await scanNow(t, pb.id);
    assert.equal(scanB2.costUsd, 0);
    assert.equal((await usage(t, b.restKey, pb.id)).fetched, 0);
  });
});

describe('a project added later', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  test('is served what was already bought, from storage, at no cost', async () => {
    const a = await createAccount(t.services);
    const pa = await createProject(t.services, a.userId, SALON);
    const scanA = await scanNow(t, pa.id);
    const b = await createAccount(t.services);
    const pb = await createProject(t.services, b.userId, SALON);
    const scanB = await scanNow(t, pb.id);
    assert.equal(scanB.newLeads, scanA.newLeads);
    assert.equal(scanB.costUsd, 0);
    const ub = await usage(t, b.restKey, pb.id);
    assert.equal(ub.fetched, 0);
    assert.equal(ub.reused, scanA.calls);
  });
});

describe('upstream failures and tier limits', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ config: { selfHosted: false } });
  });
  after(() => t.close());

  test('a failing listing is recorded on the scan, which goes on with the others', async () => {
    const replay = createUpstreamSource(t.services.config, { clock: t.services.clock });
    const failing: UpstreamSource = {
      ...replay,
      async subredditNew(sub, cursor, report) {
        if (sub !== 'barber') return replay.subredditNew(sub, cursor, report);
        report({ api: 'replay.subreddit_new', costUsd: 0.001, ok: false, error: 'HTTP 500' });
        throw new UpstreamError('replay.subreddit_new', 'HTTP 500 after 3 tries');
      },
    };
    const scans = scansOver(t, failing);
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, SALON);
    const queued = await scans.requestScan(project.id, 'tool');
    const done = await scans.waitForScan(queued.scanId, 60_000);
    assert.equal(done.status, 'done');
    assert.deepEqual(done.errors, ['new:barber: replay.subreddit_new: HTTP 500 after 3 tries']);
    assert.ok(done.newLeads > 0);
    const u = await usage(t, acct.restKey, project.id);
    assert.ok(u.perApi.some((a: { api: string }) => a.api === 'replay.subreddit_new'));
  });

  test('a free-tier project reads at most its tier’s subreddits, keywords and comment threads', async () => {
    const acct = await createAccount(t.services, 'free');
    const limits = t.services.config.tierLimits.free;
    const project = await createProject(t.services, acct.userId, {
      ...SALON,
      subreddits: [...SALON.subreddits, 'a', 'b', 'c', 'd'],
    });
    const scan = await scanNow(t, project.id);
    const u = await usage(t, acct.restKey, project.id);
    const calls = Object.fromEntries(u.perApi.map((a: { api: string; calls: number }) => [a.api, a.calls]));
    assert.equal(calls['replay.subreddit_new'], limits.subredditsPerProject);
    assert.ok((calls['replay.comments'] ?? 0) <= limits.commentThreadsPerScan!);
    assert.equal(scan.status, 'done');
  });
});

describe('scans as pg-boss jobs', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  test('the scheduler queues due projects and the worker runs them; run_scan-style requests too', async () => {
    const acct = await createAccount(t.services);
    const due = await createProject(t.services, acct.userId, { ...SALON, subreddits: ['hairstylist'] });
    const jobs = await startJobs(t.services, { log: silent });
    try {
      const [scheduled] = await t.db.query<{ id: string; trigger: string }>(
        'SELECT id, trigger FROM scans WHERE project_id = $1',
        [due.id],
      );
      // Never scanned before: the scheduler queues its first scan (a project made with the service scans at once).
      assert.equal(scheduled?.trigger, 'first');
      const first = await t.services.scans.waitForScan(scheduled!.id, 60_000);
      assert.equal(first.status, 'done');
      assert.ok(first.newLeads > 0);

      const other = await createProject(t.services, acct.userId, { ...SALON, subreddits: ['Barber'] });
      const queued = await t.services.scans.requestScan(other.id, 'tool');
      const done = await t.services.scans.waitForScan(queued.scanId, 60_000);
      assert.equal(done.status, 'done');
      assert.ok(done.newLeads > 0);
      // Not due again until its interval has passed.
      assert.equal(await t.services.scans.scheduleDueScans(), 0);
    } finally {
      await jobs.stop();
    }
  });
});

describe('a scan matches keywords as people write them', () => {
  let t: TestApp;
  const clock = fixedClock(new Date());
  before(async () => {
    t = await startTestApp({ clock });
  });
  after(() => t.close());

  const SUB = 'cofounderhunt';
  const STORIES: Record<string, string> = {
    joined:
      'My last attempt was a freelancer from Upwork who vanished after the first milestone, and my savings only stretch to six more months of runway before I have to take a job again.',
    spaced:
      'We tried an agency in Poland first, spent twelve thousand dollars on a prototype nobody could maintain, and now my partner and I want an engineer who owns part of the company.',
    plural:
      'Is it meetups, Y Combinator co-founder matching, old colleagues from university, or cold messages on LinkedIn that actually worked for the people here who found their partner?',
  };
  const body =
    "I'm a non-technical founder with a validated idea for a B2B scheduling tool and 20 paying pilot customers. " +
    "I can't code and need someone to build it with me. Where do people usually meet one? Any recommendations?";
  // Each post tells its own story (one body posted three times would be one lead: ADR 0120).
  const post = (id: string, title: string): RedditItem => ({
    kind: 'post',
    id,
    postId: id,
    subreddit: SUB,
    title,
    body: `${body} ${STORIES[id] ?? ''}`,
    author: `author_${id}`,
    url: `https://www.reddit.com/r/${SUB}/comments/${id}/`,
    createdAt: new Date(clock.now().getTime() - 3_600_000),
  });
  const posts = [
    post('joined', 'Where do I find a technical cofounder?'),
    post('spaced', 'Where do I find a technical co founder?'),
    post('plural', 'Where do you all find Technical Co-Founders?'),
    post('other', 'Where do I find a good accountant?'),
  ];
  const upstream = pagedSource({ posts: [posts] });

  async function leadsFor(keywords: string[]) {
    const scans = scansOver(t, upstream);
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, {
      pain: 'Non-technical founders cannot find a technical partner to build their product.',
      solution: 'A matching service that introduces non-technical founders to vetted technical co-founders.',
      targetUsers: 'Non-technical startup founders',
      keywords,
      subreddits: [SUB],
    });
    const queued = await scans.requestScan(project.id, 'tool');
    assert.equal((await scans.waitForScan(queued.scanId, 60_000)).status, 'done');
    const res = await getJson(t.baseUrl, `/api/v1/projects/${project.id}/leads`, acct.restKey);
    assert.equal(res.status, 200);
    const leads: { url: string; matchedPhrase: string; score: number }[] = res.body.leads;
    return new Map(leads.map((l) => [l.url.split('/').at(-2)!, l]));
  }

  test('a post written "technical cofounder" is a lead for the keyword "technical co-founder", named as written', async () => {
    const leads = await leadsFor(['Technical Co-Founder']);
    assert.deepEqual([...leads.keys()].sort(), ['joined', 'plural', 'spaced']);
    for (const lead of leads.values()) {
      assert.equal(lead.matchedPhrase, 'Technical Co-Founder');
      assert.ok(lead.score >= 40, `${lead.url}: ${lead.score}`);
    }
  });

  test('quoted, the keyword finds only the posts that write it so', async () => {
    const leads = await leadsFor(['"technical co founder"']);
    assert.deepEqual([...leads.keys()], ['spaced']);
    assert.equal(leads.get('spaced')!.matchedPhrase, '"technical co founder"');
  });
});
