import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import {
  createScrapeCreatorsSource,
  type ScrapeCreatorsSourceOptions,
} from '../src/upstream/scrapecreators.ts';
import { type UpstreamCall, UpstreamError } from '../src/upstream/source.ts';
import { recordingSleep } from './fakes/fake-server.ts';
import { recorded } from './fakes/reddit-fake.ts';
import { SC_API_KEY, type ScrapeCreatorsFake, startScrapeCreatorsFake } from './fakes/scrapecreators-fake.ts';

/** USD per credit, per api. */
const PRICES: Record<string, number> = {
  'scrapecreators.subreddit': 0.0019,
  'scrapecreators.search': 0.0018,
  'scrapecreators.subreddit_search': 0.0017,
  'scrapecreators.post_comments': 0.0016,
};

let fake: ScrapeCreatorsFake;
before(async () => {
  fake = await startScrapeCreatorsFake();
});
after(() => fake.close());

const template = recorded('subreddit-new').body.data.children[0].data;
const base = Number.parseInt('c00000', 36);
/** 60 posts in r/saas, newest first. */
const saas = Array.from({ length: 60 }, (_, i) => {
  const id = (base + 60 - i).toString(36);
  return {
    ...template,
    id,
    name: `t3_${id}`,
    subreddit: 'SaaS',
    title: `post ${id}`,
    permalink: `/r/SaaS/comments/${id}/post/`,
    created_utc: 1_700_000_000 + 60 - i,
  };
});

beforeEach(() => {
  fake.requests.length = 0;
  fake.credits = 1000;
  fake.listings.set('saas', saas);
});

function source(overrides: Partial<ScrapeCreatorsSourceOptions> = {}) {
  const sleeper = recordingSleep();
  const calls: UpstreamCall[] = [];
  const src = createScrapeCreatorsSource({
    apiKey: SC_API_KEY,
    baseUrl: fake.url,
    priceOf: (api) => PRICES[api] ?? 1,
    timeoutMs: 2000,
    maxRetries: 2,
    sleep: sleeper.sleep,
    ...overrides,
  });
  return { src, calls, report: (c: UpstreamCall) => calls.push(c), waits: sleeper.waits };
}

test('new posts of a subreddit: x-api-key, sort=new, priced per credit, credits remembered', async () => {
  const { src, calls, report } = source();
  const got = await src.subredditNew('SaaS', null, report);
  const [req] = fake.requests;
  assert.equal(req!.path, '/v1/reddit/subreddit');
  assert.equal(req!.headers['x-api-key'], SC_API_KEY);
  assert.equal(req!.query.get('subreddit'), 'SaaS');
  assert.equal(req!.query.get('sort'), 'new');
  assert.equal(got.items.length, 25);
  assert.deepEqual(got.items[0], {
    kind: 'post',
    id: saas[0]!.id,
    postId: saas[0]!.id,
    subreddit: 'SaaS',
    title: saas[0]!.title,
    body: '',
    author: 'RedHeadQc',
    url: `https://www.reddit.com/r/SaaS/comments/${saas[0]!.id}/post/`,
    createdAt: new Date(saas[0]!.created_utc * 1000),
  });
  assert.equal(got.cursor, saas[0]!.name);
  assert.deepEqual(calls, [{ api: 'scrapecreators.subreddit', costUsd: 0.0019, ok: true }]);
  assert.equal(src.creditsRemaining(), 999);
});

test('incremental: pages with after= until it reaches the cursor, keeps only newer posts', async () => {
  const { src, calls, report } = source();
  const got = await src.subredditNew('saas', saas[40]!.name, report);
  assert.deepEqual(
    got.items.map((i) => i.id),
    saas.slice(0, 40).map((p) => p.id),
  );
  assert.deepEqual(
    fake.requests.map((r) => r.query.get('after')),
    [null, saas[24]!.name],
  );
  assert.equal(calls.length, 2);
  assert.equal(got.cursor, saas[0]!.name);

  const none = await src.subredditNew('saas', got.cursor, report);
  assert.deepEqual(none, { items: [], cursor: saas[0]!.name });
});

test('there is no subreddit comment listing: nothing is fetched or charged', async () => {
  const { src, calls, report } = source();
  assert.deepEqual(await src.subredditComments('saas', 't1_abc', report), { items: [], cursor: 't1_abc' });
  assert.equal(fake.requests.length, 0);
  assert.deepEqual(calls, []);
});

test('site-wide and subreddit search, ISO dates and subreddit objects normalized', async () => {
  const { src, calls, report } = source();
  const site = await src.search('praw oauth', {}, report);
  const recordedPosts = recorded('search-r-all').body.data.children.map((c: any) => c.data);
  assert.equal(site.items.length, recordedPosts.length);
  const r0 = recordedPosts[0];
  const first = site.items.find((i) => i.id === r0.id)!;
  assert.equal(first.subreddit, r0.subreddit);
  assert.equal(first.url, `https://www.reddit.com${r0.permalink.split('?')[0]}`);
  assert.deepEqual(first.createdAt, new Date(r0.created_utc * 1000));

  await src.search('crm', { subreddit: 'redditdev' }, report);
  const [a, b] = fake.requests;
  assert.equal(a!.path, '/v1/reddit/search');
  assert.equal(a!.query.get('query'), 'praw oauth');
  assert.equal(a!.query.get('sort'), 'new');
  assert.equal(b!.path, '/v1/reddit/subreddit/search');
  assert.equal(b!.query.get('subreddit'), 'redditdev');
  assert.deepEqual(
    calls.map((c) => [c.api, c.costUsd]),
    [
      ['scrapecreators.search', 0.0018],
      ['scrapecreators.subreddit_search', 0.0017],
    ],
  );
  await assert.rejects(src.search('q'.repeat(600), {}, report), /at most 512/);
  assert.equal(fake.requests.length, 2);
});

test('a post thread: every comment, hidden branches fetched with their cursors, post title and parents set', async () => {
  const { src, calls, report } = source();
  const items = await src.commentTree('3hahrw', report);
  const body = recorded('comments-large-tree-with-more').body;
  const all: any[] = [];
  const walk = (children: any[]) => {
    for (const c of children) {
      if (c.kind === 'more') continue;
      all.push(c.data);
      if (c.data.replies) walk(c.data.replies.data.children);
    }
  };
  walk(body[1].data.children);
  const expanded = recorded('morechildren').body.json.data.things.map((t: any) => t.data);
  const gone = (b: string) => b === '[deleted]' || b === '[removed]';
  const expected = new Set([...all, ...expanded].filter((c) => !gone(c.body)).map((c) => c.id));
  assert.deepEqual(new Set(items.map((i) => i.id)), expected);
  const byId = new Map(all.map((c) => [c.id, c]));
  for (const i of items) {
    assert.equal(i.title, 'Ba Dum Tsss');
    assert.equal(i.postId, '3hahrw');
    assert.match(i.url, /^https:\/\/www\.reddit\.com\/r\/funny\/comments\/3hahrw\/_\//);
    const original = byId.get(i.id);
    if (original) assert.equal(i.parentId, original.parent_id);
  }
  const [firstReq, ...more] = fake.requests;
  assert.equal(firstReq!.query.get('url'), 'https://www.reddit.com/comments/3hahrw/');
  assert.ok(more.length > 0 && more.every((r) => r.query.get('cursor')));
  assert.equal(calls.length, fake.requests.length);
  assert.ok(calls.every((c) => c.api === 'scrapecreators.post_comments' && c.ok && c.costUsd === 0.0016));
});

test('429 is retried after Retry-After; 500 gives up with ok:false; out of credits is a clear error', async () => {
  const { src, calls, report, waits } = source();
  fake.script({
    status: 429,
    headers: { 'retry-after': '2' },
    body: '{"success":false,"error":"Rate limited"}',
  });
  await src.subredditNew('saas', null, report);
  assert.deepEqual(waits, [2000]);
  const boom = {
    status: 500,
    body: '{"success":false,"error":"500: Playwright Comments Scraper Error: Timeout"}',
  };
  fake.script(boom, boom, boom);
  const err = await src.commentTree('2gmzqe', report).catch((e) => e);
  assert.ok(err instanceof UpstreamError);
  assert.match(err.message, /scrapecreators\.post_comments: HTTP 500.*Playwright/);
  fake.credits = 0;
  await assert.rejects(src.search('crm', {}, report), /HTTP 402.*Insufficient credits/);
  assert.deepEqual(
    calls.map((c) => [c.api, c.ok]),
    [
      ['scrapecreators.subreddit', true],
      ['scrapecreators.post_comments', false],
      ['scrapecreators.search', false],
    ],
  );
});

test('a hang times out; malformed JSON and success:false are clear errors', async () => {
  const { src, calls, report } = source({ timeoutMs: 150, maxRetries: 0 });
  fake.script({ hang: true });
  await assert.rejects(src.subredditNew('saas', null, report), /timed out after 150 ms/);
  fake.script({ status: 200, body: '{"success": true, "posts": [' });
  await assert.rejects(src.subredditNew('saas', null, report), /malformed JSON/);
  fake.script({ status: 200, body: '{"success": false, "error": "Subreddit is private"}' });
  await assert.rejects(src.subredditNew('saas', null, report), /ScrapeCreators said: Subreddit is private/);
  assert.deepEqual(
    calls.map((c) => c.ok),
    [false, false, false],
  );
  const bad = createScrapeCreatorsSource({
    apiKey: 'wrong',
    baseUrl: fake.url,
    priceOf: () => 0,
    timeoutMs: 1000,
  });
  await assert.rejects(
    bad.subredditNew('saas', null, () => {}),
    /HTTP 401.*Invalid API key/,
  );
});
