import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { createRedditSource, type RedditSourceOptions } from '../src/upstream/reddit.ts';
import { type UpstreamCall, UpstreamError } from '../src/upstream/source.ts';
import { recordingSleep } from './fakes/fake-server.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  type RedditFake,
  recorded,
  startRedditFake,
  wirePost,
} from './fakes/reddit-fake.ts';

const UA = 'node:leadscan-test:0.1.0 (by /u/leadscan_dev)';
const PRICES: Record<string, number> = {
  'reddit.subreddit_new': 0.00024,
  'reddit.subreddit_comments': 0.00025,
  'reddit.search': 0.00026,
  'reddit.comments': 0.00027,
  'reddit.morechildren': 0.00028,
  'reddit.info': 0.00029,
};

let fake: RedditFake;
before(async () => {
  fake = await startRedditFake();
});
after(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.rateLimitHeaders = {};
});

function source(overrides: Partial<RedditSourceOptions> = {}) {
  const sleeper = recordingSleep();
  const calls: UpstreamCall[] = [];
  const src = createRedditSource({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    userAgent: UA,
    apiBaseUrl: fake.url,
    authUrl: `${fake.url}/api/v1/access_token`,
    priceOf: (api) => PRICES[api] ?? 1,
    timeoutMs: 2000,
    maxRetries: 2,
    sleep: sleeper.sleep,
    ...overrides,
  });
  return { src, calls, report: (c: UpstreamCall) => calls.push(c), waits: sleeper.waits };
}

const apiRequests = () => fake.requests.filter((r) => r.path !== '/api/v1/access_token');

/** Every comment in a recorded [post, comments] thread, with more stubs. */
function walk(children: any[], comments: any[] = [], stubs: any[] = []) {
  for (const c of children) {
    if (c.kind === 'more') stubs.push(c.data);
    else {
      comments.push(c.data);
      if (c.data.replies) walk(c.data.replies.data.children, comments, stubs);
    }
  }
  return { comments, stubs };
}
const gone = (body: string) => body === '[deleted]' || body === '[removed]';

test('the user agent must be in the form Reddit requires', () => {
  for (const bad of ['python-requests/2.0', 'leadscan 1.0', 'node:leadscan:1.0 (by leadscan)']) {
    assert.throws(
      () =>
        createRedditSource({
          clientId: 'a',
          clientSecret: 'b',
          userAgent: bad,
          priceOf: () => 0,
          timeoutMs: 1,
        }),
      /user agent must look like/,
    );
  }
});

test('new posts of a subreddit: app-only token once, raw_json, normalized items, one billed call', async () => {
  const { src, calls, report } = source();
  const got = await src.subredditNew('askreddit', null, report);
  const recordedPosts = recorded('subreddit-new').body.data.children;
  assert.equal(got.items.length, recordedPosts.length);
  const first = got.items[0]!;
  assert.deepEqual(first, {
    kind: 'post',
    id: '48fbm9',
    postId: '48fbm9',
    subreddit: 'AskReddit',
    title: "[Serious] Parents of Reddit, what's the biggest lie about yourself you've told your kids?",
    body: '',
    author: 'RedHeadQc',
    url: 'https://www.reddit.com/r/AskReddit/comments/48fbm9/serious_parents_of_reddit_whats_the_biggest_lie/',
    createdAt: new Date(1456821458 * 1000),
  });
  assert.equal(got.cursor, 't3_48fbm9');
  for (const item of got.items)
    assert.match(item.url, /^https:\/\/www\.reddit\.com\/r\/AskReddit\/comments\//);

  const token = fake.requests.find((r) => r.path === '/api/v1/access_token')!;
  assert.equal(token.method, 'POST');
  assert.equal(token.headers['user-agent'], UA);
  const [listing] = apiRequests();
  assert.equal(listing!.path, '/r/askreddit/new');
  assert.equal(listing!.query.get('raw_json'), '1');
  assert.equal(listing!.query.get('limit'), '100');
  assert.equal(listing!.headers['user-agent'], UA);
  assert.deepEqual(calls, [{ api: 'reddit.subreddit_new', costUsd: 0.00024, ok: true }]);

  const tokensBefore = fake.tokensIssued();
  await src.subredditNew('askreddit', null, report);
  assert.equal(fake.tokensIssued(), tokensBefore, 'the token is cached until it expires');
});

test('new comments since a fullname cursor use before= and carry their post title', async () => {
  const { src, calls, report } = source();
  const got = await src.subredditComments('testsub', 't1_k3v0jp3', report);
  const [req] = apiRequests();
  assert.equal(req!.path, '/r/testsub/comments');
  assert.equal(req!.query.get('before'), 't1_k3v0jp3');
  assert.equal(got.items.length, 95);
  assert.equal(got.cursor, 't1_k3yrfii');
  const c = got.items[0]!;
  assert.equal(c.kind, 'comment');
  assert.equal(c.id, 'k3yrfii');
  assert.equal(c.postId, 'agi5zf');
  assert.equal(c.title, '<TEST_SUBREDDIT>');
  assert.equal(c.parentId, 't1_k3u4rtt');
  assert.equal(c.url, 'https://www.reddit.com/r/<TEST_SUBREDDIT>/comments/agi5zf/<TEST_SUBREDDIT>/k3yrfii/');
  assert.deepEqual(c.createdAt, new Date(1696754768 * 1000));
  assert.deepEqual(calls, [{ api: 'reddit.subreddit_comments', costUsd: 0.00025, ok: true }]);
});

/** n recorded-shape comments with ids counting up from `from` (base 36), newest first, as a listing has them. */
function commentListing(from: string, n: number) {
  const template = recorded('subreddit-comments-page1').body.data.children[0];
  const base = Number.parseInt(from, 36);
  return Array.from({ length: n }, (_, i) => {
    const id = (base + n - i).toString(36);
    return { kind: 't1', data: { ...template.data, id, name: `t1_${id}`, body: `comment ${id}` } };
  });
}

test('a busy listing is walked page by page toward the newest item, nothing skipped or repeated', async () => {
  const children = commentListing('k4000000', 250);
  fake.setListing('/r/busy/comments', children);
  const { src, calls, report } = source();
  const oldest = children.at(-1)!.data.name;
  const got = await src.subredditComments('busy', oldest, report);
  assert.equal(got.items.length, 249);
  assert.equal(new Set(got.items.map((i) => i.id)).size, 249);
  assert.equal(got.cursor, children[0]!.data.name);
  assert.deepEqual(
    apiRequests().map((r) => r.query.get('before')),
    [oldest, children[149]!.data.name, children[49]!.data.name],
  );
  assert.equal(calls.length, 3);
});

test('a first fetch of new posts with reachBack pages back (after=) until a page reaches past it, and no further', async () => {
  // 450 posts, one an hour, newest first: 7 days back is the 168th; the walk stops with the page holding it.
  const now = Date.UTC(2026, 11, 7, 12);
  const children = Array.from({ length: 450 }, (_, i) =>
    wirePost('weekly', `w${(1000 + 450 - i).toString(36)}`, {
      title: `post ${i}`,
      created: new Date(now - i * 3_600_000),
    }),
  );
  fake.setListing('/r/weekly/new', children);
  const { src, calls, report } = source();
  const got = await src.subredditNew('weekly', null, report, { reachBack: new Date(now - 7 * 86_400_000) });
  assert.equal(got.items.length, 200, 'two pages: the second reaches past a week');
  assert.equal(got.cursor, children[0]!.data.name);
  assert.deepEqual(
    apiRequests().map((r) => r.query.get('after')),
    [null, children[99]!.data.name],
  );
  assert.equal(calls.length, 2);
  // Without reachBack (or with a cursor) a first fetch reads its one page, as before.
  fake.requests.length = 0;
  assert.equal((await src.subredditNew('weekly', null, report)).items.length, 100);
  assert.equal(apiRequests().length, 1);
  // A walk never passes the adapter's bound (maxPages).
  fake.requests.length = 0;
  const bounded = source({ maxPages: 3 });
  const far = await bounded.src.subredditNew('weekly', null, bounded.report, { reachBack: new Date(0) });
  assert.equal(far.items.length, 300);
  assert.equal(bounded.calls.length, 3);
});

test('a walk that fails partway keeps the pages it bought; the next fetch goes on from there', async () => {
  const children = commentListing('k5000000', 250);
  fake.setListing('/r/flaky/comments', children);
  const third = new RegExp(`before=${children[49]!.data.name}`);
  fake.script(
    ...[1, 2, 3].map(() => ({ path: /^\/r\/flaky\/comments/, query: third, status: 500, body: '{}' })),
  );
  const { src, calls, report } = source();
  const oldest = children.at(-1)!.data.name;
  const got = await src.subredditComments('flaky', oldest, report);
  assert.equal(got.items.length, 200, 'the two pages bought before the failure');
  assert.equal(got.cursor, children[49]!.data.name, 'the newest item bought');
  assert.match(got.stoppedBy ?? '', /HTTP 500.*gave up after 3 attempts/);
  assert.deepEqual(
    calls.map((c) => c.ok),
    [true, true, false],
  );
  const rest = await src.subredditComments('flaky', got.cursor, report);
  assert.equal(rest.items.length, 49);
  assert.equal(rest.stoppedBy, undefined);
  assert.equal(
    new Set([...got.items, ...rest.items].map((i) => i.id)).size,
    249,
    'nothing bought twice or lost',
  );
});

test('a cursor whose item was deleted still yields what is newer than it', async () => {
  const { src, calls, report } = source();
  const got = await src.subredditComments('testsub', 't1_k3v0jp4', report);
  assert.equal(got.items.length, 95);
  assert.equal(got.cursor, 't1_k3yrfii');
  assert.equal(calls.length, 2);
});

test("a cross-post names the post it cross-posts and reads as its parent's text; a removed parent gives none", async () => {
  const { src, report } = source();
  const created = new Date('2026-03-01T10:00:00Z');
  const parent = wirePost('salonowners', 'par1', {
    title: 'Deposits?',
    selftext: 'Our salon needs deposits.',
    created,
  });
  const xpost = (id: string, parentData: object) =>
    wirePost('hairstylist', id, {
      title: 'Deposits?',
      selftext: '',
      created,
      crosspost_parent: 't3_par1',
      crosspost_parent_list: [parentData],
    });
  fake.setListing('/r/hairstylist/new', [
    xpost('xp1', parent.data),
    xpost('xp2', { ...parent.data, selftext: '[removed]', removed_by_category: 'moderator' }),
  ]);
  const { items } = await src.subredditNew('hairstylist', null, report);
  assert.deepEqual(
    items.map((i) => [i.id, i.crosspostOf, i.body]),
    [
      ['xp1', 'par1', 'Our salon needs deposits.'],
      ['xp2', 'par1', ''],
    ],
  );
});

test('search: site-wide and in one subreddit, newest first, query limited to 512 characters', async () => {
  const { src, calls, report } = source();
  const got = await src.search('praw oauth search', {}, report);
  assert.equal(got.items.length, recorded('search-r-all').body.data.children.length);
  for (const item of got.items) {
    assert.equal(item.kind, 'post');
    assert.match(item.url, /^https:\/\/www\.reddit\.com\/r\//);
  }
  await src.search('"buy" OR "hire"', { subreddit: 'smallbusiness', since: new Date(0) }, report);
  const [site, sub] = apiRequests();
  assert.equal(site!.path, '/search');
  assert.equal(site!.query.get('q'), 'praw oauth search');
  assert.equal(site!.query.get('sort'), 'new');
  assert.equal(sub!.path, '/r/smallbusiness/search');
  assert.equal(sub!.query.get('restrict_sr'), 'true');
  assert.equal(sub!.query.get('t'), 'all');
  assert.deepEqual(
    calls.map((c) => c.api),
    ['reddit.search', 'reddit.search'],
  );

  await assert.rejects(src.search('x'.repeat(513), {}, report), /at most 512/);
  assert.equal(apiRequests().length, 2, 'an over-long query is never sent');
});

test('a small comment tree takes its post title and builds full permalinks', async () => {
  const { src, calls, report } = source();
  const items = await src.commentTree('2gmzqe', report);
  assert.equal(items.length, 2);
  for (const c of items) {
    assert.equal(c.kind, 'comment');
    assert.equal(c.postId, '2gmzqe');
    assert.equal(c.title, '[PRAW] HTTPS enabled PRAW testing needed');
    assert.match(c.url, new RegExp(`^https://www\\.reddit\\.com/r/redditdev/comments/2gmzqe/_/${c.id}/$`));
  }
  assert.deepEqual(calls, [{ api: 'reddit.comments', costUsd: 0.00027, ok: true }]);
});

test('a large tree: every comment is returned, more stubs expanded one morechildren call at a time', async () => {
  const { src, calls, report } = source();
  const items = await src.commentTree('t3_3hahrw', report);

  const body = recorded('comments-large-tree-with-more').body;
  const { comments, stubs } = walk(body[1].data.children);
  const expanded = recorded('morechildren').body.json.data.things.map((t: any) => t.data);
  const expected = new Set([...comments, ...expanded].filter((c) => !gone(c.body)).map((c) => c.id));
  assert.deepEqual(new Set(items.map((i) => i.id)), expected);
  assert.equal(items.length, expected.size, 'no comment twice');
  for (const i of items) {
    assert.equal(i.title, 'Ba Dum Tsss');
    assert.equal(i.postId, '3hahrw');
  }
  const authorless = [...comments, ...expanded].filter((c) => c.author === '[deleted]' && !gone(c.body));
  assert.ok(authorless.length > 0);
  assert.deepEqual(
    items
      .filter((i) => i.author === null)
      .map((i) => i.id)
      .sort(),
    authorless.map((c) => c.id).sort(),
    'deleted authors become null; deleted bodies are left out',
  );

  const more = apiRequests().filter((r) => r.path === '/api/morechildren');
  const asked = more.flatMap((r) => new URLSearchParams(r.body).get('children')!.split(','));
  const stubChildren = stubs.flatMap((s: any) => s.children);
  assert.deepEqual(asked.sort(), [...stubChildren].sort(), 'every stub child is asked for exactly once');
  for (const r of more) {
    const form = new URLSearchParams(r.body);
    assert.equal(r.method, 'POST');
    assert.equal(form.get('link_id'), 't3_3hahrw');
    assert.equal(form.get('api_type'), 'json');
  }
  const continued = apiRequests().filter((r) => r.path === '/comments/3hahrw' && r.query.get('comment'));
  assert.equal(continued.length, stubs.filter((s: any) => s.children.length === 0).length);
  assert.equal(calls.length, apiRequests().length, 'every call is reported');
  assert.equal(calls.filter((c) => c.api === 'reddit.morechildren').length, more.length);
  assert.ok(calls.every((c) => c.ok && c.costUsd === PRICES[c.api]));
});

test('more stubs of over 100 children go out in batches of 100, never two at once', async () => {
  const small = recorded('comments-small-tree').body;
  const template = small[1].data.children[0].data;
  const ids = Array.from({ length: 250 }, (_, i) => `zz${i.toString(36).padStart(3, '0')}`);
  for (const id of ids) {
    fake.hidden.set(id, {
      kind: 't1',
      data: { ...template, id, name: `t1_${id}`, link_id: 't3_big1', parent_id: 't3_big1', replies: '' },
    });
  }
  const more = {
    kind: 'more',
    data: { count: 250, parent_id: 't3_big1', children: ids, name: 't1_x', id: 'x' },
  };
  for (const postId of ['big1', 'big2']) {
    fake.setThread(postId, [
      {
        ...small[0],
        data: {
          ...small[0].data,
          children: [{ kind: 't3', data: { ...small[0].data.children[0].data, id: postId } }],
        },
      },
      { kind: 'Listing', data: { ...small[1].data, children: [...small[1].data.children, more] } },
    ]);
  }
  const { src, report } = source();
  const [a, b] = await Promise.all([src.commentTree('big1', report), src.commentTree('big2', report)]);
  assert.equal(a.length, 252);
  assert.equal(b.length, 252);
  const batches = apiRequests()
    .filter((r) => r.path === '/api/morechildren')
    .map((r) => new URLSearchParams(r.body).get('children')!.split(',').length);
  assert.deepEqual(
    batches.sort((x, y) => y - x),
    [100, 100, 100, 100, 50, 50],
  );
  assert.equal(fake.maxInFlight('/api/morechildren'), 1);
});

test('rate-limit headers near zero make it wait for the window reset before Reddit would say 429', async () => {
  const { src, report, waits } = source();
  fake.rateLimitHeaders = {
    'x-ratelimit-remaining': '0.0',
    'x-ratelimit-reset': '7',
    'x-ratelimit-used': '600',
  };
  await src.subredditNew('askreddit', null, report);
  assert.deepEqual(waits, []);
  fake.rateLimitHeaders = {
    'x-ratelimit-remaining': '599.0',
    'x-ratelimit-reset': '600',
    'x-ratelimit-used': '1',
  };
  await src.subredditNew('askreddit', null, report);
  assert.equal(waits.length, 1);
  assert.ok(waits[0]! > 6000 && waits[0]! <= 7000, `waited ${waits[0]} ms for a 7 s reset`);
});

test('429 with Retry-After is retried after the asked wait; past the retries the call gives up cleanly', async () => {
  const { src, calls, report, waits } = source();
  fake.script(
    { status: 429, headers: { 'retry-after': '3' }, body: '{"message":"Too Many Requests","error":429}' },
    { status: 429, headers: { 'retry-after': '4' }, body: '{"message":"Too Many Requests","error":429}' },
  );
  await src.subredditNew('askreddit', null, report);
  assert.deepEqual(waits, [3000, 4000]);
  assert.deepEqual(calls, [{ api: 'reddit.subreddit_new', costUsd: 0.00024, ok: true }]);

  calls.length = 0;
  fake.requests.length = 0;
  const tooMany = { status: 429, headers: { 'retry-after': '1' }, body: '{"error":429}' };
  fake.script(tooMany, tooMany, tooMany);
  const err = await src.subredditNew('askreddit', null, report).catch((e) => e);
  assert.ok(err instanceof UpstreamError);
  assert.match(err.message, /reddit\.subreddit_new: HTTP 429.*gave up after 3 attempts/);
  assert.equal(apiRequests().length, 3);
  assert.equal(calls.length, 1);
  assert.equal(calls[0]!.ok, false);
  assert.equal(calls[0]!.costUsd, 0);
  assert.match(calls[0]!.error!, /429/);

  const next = await src.subredditNew('askreddit', null, report);
  assert.ok(next.items.length > 0, 'the source goes on after a failed call');
});

test('500 is retried with backoff, then reported as failed', async () => {
  const { src, calls, report, waits } = source();
  const boom = { status: 500, body: '{"message":"Internal Server Error","error":500}' };
  fake.script(boom, boom, boom);
  await assert.rejects(src.search('crm', {}, report), (e: unknown) => {
    assert.ok(e instanceof UpstreamError);
    assert.match(e.message, /HTTP 500/);
    return true;
  });
  assert.deepEqual(waits, [500, 1000]);
  assert.deepEqual(
    calls.map((c) => [c.api, c.ok]),
    [['reddit.search', false]],
  );
});

test('a hanging Reddit times out with a clear error', async () => {
  const { src, calls, report } = source({ timeoutMs: 150, maxRetries: 1 });
  fake.script({ hang: true, path: /comments/ }, { hang: true, path: /comments/ });
  await assert.rejects(
    src.commentTree('2gmzqe', report),
    /reddit\.comments: timed out after 150 ms; gave up after 2/,
  );
  assert.deepEqual(
    calls.map((c) => [c.api, c.ok]),
    [['reddit.comments', false]],
  );
});

test('a subreddit Reddit will not list is named with the reason, at once, not retried as a network error', async () => {
  const { src, calls, report, waits } = source();
  const cases: [string, object, RegExp][] = [
    [
      'nosuchsub',
      { status: 302, headers: { location: 'https://oauth.reddit.com/subreddits/search.json?q=nosuchsub' } },
      /reddit\.subreddit_new: r\/nosuchsub does not exist on Reddit/,
    ],
    [
      'secretclub',
      { status: 403, body: '{"reason": "private", "message": "Forbidden", "error": 403}' },
      /r\/secretclub is private on Reddit/,
    ],
    [
      'bannedsub',
      { status: 404, body: '{"reason": "banned", "message": "Not Found", "error": 404}' },
      /r\/bannedsub is banned on Reddit/,
    ],
  ];
  for (const [sub, reply, message] of cases) {
    fake.requests.length = 0;
    fake.script({ ...reply, path: new RegExp(`^/r/${sub}/new`) });
    await assert.rejects(src.subredditNew(sub, null, report), message);
    assert.equal(apiRequests().length, 1, `${sub}: one request, no retries`);
  }
  assert.deepEqual(waits, []);
  assert.deepEqual(
    calls.map((c) => c.ok),
    [false, false, false],
  );
});

test('malformed JSON is a clear error, not retried', async () => {
  const { src, calls, report } = source();
  fake.script({ status: 200, body: '{"kind": "Listing", "data": {"children": [', path: /^\/r\// });
  await assert.rejects(src.subredditComments('testsub', null, report), /malformed JSON/);
  assert.equal(apiRequests().length, 1);
  assert.equal(calls[0]!.ok, false);
  assert.match(calls[0]!.error!, /reddit\.subreddit_comments: malformed JSON/);
});

test('an expired token (401) is refreshed once and the call goes through', async () => {
  const { src, calls, report } = source();
  await src.subredditNew('askreddit', null, report);
  const issued = fake.tokensIssued();
  fake.script({ status: 401, body: '{"message":"Unauthorized","error":401}', path: /^\/r\// });
  await src.subredditNew('askreddit', null, report);
  assert.equal(fake.tokensIssued(), issued + 1);
  assert.deepEqual(
    calls.map((c) => c.ok),
    [true, true],
  );
});

test('an injected fetch is used and every attempt carries an AbortSignal for its timeout', async () => {
  const signals: unknown[] = [];
  const { src, report } = source({
    fetch: (input, init) => {
      signals.push(init?.signal);
      return fetch(input, init);
    },
  });
  await src.subredditNew('askreddit', null, report);
  assert.equal(signals.length, 2, 'token and listing');
  assert.ok(signals.every((s) => s instanceof AbortSignal));
});

test('wrong app credentials: a clear error reported under the call that needed the token', async () => {
  const { src, calls, report } = source({ clientSecret: 'wrong' });
  await assert.rejects(src.subredditNew('askreddit', null, report), /reddit\.token: HTTP 401/);
  assert.equal(calls.length, 1);
  assert.equal(calls[0]!.api, 'reddit.subreddit_new');
  assert.equal(calls[0]!.ok, false);
  assert.equal(apiRequests().length, 0, 'no data request without a token');
});

test('bad arguments are clear errors before any request', async () => {
  const { src, report } = source();
  await assert.rejects(src.subredditNew('no spaces allowed', null, report), /invalid subreddit name/);
  await assert.rejects(src.subredditComments('askreddit', 'not-a-fullname', report), /invalid cursor/);
  await assert.rejects(src.commentTree('../etc', report), /invalid post id/);
  await assert.rejects(src.search('   ', {}, report), /query is empty/);
  assert.equal(apiRequests().length, 0);
});

test('a tree tells which of its comments were deleted or removed, without a call more (ADR 0103)', async () => {
  const { src, calls, report } = source();
  const seen: string[] = [];
  const items = await src.commentTree(
    't3_3hahrw',
    Object.assign(report, { gone: (n: string[]) => seen.push(...n) }),
  );
  const body = recorded('comments-large-tree-with-more').body;
  const expanded = recorded('morechildren').body.json.data.things.map((t: any) => t.data);
  const deleted = [...walk(body[1].data.children).comments, ...expanded].filter((c) => gone(c.body));
  assert.ok(deleted.length > 0, 'the recording has deleted comments');
  assert.deepEqual(new Set(seen), new Set(deleted.map((c) => `t1_${c.id}`)));
  assert.ok(items.every((i) => !seen.includes(`t1_${i.id}`)));
  assert.ok(calls.every((c) => c.api !== 'reddit.info'));
});

test('lookup asks /api/info 100 fullnames a call; deleted, removed and live items told apart, unknown ones left out', async () => {
  const children = recorded('subreddit-new')
    .body.data.children.slice(0, 3)
    .map((c: any, i: number) => ({
      ...c,
      data: { ...c.data, id: `lk${i}`, name: `t3_lk${i}`, removed_by_category: null },
    }));
  fake.setListing('/r/lookups/new', children);
  fake.deleteThing('t3_lk0', 'author');
  fake.deleteThing('t3_lk1', 'moderator');
  const { src, calls, report } = source();
  const unknown = Array.from({ length: 147 }, (_, i) => `t3_none${i}`);
  const looked = await src.lookup!(['t3_lk0', 't3_lk1', 't3_lk2', ...unknown], report);
  assert.deepEqual(looked.gone.sort(), ['t3_lk0', 't3_lk1']);
  assert.deepEqual(
    looked.items.map((i) => i.id),
    ['lk2'],
  );
  const asked = apiRequests().filter((r) => r.path === '/api/info');
  assert.deepEqual(
    asked.map((r) => r.query.get('id')!.split(',').length),
    [100, 50],
  );
  assert.ok(asked.every((r) => r.query.get('raw_json') === '1'));
  assert.deepEqual(calls, [
    { api: 'reddit.info', costUsd: 0.00029, ok: true },
    { api: 'reddit.info', costUsd: 0.00029, ok: true },
  ]);
  await assert.rejects(src.lookup!(['t3_../x'], report), /invalid cursor/);
});
