// SEO opportunities against local fake Serper and SerpApi servers speaking their JSON, and the shipped replay file;
// competitor presence read through the replay upstream's comment trees (the sample corpus).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fixedClock } from '../src/clock.ts';
import type { Config, SeoConfig } from '../src/config/index.ts';
import { loadConfig } from '../src/config/index.ts';
import { SeoOpportunity } from '../src/insights/insights.schemas.ts';
import { insightHandlers } from '../src/jobs/jobs.ts';
import { dashboardClient } from './dashboard-helpers.ts';
import type { FakeServer } from './fakes/fake-server.ts';
import { type FakeResult, startFakeSerpApi, startFakeSerper } from './fakes/serp-fake.ts';
import { createAccount, createProject, getJson, startTestApp, testConfig } from './harness.ts';
import { callTool } from './mcp-helpers.ts';

const thread = (sub: string, id: string, slug: string) =>
  `https://www.reddit.com/r/${sub}/comments/${id}/${slug}/`;
const CLOCK = '2026-11-20T10:00:00Z';
type CorpusLine = {
  id: string;
  subreddit: string;
  title: string;
  body: string;
  createdUtc: number;
  parentId?: string;
};
const corpus = readFileSync(new URL('../sample/corpus.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as CorpusLine);
const namesCompetitor = (text: string) => /\b(?:booksy|vagaro)\b/i.test(text);
/** A Barber thread of the sample corpus whose post names neither competitor and whose comments (by CLOCK) do. */
const inComments = corpus.find(
  (p) =>
    !p.parentId &&
    p.subreddit === 'Barber' &&
    !namesCompetitor(`${p.title} ${p.body}`) &&
    corpus.some(
      (c) =>
        c.parentId === `t3_${p.id}` && c.createdUtc * 1000 <= Date.parse(CLOCK) && namesCompetitor(c.body),
    ),
)!;
// Threads of sample/corpus.jsonl: s256m names Vagaro and Calendly in its post, inComments names one in its
// comments only, s2569 names no competitor anywhere.
const RESULTS: Record<string, FakeResult[]> = {
  'salon booking': [
    {
      position: 1,
      title: 'Booking Software for Salons | Example',
      link: 'https://example.com/salon-booking',
    },
    {
      position: 2,
      title: 'Help me pick: Vagaro, Calendly or something smaller : r/smallbusiness',
      link: thread('smallbusiness', 's256m', 'help_me_pick'),
    },
    {
      position: 4,
      title: 'online booking for a 60-something salon owner who hates tech? : r/Entrepreneur',
      link: thread('Entrepreneur', 's2569', 'online_booking'),
    },
    { position: 5, title: 'r/Barber', link: 'https://www.reddit.com/r/Barber/' },
  ],
  'barber app': [
    {
      position: 3,
      title: `${inComments.title} - Reddit`,
      link: thread('Barber', inComments.id, 'a_barber_thread'),
    },
    { position: 7, title: 'Help me pick - Reddit', link: thread('smallbusiness', 's256m', 'help_me_pick') },
  ],
};

const baseSeo = (): SeoConfig => ({ ...loadConfig({ DEMO: 'false' }).seo, timeoutMs: 3000 });

async function setup(seo: Partial<SeoConfig>, extra: Partial<Config> = {}) {
  const clock = fixedClock(CLOCK);
  const t = await startTestApp({ clock, config: { seo: { ...baseSeo(), ...seo }, ...extra } });
  const acct = await createAccount(t.services, 'connected');
  const project = await createProject(t.services, acct.userId, {
    keywords: ['salon booking', 'barber app', 'no results here'],
    subreddits: ['Barber'],
    competitors: ['Booksy', 'Vagaro'],
  });
  return { t, clock, acct, project };
}

/** An app on a fake Serper for the enclosing describe: started before its tests, closed after them. */
function onSerper(): { serper: FakeServer; s: Awaited<ReturnType<typeof setup>> } {
  const on = {} as ReturnType<typeof onSerper>;
  before(async () => {
    on.serper = await startFakeSerper(RESULTS);
    on.s = await setup({ provider: 'serper', serper: { apiKey: 'serper-test-key', baseUrl: on.serper.url } });
  });
  after(async () => {
    await on.s.t.close();
    await on.serper.close();
  });
  return on;
}

describe('SEO opportunities from Serper', () => {
  const on = onSerper();

  test('a refresh keeps the Reddit threads, best position first, with competitor presence from the threads', async () => {
    const refresh = await on.s.t.services.seo.refresh(on.s.project.id, on.s.clock.now());
    assert.deepEqual(refresh?.errors, []);
    const sent = on.serper.requests.map((r) => JSON.parse(r.body).q);
    assert.deepEqual(sent, [
      'salon booking site:reddit.com',
      'barber app site:reddit.com',
      'no results here site:reddit.com',
    ]);
    assert.equal(on.serper.requests[0]!.headers['x-api-key'], 'serper-test-key');

    const res = await getJson(
      on.s.t.baseUrl,
      `/api/v1/projects/${on.s.project.id}/seo-opportunities`,
      on.s.acct.restKey,
    );
    assert.equal(res.status, 200);
    const rows = res.body.opportunities.map((o: any) => [
      o.keyword,
      o.position,
      o.post.id,
      o.competitorPresent,
    ]);
    assert.deepEqual(rows, [
      ['salon booking', 2, 's256m', true],
      ['barber app', 3, inComments.id, true],
      ['salon booking', 4, 's2569', false],
      ['barber app', 7, 's256m', true],
    ]);
    const first = res.body.opportunities[0];
    assert.deepEqual(Object.keys(first).sort(), Object.keys(SeoOpportunity.properties).sort());
    assert.deepEqual(first.post, {
      id: 's256m',
      title: 'Help me pick: Vagaro, Calendly or something smaller',
      subreddit: 'smallbusiness',
      url: 'https://www.reddit.com/r/smallbusiness/comments/s256m/help_me_pick/',
    });
    assert.equal(first.refreshedAt, '2026-11-20T10:00:00.000Z');
    assert.equal(first.searchVolume, null, 'Serper does not tell search volume');
  });

  test('the dashboard names the competitors each thread names; the public shape stays the same', async () => {
    const d = dashboardClient(on.s.t);
    await d.signIn(on.s.acct.userId);
    const res = await d.get(`/projects/${on.s.project.id}/seo`);
    assert.equal(res.status, 200);
    // In the thread, its post and the comments up to CLOCK, as the refresh read them.
    const namedIn = (postId: string) => {
      const text = corpus
        .filter((c) => c.id === postId || c.parentId === `t3_${postId}`)
        .filter((c) => c.parentId === undefined || c.createdUtc * 1000 <= Date.parse(CLOCK))
        .map((c) => `${c.title ?? ''} ${c.body}`)
        .join('\n');
      return ['Booksy', 'Vagaro'].filter((n) => new RegExp(`\\b${n}\\b`, 'i').test(text));
    };
    assert.deepEqual(
      res.body.opportunities.map((o: any) => [o.keyword, o.post.id, o.competitorPresent, o.competitorsNamed]),
      [
        ['salon booking', 's256m', true, namedIn('s256m')],
        ['barber app', inComments.id, true, namedIn(inComments.id)],
        ['salon booking', 's2569', false, []],
        ['barber app', 's256m', true, namedIn('s256m')],
      ],
    );
    assert.ok(namedIn('s256m').includes('Vagaro'));
    const rest = await getJson(
      on.s.t.baseUrl,
      `/api/v1/projects/${on.s.project.id}/seo-opportunities`,
      on.s.acct.restKey,
    );
    assert.ok(rest.body.opportunities.every((o: object) => !('competitorsNamed' in o)));
    const tool = await callTool(on.s.t.baseUrl, on.s.acct.mcpKey, 'list_seo_opportunities', {
      projectId: on.s.project.id,
    });
    assert.ok(JSON.stringify(tool).includes('competitorPresent'));
    assert.ok(!JSON.stringify(tool).includes('competitorsNamed'), 'nor in the tool');
  });

  test('every provider call is in usage with its price; thread reads are paid once and reused within freshness', async () => {
    const usage = (
      await getJson(on.s.t.baseUrl, `/api/v1/projects/${on.s.project.id}/usage`, on.s.acct.restKey)
    ).body.usage;
    const serperRow = usage.perApi.find((a: any) => a.api === 'serper.search');
    assert.deepEqual(serperRow, { api: 'serper.search', calls: 3, costUsd: 0.003, reused: 0, failed: 0 });
    const threads = usage.perApi.find((a: any) => a.api === 'replay.comments');
    assert.equal(threads.calls, 3, 'three distinct threads read once each');
    assert.equal(threads.reused, 0);

    // A second refresh minutes later reads the same threads from the fetch log, at no cost.
    on.s.clock.advance(60_000);
    await on.s.t.services.seo.refresh(on.s.project.id, on.s.clock.now());
    const again = (
      await getJson(on.s.t.baseUrl, `/api/v1/projects/${on.s.project.id}/usage`, on.s.acct.restKey)
    ).body.usage;
    const threads2 = again.perApi.find((a: any) => a.api === 'replay.comments');
    assert.equal(threads2.calls, 6);
    assert.equal(threads2.reused, 3);
    assert.equal(threads2.costUsd, threads.costUsd);
  });

  test('429, 5xx, time-outs and malformed bodies are recorded on the refresh, the other keywords still answer', async () => {
    on.serper.script(
      { status: 429, headers: { 'retry-after': '30' }, body: '{"message":"Too many requests"}' },
      { status: 502, body: 'bad gateway' },
      { hang: true },
    );
    const r1 = await on.s.t.services.seo.refresh(on.s.project.id, on.s.clock.now());
    assert.equal(r1!.errors.length, 3);
    assert.match(r1!.errors[0]!, /"salon booking": serper\.search: HTTP 429/);
    assert.match(r1!.errors[1]!, /"barber app": serper\.search: HTTP 502/);
    assert.match(r1!.errors[2]!, /"no results here": serper\.search: timed out after 3000 ms/);
    // Every keyword failed: the previous opportunities stay listed.
    const kept = await getJson(
      on.s.t.baseUrl,
      `/api/v1/projects/${on.s.project.id}/seo-opportunities`,
      on.s.acct.restKey,
    );
    assert.equal(kept.body.opportunities.length, 4);

    on.serper.script({ body: '{"organic": "not a list"' }, { body: '{"organic": 5}' });
    on.s.clock.advance(1000);
    const r2 = await on.s.t.services.seo.refresh(on.s.project.id, on.s.clock.now());
    assert.match(r2!.errors[0]!, /malformed JSON/);
    assert.match(r2!.errors[1]!, /malformed response/);
    assert.equal(r2!.opportunities, 0);

    const dash = dashboardClient(on.s.t);
    await dash.signIn(on.s.acct.userId);
    const view = await dash.get(`/projects/${on.s.project.id}/seo`);
    assert.equal(view.status, 200);
    assert.deepEqual(view.body.provider, { name: 'serper', sample: false });
    assert.equal(view.body.lastRefresh.errors.length, 2);
    const failed = (
      await on.s.t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM upstream_calls WHERE api = 'serper.search' AND NOT ok`,
      )
    )[0]!.n;
    assert.equal(failed, 5, 'failed calls are recorded too, at no cost');
  });

  test("a NUL character in a provider's error text is stored cleaned; the refresh answers", async () => {
    // Found by a hostile run (issue 35): the error quoted the NUL and the dashboard refresh answered 500.
    on.serper.script(
      { status: 400, body: '{"message":"bad\u0000query"}' },
      { status: 400, body: 'nul\u0000here' },
    );
    const dash = dashboardClient(on.s.t);
    await dash.signIn(on.s.acct.userId);
    on.s.clock.advance(1000);
    const res = await dash.post(`/projects/${on.s.project.id}/seo`);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const view = await dash.get(`/projects/${on.s.project.id}/seo`);
    const errors: string[] = view.body.lastRefresh.errors;
    assert.equal(errors.length, 2);
    assert.match(errors[0]!, /"salon booking": serper\.search: HTTP 400: \{"message":"bad\uFFFDquery"\}/);
    assert.match(errors[1]!, /nul\uFFFDhere/);
  });

  test('the dashboard refresh runs a search; another account sees 404', async () => {
    const dash = dashboardClient(on.s.t);
    await dash.signIn(on.s.acct.userId);
    on.s.clock.advance(1000);
    const res = await dash.post(`/projects/${on.s.project.id}/seo`);
    assert.equal(res.status, 201);
    assert.equal(res.body.opportunities.length, 4);
    const other = await createAccount(on.s.t.services);
    const stranger = dashboardClient(on.s.t);
    await stranger.signIn(other.userId);
    assert.equal((await stranger.get(`/projects/${on.s.project.id}/seo`)).status, 404);
    assert.equal((await stranger.post(`/projects/${on.s.project.id}/seo`)).status, 404);
  });

  test('refreshDue asks only for projects past their tier’s seoRefreshDays; the free tier asks at most seoKeywords', async () => {
    const before = on.serper.requests.length;
    assert.equal(await on.s.t.services.seo.refreshDue(on.s.clock.now()), 0, 'refreshed today');
    on.s.clock.advance(8 * 86_400_000);
    assert.equal(await on.s.t.services.seo.refreshDue(on.s.clock.now()), 1, 'connected: every 7 days');
    assert.equal(on.serper.requests.length, before + 3);
  });

  test('a new project is "not computed yet" until its first scan ends, then refreshed at once, not hourly', async () => {
    // Found by an audit: a new project had no opportunities for up to an hour, and [] said nothing of why.
    const fresh = await createProject(on.s.t.services, on.s.acct.userId, { keywords: ['salon booking'] });
    const path = `/api/v1/projects/${fresh.id}/seo-opportunities`;
    const empty = await getJson(on.s.t.baseUrl, path, on.s.acct.restKey);
    assert.deepEqual(empty.body, { opportunities: [], refreshedAt: null });
    const tool = await callTool(on.s.t.baseUrl, on.s.acct.mcpKey, 'list_seo_opportunities', {
      projectId: fresh.id,
    });
    assert.deepEqual(tool.body.result.structuredContent, { opportunities: [], refreshedAt: null });
    // What the seo-after-scan job runs when a scan of the project is done.
    const before = on.serper.requests.length;
    const run = await insightHandlers.seoAfterScan(
      on.s.t.services,
      { projectId: fresh.id },
      on.s.clock.now(),
    );
    assert.equal(run?.keywords, 1);
    const after = await getJson(on.s.t.baseUrl, path, on.s.acct.restKey);
    assert.equal(after.body.refreshedAt, on.s.clock.now().toISOString());
    assert.ok(after.body.opportunities.length > 0);
    assert.equal(
      await insightHandlers.seoAfterScan(on.s.t.services, { projectId: fresh.id }, on.s.clock.now()),
      null,
      'the next scan asks again only when seoRefreshDays have passed',
    );
    assert.equal(on.serper.requests.length, before + 1);
  });
});

describe('SEO opportunities from SerpApi', () => {
  let serpapi: FakeServer;
  let s: Awaited<ReturnType<typeof setup>>;
  before(async () => {
    serpapi = await startFakeSerpApi(RESULTS);
    s = await setup(
      { provider: 'serpapi', serpapi: { apiKey: 'serpapi-test-key', baseUrl: serpapi.url } },
      { selfHosted: false },
    );
  });
  after(async () => {
    await s.t.close();
    await serpapi.close();
  });

  test('GET /search.json with engine=google; "no results" is an empty answer, a bad key an error', async () => {
    const r = await s.t.services.seo.refresh(s.project.id, s.clock.now());
    assert.deepEqual(r!.errors, []);
    assert.equal(r!.opportunities, 4);
    const q = serpapi.requests[0]!.query;
    assert.equal(q.get('engine'), 'google');
    assert.equal(q.get('q'), 'salon booking site:reddit.com');
    const usage = await s.t.services.usage.getUsage(s.project.id);
    assert.deepEqual(
      usage.perApi.find((a) => a.api === 'serpapi.search'),
      {
        api: 'serpapi.search',
        calls: 3,
        costUsd: 0.045,
        reused: 0,
        failed: 0,
      },
    );

    const t2 = await setup(
      { provider: 'serpapi', serpapi: { apiKey: 'wrong', baseUrl: serpapi.url } },
      { selfHosted: false },
    );
    try {
      const bad = await t2.t.services.seo.refresh(t2.project.id, t2.clock.now());
      assert.match(bad!.errors[0]!, /serpapi\.search: HTTP 401: \{"error":"Invalid API key\."\}/);
    } finally {
      await t2.t.close();
    }
  });

  test('a free-tier project asks for at most seoKeywords keywords', async () => {
    const acct = await createAccount(s.t.services, 'free');
    const limits = testConfig().tierLimits.free;
    const p = await createProject(s.t.services, acct.userId, {
      keywords: Array.from({ length: limits.seoKeywords! + 3 }, (_, i) => `kw ${i}`),
      competitors: [],
    });
    const before = serpapi.requests.length;
    const r = await s.t.services.seo.refresh(p.id, s.clock.now());
    assert.equal(r!.keywords, limits.seoKeywords);
    assert.equal(serpapi.requests.length - before, limits.seoKeywords);
  });
});

describe('SEO opportunities: replay and not configured', () => {
  test('the shipped sample answers the demo keywords only, with search volume, labelled as sample', async () => {
    const s = await setup({ ...loadConfig({}).seo });
    try {
      assert.deepEqual(s.t.services.seo.provider(), { name: 'replay', sample: true });
      const r = await s.t.services.seo.refresh(s.project.id, s.clock.now());
      assert.equal(r!.calls, 0, 'keywords the file does not hold are not asked');
      assert.equal(r!.opportunities, 0);

      const demo = await createProject(s.t.services, s.acct.userId, {
        keywords: ['booking software', 'no-shows'],
        competitors: ['Booksy'],
      });
      const d = await s.t.services.seo.refresh(demo.id, s.clock.now());
      assert.equal(
        d!.opportunities,
        8,
        'five threads for one keyword (a subreddit home page is not one), three for the other',
      );
      const list = await s.t.services.insights.listSeoOpportunities(demo.id);
      assert.equal(list[0]!.position, 1);
      assert.equal(list[0]!.searchVolume, 14800);
      assert.ok(list.some((o) => o.competitorPresent) && list.some((o) => !o.competitorPresent));
    } finally {
      await s.t.close();
    }
  });

  test('with no provider: no calls, an empty list, and the dashboard says how to configure', async () => {
    const s = await setup({ provider: null });
    try {
      assert.equal(await s.t.services.seo.refresh(s.project.id, s.clock.now()), null);
      assert.equal(await s.t.services.seo.refreshDue(s.clock.now()), 0);
      const res = await getJson(
        s.t.baseUrl,
        `/api/v1/projects/${s.project.id}/seo-opportunities`,
        s.acct.restKey,
      );
      assert.deepEqual(res.body, { opportunities: [], refreshedAt: null });
      const dash = dashboardClient(s.t);
      await dash.signIn(s.acct.userId);
      assert.deepEqual((await dash.get(`/projects/${s.project.id}/seo`)).body, {
        provider: null,
        lastRefresh: null,
        opportunities: [],
      });
      const refused = await dash.post(`/projects/${s.project.id}/seo`);
      assert.equal(refused.status, 400);
      assert.match(refused.body.error.message, /No SEO provider is configured: set SEO_PROVIDER/);
      const calls = await s.t.db.query(`SELECT 1 FROM upstream_calls`);
      assert.equal(calls.length, 0);
    } finally {
      await s.t.close();
    }
  });
});

describe('an SEO refresh at the daily spend cap', () => {
  const on = onSerper();

  test('buys searches only while the account is under its cap, and says why it stopped', async () => {
    // Room for one $0.001 search of the project's three keywords.
    await on.s.t.services.spendCap.setOwnCap(on.s.acct.userId, 0.0015);
    const refresh = await on.s.t.services.seo.refresh(on.s.project.id, on.s.clock.now());
    assert.equal(refresh?.errors.length, 1, JSON.stringify(refresh?.errors));
    assert.match(refresh!.errors[0]!, /^Daily spend cap reached: .* This refresh bought nothing more/);
    const usage = (
      await getJson(on.s.t.baseUrl, `/api/v1/projects/${on.s.project.id}/usage`, on.s.acct.restKey)
    ).body.usage;
    assert.deepEqual(
      usage.perApi.find((a: { api: string }) => a.api === 'serper.search'),
      { api: 'serper.search', calls: 1, costUsd: 0.001, reused: 0, failed: 0 },
    );
    assert.ok(usage.costUsd <= 0.0015, `spent ${usage.costUsd} against a cap of 0.0015`);

    // With the cap lifted the next refresh buys every keyword's search again.
    await on.s.t.services.spendCap.setOwnCap(on.s.acct.userId, null);
    on.s.clock.advance(60_000);
    const again = await on.s.t.services.seo.refresh(on.s.project.id, on.s.clock.now());
    assert.deepEqual(again?.errors, []);
  });
});

// Issue 35: a thread whose own post names a competitor, when the post was never bought before (only its comments
// come with the thread read), and a thread whose read fails, which is unknown rather than "no competitor".
describe('competitor presence from the post itself, and unknown when the thread cannot be read', () => {
  // s256a's post body names Booksy; neither its title (nor this search result's) nor its comments do.
  const results: Record<string, FakeResult[]> = {
    'nail salon': [
      {
        position: 1,
        title: 'Nail salon booking software - Reddit',
        link: thread('smallbusiness', 's256a', 'x'),
      },
      { position: 2, title: 'Help me pick - Reddit', link: thread('smallbusiness', 's256m', 'help_me_pick') },
    ],
  };
  let serper: FakeServer;
  let s: Awaited<ReturnType<typeof setup>>;
  before(async () => {
    serper = await startFakeSerper(results);
    s = await setup({ provider: 'serper', serper: { apiKey: 'serper-test-key', baseUrl: serper.url } });
  });
  after(async () => {
    await s.t.close();
    await serper.close();
  });

  test('a post naming a competitor, not bought before, makes competitorPresent true', async () => {
    const post = corpus.find((l) => l.id === 's256a')!;
    assert.ok(namesCompetitor(post.body) && !namesCompetitor(post.title));
    const [stored] = await s.t.db.query(`SELECT 1 FROM upstream_items WHERE id = 't3_s256a'`);
    assert.equal(stored, undefined, 'the post was not bought before');
    const p = await createProject(s.t.services, s.acct.userId, {
      keywords: ['nail salon'],
      competitors: ['Booksy', 'Vagaro'],
    });
    const r = await s.t.services.seo.refresh(p.id, s.clock.now());
    assert.deepEqual(r?.errors, []);
    const list = await s.t.services.insights.listSeoOpportunities(p.id);
    assert.deepEqual(
      list.map((o) => [o.post?.id, o.competitorPresent, o.competitorKnown]),
      [
        ['s256a', true, true],
        ['s256m', true, true],
      ],
    );
  });

  test('a thread read that fails is unknown (competitorKnown false), not "no competitor"', async () => {
    const { createSeoService } = await import('../src/insights/seo/seo.service.ts');
    const { createUpstreamSource } = await import('../src/upstream/index.ts');
    const { UpstreamError } = await import('../src/upstream/source.ts');
    const config = s.t.services.config;
    const real = createUpstreamSource(config, { clock: s.clock });
    const failing = {
      ...real,
      async commentTree(...args: Parameters<typeof real.commentTree>) {
        if (args[0] !== 's256m') return real.commentTree(...args);
        args[1]({ api: 'replay.comments', costUsd: 0, ok: false, error: 'HTTP 500' });
        throw new UpstreamError('replay.comments', 'HTTP 500 after 3 attempts');
      },
    };
    const seo = createSeoService({ db: s.t.db, clock: s.clock, config, upstream: failing });
    const p = await createProject(s.t.services, s.acct.userId, {
      keywords: ['nail salon'],
      competitors: ['Booksy'],
    });
    s.clock.advance(3_600_000);
    const r = await seo.refresh(p.id, s.clock.now());
    assert.equal(r?.errors.length, 1);
    assert.match(r!.errors[0]!, /^thread s256m: replay\.comments: HTTP 500/);
    const res = await getJson(s.t.baseUrl, `/api/v1/projects/${p.id}/seo-opportunities`, s.acct.restKey);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.opportunities.map((o: any) => [o.post.id, o.competitorPresent, o.competitorKnown]),
      [
        ['s256a', true, true],
        ['s256m', false, false],
      ],
    );
  });
});
