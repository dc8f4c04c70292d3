import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixedClock } from '../src/clock.ts';
import {
  itemText,
  profileTexts,
  type ScoringItem,
  type ScoringProfile,
  scoreItem,
} from '../src/domain/scoring.ts';
import { createOnboardingService } from '../src/onboarding/onboarding.service.ts';
import { createEmbedder } from '../src/scoring/embedder.ts';
import { dashboardClient } from './dashboard-helpers.ts';
import { fuzzDigest } from './fuzz/digest.ts';
import { createAccount, createProject, startTestApp, type TestApp, testConfig } from './harness.ts';
import { PAGES, type PageServer, seedStoredPosts, startPageServer } from './onboarding-helpers.ts';
import { makeTestCa } from './receivers.ts';

// docs/onboarding.md: a profile suggested from a product page read over real https (the fixtures, served with a
// test CA), its preview over stored posts, keyword health, and the refusals of the page reader's SSRF guard.

const clock = fixedClock('2026-12-07T12:00:00Z');
const ca = makeTestCa();

/** What each fixture page says, to check the suggestion against. */
const EXPECTED: Record<
  (typeof PAGES)[number],
  { name: string; competitors: string[]; geography: string | null; price: RegExp }
> = {
  paydue: {
    name: 'PayDue',
    competitors: ['FreshBooks', 'QuickBooks'],
    geography: null,
    price: /\$12 per month/,
  },
  shiftly: { name: 'Shiftly', competitors: ['7shifts', 'When I Work'], geography: null, price: /\$29/ },
  pingward: { name: 'Pingward', competitors: ['Pingdom', 'UptimeRobot'], geography: null, price: /\$15/ },
  rentroll: {
    name: 'RentRoll',
    competitors: ['Buildium', 'AppFolio', 'Zillow Rental Manager'],
    geography: 'United States',
    price: /\$2 per unit per month/,
  },
  tidybooks: {
    name: 'Tidy Books',
    competitors: ['Bench'],
    geography: 'United Kingdom',
    price: /£149 per month/,
  },
};

/** Page chrome a suggestion must never propose as a keyword. */
const CHROME =
  /\b(?:pricing|log ?in|login|sign ?(?:in|up)|free trial|demo|features|privacy|terms|cookies?|careers|blog)\b/i;

const included = (keywords: string[]) => keywords.filter((k) => !k.startsWith('-'));

async function upstreamCalls(t: TestApp) {
  const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM upstream_calls');
  return row!.n;
}

describe('a suggested profile from a product page', () => {
  let t: TestApp;
  let pages: PageServer;
  let d: ReturnType<typeof dashboardClient>;
  let stored: number;

  before(async () => {
    pages = await startPageServer(ca);
    t = await startTestApp({
      clock,
      config: {
        webhooks: { ...testConfig().webhooks, allowPrivate: ['127.0.0.1'], extraCaPem: ca.caPem },
        onboarding: { pageTimeoutMs: 1500, pageMaxBytes: 256 * 1024 },
      },
    });
    stored = await seedStoredPosts(t.db, clock.now());
    const alice = await createAccount(t.services);
    d = dashboardClient(t);
    await d.signIn(alice.userId);
  });
  after(async () => {
    await t.close();
    await pages.close();
  });

  for (const page of PAGES) {
    test(`${page}: name, solution, pain, target users, 5+ keywords without chrome, subreddits, named competitors`, async () => {
      const res = await d.post('/projects/suggest', { url: `${pages.origin}/${page}.html` });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const { project, preview, costUsd, method } = res.body;
      const expected = EXPECTED[page];
      assert.equal(project.name, expected.name);
      assert.equal(project.url, `${pages.origin}/${page}.html`);
      for (const field of ['solution', 'pain', 'targetUsers'] as const) {
        assert.ok(project[field] && project[field].length > 10, `${field}: ${project[field]}`);
      }
      const keywords = included(project.keywords);
      assert.ok(keywords.length >= 5 && keywords.length <= 12, `keywords: ${keywords.join(', ')}`);
      assert.deepEqual(
        keywords.filter((k: string) => CHROME.test(k)),
        [],
        `no page chrome among ${keywords.join(', ')}`,
      );
      for (const c of expected.competitors)
        assert.ok(project.competitors.includes(c), `${c} in ${project.competitors}`);
      assert.ok(!project.competitors.includes(expected.name), 'the product is not its own competitor');
      assert.equal(project.geography, expected.geography);
      assert.match(project.budgetFit, expected.price);
      assert.ok(project.subreddits.length >= 1, `subreddits from stored posts: ${project.subreddits}`);
      assert.equal(method, 'local');
      assert.equal(costUsd, 0);
      assert.equal(preview.source, 'stored');
      assert.equal(preview.items, stored);
      assert.match(preview.note, /already stored from the last 7 days/);
      assert.ok(preview.examples.length >= 1, 'matching stored posts are shown as examples');
    });
  }

  test('the page proposes what its buyers write: "late payments", "uptime monitoring", "tenant screening"', async () => {
    const expectations: [string, RegExp][] = [
      ['paydue', /^late payments?$/],
      ['pingward', /^uptime monitoring$/],
      ['rentroll', /^tenant screening$/],
      ['shiftly', /^staff scheduling$/],
      ['tidybooks', /^VAT returns$/],
    ];
    for (const [page, wanted] of expectations) {
      const res = await d.post('/projects/suggest', { url: `${pages.origin}/${page}.html` });
      assert.ok(
        res.body.project.keywords.some((k: string) => wanted.test(k)),
        `${page}: ${res.body.project.keywords.join(', ')}`,
      );
    }
  });

  test('a redirect to another page of the site is followed; the suggestion keeps the final address', async () => {
    const res = await d.post('/projects/suggest', { url: `${pages.origin}/go/paydue` });
    assert.equal(res.status, 200);
    assert.equal(res.body.project.name, 'PayDue');
    assert.equal(res.body.project.url, `${pages.origin}/paydue.html`);
  });

  test('a paragraph alone, or with the page, is read too', async () => {
    const description =
      'Kennelbook lets dog daycares and boarding kennels take online bookings and vaccination records. ' +
      'Owners lose hours to phone bookings, no-shows and paper waivers. For dog daycare and boarding owners.';
    const res = await d.post('/projects/suggest', { description });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const p = res.body.project;
    assert.equal(p.name, 'Kennelbook');
    assert.equal(p.url, null);
    assert.match(p.solution, /online bookings/);
    assert.match(p.pain, /lose hours/);
    assert.match(p.targetUsers, /dog daycare/i);
    assert.ok(included(p.keywords).length >= 5, p.keywords.join(', '));
    const both = await d.post('/projects/suggest', {
      url: `${pages.origin}/pingward.html`,
      description: 'We also monitor DNS records and domain expiry for agencies.',
    });
    assert.equal(both.status, 200);
    assert.equal(both.body.project.name, 'Pingward');
  });

  test('refused: no page nor paragraph, a non-https URL, metadata and private addresses, too large, too slow', async () => {
    const before = [await fuzzDigest(t.db), await upstreamCalls(t)];
    const cases: [unknown, RegExp][] = [
      [{}, /Give the product's page \(url\) or a paragraph about it \(description\)/],
      [{ url: '  ' }, /Give the product's page/],
      [{ url: 'not a url' }, /is not a URL/],
      [{ url: 'ftp://files.example.com/page' }, /Only https pages are read \(got ftp\)/],
      [
        { url: 'https://169.254.169.254/latest/meta-data/' },
        /169\.254\.169\.254 is a private or reserved address/,
      ],
      [{ url: 'https://[::ffff:169.254.169.254]/' }, /private or reserved address/],
      [{ url: 'https://10.0.0.5/' }, /10\.0\.0\.5 is a private or reserved address/],
      [{ url: 'https://user:pw@example.com/' }, /user name or password/],
      [{ url: `${pages.origin}/go/metadata` }, /169\.254\.169\.254 is a private or reserved address/],
      [{ url: `${pages.origin}/go/private` }, /10\.1\.2\.3 is a private or reserved address/],
      [{ url: `${pages.origin}/huge` }, /more than the 256 KB read/],
      [{ url: `${pages.origin}/slow` }, /did not answer within 1\.5 s/],
      [{ url: `${pages.origin}/brochure.pdf` }, /is not a web page \(application\/pdf\)/],
      [{ url: `${pages.origin}/missing.html` }, /answered HTTP 404/],
      [{ description: 'Too short' }, /description: Write at least a sentence/],
      [
        { url: `${pages.origin}/paydue.html`, subreddits: ['not a sub!'] },
        /subreddits: "not a sub!" is not a subreddit name/,
      ],
      [{ url: `${pages.origin}/paydue.html`, keywords: ['!!'] }, /keywords: "!!" has no word to match/],
      [
        { url: `${pages.origin}/paydue.html`, extra: 1 },
        /Unknown field extra: allowed are url, description, keywords, subreddits, fresh/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await d.post('/projects/suggest', body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message, JSON.stringify(body));
    }
    assert.deepEqual([await fuzzDigest(t.db), await upstreamCalls(t)], before, 'nothing changed');
  });

  test('with private addresses not allowed (the default), a host that resolves to one is refused at connect time', async () => {
    const strict = createOnboardingService({
      db: t.db,
      clock,
      config: {
        ...t.services.config,
        webhooks: { ...t.services.config.webhooks, allowPrivate: false },
      },
    });
    try {
      await assert.rejects(
        strict.suggest({ userId: 'u' }, { url: `https://localhost:${pages.port}/paydue.html` }),
        /localhost resolves to a private or reserved address \(.*127\.0\.0\.1.*\); product pages are only read from public addresses/,
      );
      await assert.rejects(
        strict.suggest({ userId: 'u' }, { url: `https://127.0.0.1:${pages.port}/paydue.html` }),
        /127\.0\.0\.1 is a private or reserved address/,
      );
      await assert.rejects(
        strict.suggest({ userId: 'u' }, { url: `http://127.0.0.1:${pages.port}/paydue.html` }),
        /Only https pages are read \(got http\)/,
      );
    } finally {
      await strict.close();
    }
  });

  test("the routes need a session and refuse another site's page (the dashboard's cross-site rules)", async () => {
    const anonymous = dashboardClient(t);
    assert.equal(
      (await anonymous.post('/projects/suggest', { url: `${pages.origin}/paydue.html` })).status,
      401,
    );
    assert.equal((await anonymous.post('/projects/preview', { keywords: ['late payment'] })).status, 401);
    const cross = await d.call(
      'POST',
      '/projects/suggest',
      { url: `${pages.origin}/paydue.html` },
      { origin: 'https://evil.example' },
    );
    assert.equal(cross.status, 403);
    assert.equal(cross.body.error.code, 'forbidden');
  });
});

describe('the preview and keyword health', () => {
  let t: TestApp;
  let d: ReturnType<typeof dashboardClient>;
  let userId: string;

  before(async () => {
    t = await startTestApp({ clock });
    await seedStoredPosts(t.db, clock.now());
    // Older than the window: never counted.
    await t.db.query(
      `INSERT INTO upstream_items (id, kind, post_id, subreddit, title, body, author, url, created_at, stored_at)
       VALUES ('t3_old1', 'post', 'old1', 'freelance', 'Late payment again', 'late payment late payment', null,
               'https://www.reddit.com/r/freelance/comments/old1/', $1, $1)`,
      [new Date(clock.now().getTime() - 8 * 86_400_000)],
    );
    userId = (await createAccount(t.services)).userId;
    d = dashboardClient(t);
    await d.signIn(userId);
  });
  after(() => t.close());

  test('counts per keyword and subreddit, examples scored as leads; "software" is warned about, "late payment" is not', async () => {
    const res = await d.post('/projects/preview', {
      keywords: ['software', 'late payment', 'invoice reminders', 'unpaid invoices', 'zzyzx quantum'],
      subreddits: ['freelance', 'r/smallbusiness', 'KitchenConfidential'],
      profile: {
        name: 'PayDue',
        solution: 'Automatic invoice reminders for freelancers',
        pain: 'Freelancers chase late payments',
        targetUsers: 'Freelancers and small agencies',
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const p = res.body;
    const row = (k: string) => p.keywords.find((x: { keyword: string }) => x.keyword === k);
    assert.equal(p.source, 'stored');
    assert.equal(p.days, 7);
    assert.ok(row('late payment').matches >= 1, JSON.stringify(row('late payment')));
    assert.equal(row('late payment').warning, null);
    assert.ok(row('software').matches >= 5);
    assert.match(
      row('software').warning,
      /^Matches \d+(\.\d)?% of the \d+ posts and comments of the last 7 days: “software” names only a kind of product/,
    );
    assert.match(row('software').warning, /Add what the software is for, e.g\. “late payment software”/);
    assert.equal(row('zzyzx quantum').matches, 0);
    assert.match(row('zzyzx quantum').warning, /^Matched none of the \d+ posts and comments/);
    const sub = (n: string) => p.subreddits.find((s: { name: string }) => s.name === n);
    assert.ok(sub('freelance').matches >= 2 && sub('freelance').items >= sub('freelance').matches);
    assert.equal(sub('KitchenConfidential').matches, 0);
    assert.ok(sub('KitchenConfidential').items > 0);
    assert.ok(p.examples.length >= 1 && p.examples.length <= 5);
    for (const e of p.examples) {
      assert.ok(['freelance', 'smallbusiness'].includes(e.subreddit), e.subreddit);
      assert.ok(Number.isInteger(e.score) && e.score >= 0 && e.score <= 100);
      assert.ok(e.matchedPhrase && e.url.startsWith('https://www.reddit.com/'));
    }
    const scores = p.examples.map((e: { score: number }) => e.score);
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
      'best first',
    );
    assert.ok(
      !p.examples.some((e: { url: string }) => e.url.includes('old1')),
      'older than 7 days: not read',
    );
  });

  test('examples score as a scan scores them, the meaning stage included', async () => {
    // As the suggestion reads a founder's paragraph about photographers' invoicing. The local scorer alone put the
    // salon's request below at 74; a scan reads it with the meaning stage, and so does the preview now.
    const profile: ScoringProfile = {
      name: 'SnapBill',
      url: null,
      solution:
        'Invoicing software for freelance photographers: quotes, invoices, deposits and payment reminders',
      pain: 'Chasing unpaid shoots',
      targetUsers: 'Freelance photographers',
      geography: null,
      budgetFit: null,
      keywords: ['payment reminders', 'payment', 'reminders'],
      competitors: [],
    };
    const res = await d.post('/projects/preview', {
      keywords: profile.keywords,
      subreddits: ['hairstylist', 'Barber'],
      profile: {
        name: profile.name,
        solution: profile.solution,
        pain: profile.pain,
        targetUsers: profile.targetUsers,
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const shown = res.body.examples.find((e: { title: string }) =>
      /booking app recommendations/.test(e.title),
    );
    assert.ok(shown, JSON.stringify(res.body.examples.map((e: { title: string }) => e.title)));
    const [row] = await t.db.query<{ title: string; body: string; subreddit: string; author: string | null }>(
      "SELECT title, body, subreddit, author FROM upstream_items WHERE title = $1 AND kind = 'post'",
      [shown.title],
    );
    const item: ScoringItem = { kind: 'post', ...row! };
    const embedder = createEmbedder();
    const [post, ...profileVectors] = await embedder.embed([itemText(item), ...profileTexts(profile)]);
    const scan = scoreItem(item, profile, { post: post!, profile: profileVectors });
    assert.notEqual(scan.score, scoreItem(item, profile).score, 'the meaning stage moves this post');
    assert.equal(shown.score, scan.score);
    assert.equal(shown.reason, scan.reason);
  });

  test("an exclusion keyword drops the posts it names from each keyword's count", async () => {
    const plain = await d.post('/projects/preview', { keywords: ['late payment'] });
    const excluded = await d.post('/projects/preview', { keywords: ['late payment', '-fees'] });
    assert.ok(excluded.body.keywords[0].matches < plain.body.keywords[0].matches);
    assert.deepEqual(excluded.body.keywords[1], { keyword: '-fees', matches: 0, share: 0, warning: null });
  });

  test('bad preview input is a 400 naming the field', async () => {
    for (const [body, message] of [
      [{}, /keywords/],
      [{ keywords: [] }, /keywords/],
      [{ keywords: ['ok'], subreddits: ['x y'] }, /subreddits: "x y" is not a subreddit name/],
    ] as const) {
      const res = await d.post('/projects/preview', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.error.message, message);
    }
  });

  test("the Keywords tab's data warns about a keyword that names only a kind of product", async () => {
    const project = await createProject(t.services, userId, { keywords: ['software', 'late payment'] });
    const res = await d.get(`/projects/${project.id}/keywords`);
    assert.equal(res.status, 200);
    const warning = (k: string) =>
      res.body.keywords.find((x: { keyword: string }) => x.keyword === k).warning;
    assert.match(warning('software'), /names only a kind of product/);
    assert.equal(warning('late payment'), null);
  });
});

describe('a fresh look at the subreddits, when asked', () => {
  let t: TestApp;
  let d: ReturnType<typeof dashboardClient>;

  before(async () => {
    // Nothing stored yet: a new service, whose upstream replays the demo's sample corpus.
    t = await startTestApp({ clock });
    const { userId } = await createAccount(t.services);
    d = dashboardClient(t);
    await d.signIn(userId);
  });
  after(() => t.close());

  const body = { keywords: ['booking', 'no-shows'], subreddits: ['Barber', 'hairstylist'] };

  test('without it nothing is bought: counts are of stored data, at no cost', async () => {
    const res = await d.post('/projects/preview', body);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.source, 'stored');
    assert.equal(res.body.costUsd, 0);
    assert.equal(res.body.items, 0);
    assert.equal(await upstreamCalls(t), 0);
  });

  test('with it the subreddits are read from the upstream, counted, and the calls recorded on the account', async () => {
    const res = await d.post('/projects/preview', { ...body, fresh: true });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const p = res.body;
    assert.equal(p.source, 'fresh');
    assert.ok(p.costUsd > 0, `cost ${p.costUsd}`);
    const sub = (n: string) => p.subreddits.find((s: { name: string }) => s.name === n);
    assert.ok(sub('Barber').items > 0 && sub('hairstylist').items > 0, JSON.stringify(p.subreddits));
    assert.ok(p.keywords[0].matches > 0, 'booking matches the fresh posts');
    assert.ok(p.examples.length >= 1);
    assert.match(
      p.note,
      /fresh read of r\/Barber, r\/hairstylist for this preview: \d+ items in \d+ upstream calls?, \$\d/,
    );
    const rows = await t.db.query<{ user_id: string; cost: number; project_id: string | null }>(
      'SELECT user_id, cost_usd::float AS cost, project_id FROM upstream_calls',
    );
    assert.ok(rows.length >= 2, 'one call or more per subreddit');
    assert.ok(rows.every((r) => r.user_id && r.project_id === null));
    const recorded = rows.reduce((a, r) => a + r.cost, 0);
    assert.ok(Math.abs(recorded - p.costUsd) < 1e-6, `${recorded} recorded, ${p.costUsd} said`);
  });

  test('a fresh look needs subreddits, at most five; refused before anything is bought', async () => {
    const calls = await upstreamCalls(t);
    for (const [input, message] of [
      [{ keywords: ['booking'], fresh: true }, /subreddits: A fresh look reads subreddits/],
      [
        { keywords: ['booking'], fresh: true, subreddits: ['aaa1', 'bbb2', 'ccc3', 'ddd4', 'eee5', 'fff6'] },
        /at most 5 subreddits/,
      ],
      [{ keywords: ['booking'], fresh: 'yes', subreddits: ['Barber'] }, /fresh/],
    ] as const) {
      const res = await d.post('/projects/preview', input);
      assert.equal(res.status, 400, JSON.stringify(input));
      assert.match(res.body.error.message, message);
    }
    assert.equal(await upstreamCalls(t), calls);
  });
});
