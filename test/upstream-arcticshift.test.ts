import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { type ArcticShiftSourceOptions, createArcticShiftSource } from '../src/upstream/arcticshift.ts';
import { type UpstreamCall, UpstreamError } from '../src/upstream/source.ts';
import { type ArcticShiftFake, startArcticShiftFake } from './fakes/arcticshift-fake.ts';
import { recordingSleep } from './fakes/fake-server.ts';
import { recorded } from './fakes/reddit-fake.ts';

const PRICES: Record<string, number> = {
  'arcticshift.posts_search': 0.0001,
  'arcticshift.comments_search': 0.0002,
  'arcticshift.posts_ids': 0.0003,
  'arcticshift.comments_ids': 0.0004,
  'arcticshift.comments_tree': 0.0005,
};

let fake: ArcticShiftFake;
before(async () => {
  fake = await startArcticShiftFake();
});
after(() => fake.close());

/** Arctic Shift serves bare Reddit objects; the recorded Reddit responses give real ones (minus link_title). */
const bare = (children: any[]) =>
  children.map((c) => {
    const { link_title: _drop, replies: _r, ...data } = c.data;
    return data;
  });

const BASE = 1_700_000_000;
const busyPosts = Array.from({ length: 250 }, (_, i) => ({
  ...recorded('subreddit-new').body.data.children[0].data,
  id: `b${i.toString(36).padStart(4, '0')}`,
  name: `t3_b${i.toString(36).padStart(4, '0')}`,
  subreddit: 'busy',
  title: `busy post ${i}`,
  permalink: `/r/busy/comments/b${i.toString(36).padStart(4, '0')}/busy_post/`,
  created_utc: BASE + Math.floor(i / 2), // two posts a second
}));

beforeEach(() => {
  fake.requests.length = 0;
  fake.extraHeaders = {};
  const askPosts = bare(recorded('subreddit-new').body.data.children);
  const comments = bare(recorded('subreddit-comments-page1').body.data.children).map((c) => ({
    ...c,
    subreddit: 'testsub',
  }));
  const linkIds = [...new Set(comments.map((c) => c.link_id.slice(3)))];
  const parents = linkIds.map((id, i) => ({
    ...askPosts[0],
    id,
    subreddit: 'testsub',
    title: `post ${id}`,
    created_utc: 1 + i,
  }));
  const large = recorded('comments-large-tree-with-more').body;
  fake.posts = [...askPosts, ...busyPosts, ...parents, { ...large[0].data.children[0].data }];
  fake.comments = [...comments, ...bare(recorded('morechildren').body.json.data.things)];
  fake.trees.set('t3_3hahrw', large[1].data.children);
});

function source(overrides: Partial<ArcticShiftSourceOptions> = {}) {
  const sleeper = recordingSleep();
  const calls: UpstreamCall[] = [];
  const src = createArcticShiftSource({
    baseUrl: fake.url,
    priceOf: (api) => PRICES[api] ?? 1,
    timeoutMs: 2000,
    maxRetries: 2,
    sleep: sleeper.sleep,
    ...overrides,
  });
  return { src, calls, report: (c: UpstreamCall) => calls.push(c), waits: sleeper.waits };
}

test('the newest posts of a subreddit, normalized, with a time cursor', async () => {
  const { src, calls, report } = source();
  const got = await src.subredditNew('AskReddit', null, report);
  const [req] = fake.requests;
  assert.equal(req!.path, '/api/posts/search');
  assert.equal(req!.query.get('subreddit'), 'AskReddit');
  assert.equal(req!.query.get('sort'), 'desc');
  assert.equal(req!.query.get('limit'), '100');
  assert.equal(got.items.length, 100);
  const post = got.items.find((i) => i.id === '48fbm9')!;
  assert.equal(
    post.title,
    "[Serious] Parents of Reddit, what's the biggest lie about yourself you've told your kids?",
  );
  assert.equal(
    post.url,
    'https://www.reddit.com/r/AskReddit/comments/48fbm9/serious_parents_of_reddit_whats_the_biggest_lie/',
  );
  assert.deepEqual(post.createdAt, new Date(1456821458 * 1000));
  assert.equal(post.author, 'RedHeadQc');
  const newest = Math.max(...got.items.map((i) => i.createdAt.getTime() / 1000));
  assert.match(got.cursor!, new RegExp(`^${newest}:`));
  assert.deepEqual(calls, [{ api: 'arcticshift.posts_search', costUsd: 0.0001, ok: true }]);
});

test('a first fetch with reachBack pages back (before=) to it, neither skipping nor repeating posts of one second', async () => {
  const { src, calls, report } = source();
  // Two posts a second over 125 seconds, newest first 100 a page: the second page reaches second 26, past 40.
  const got = await src.subredditNew('busy', null, report, { reachBack: new Date((BASE + 40) * 1000) });
  const ids = got.items.map((i) => i.id);
  assert.equal(new Set(ids).size, ids.length, 'no post twice');
  assert.deepEqual(new Set(ids), new Set(busyPosts.slice(52).map((p) => p.id)), 'none skipped');
  const times = got.items.map((i) => i.createdAt.getTime());
  assert.deepEqual(
    times,
    [...times].sort((a, b) => a - b),
    'oldest first',
  );
  assert.equal(calls.length, 2);
  assert.deepEqual(
    fake.requests.map((r) => [r.query.get('sort'), r.query.get('before')]),
    [
      ['desc', null],
      ['desc', String(BASE + 76)],
    ],
  );
  assert.match(got.cursor!, new RegExp(`^${BASE + 124}:`));
});

test('incremental fetches page by time and neither skip nor repeat items that share a second', async () => {
  const { src, calls, report } = source();
  const cursor = `${BASE + 4}:${busyPosts[8]!.id},${busyPosts[9]!.id}`;
  const got = await src.subredditNew('busy', cursor, report);
  assert.deepEqual(
    got.items.map((i) => i.id),
    busyPosts.slice(10).map((p) => p.id),
  );
  assert.equal(calls.length, 3);
  assert.ok(fake.requests.every((r) => r.query.get('sort') === 'asc'));
  assert.equal(got.cursor, `${BASE + 124}:${busyPosts[248]!.id},${busyPosts[249]!.id}`);

  const again = await src.subredditNew('busy', got.cursor, report);
  assert.deepEqual(again.items, []);
  assert.equal(again.cursor, got.cursor, 'nothing new keeps the cursor');
});

test('a walk that fails partway keeps the pages it bought; the next fetch goes on from there', async () => {
  const { src, calls, report } = source();
  const cursor = `${BASE + 4}:${busyPosts[8]!.id},${busyPosts[9]!.id}`;
  // Every page after the first fails (three attempts each).
  const later = new RegExp(`after=(?!${BASE + 3}&)`);
  fake.script(...[1, 2, 3].map(() => ({ query: later, status: 500, body: '{"error":"boom"}' })));
  const got = await src.subredditNew('busy', cursor, report);
  assert.deepEqual(
    got.items.map((i) => i.id),
    busyPosts.slice(10, 108).map((p) => p.id),
    'the first page, bought before the failure',
  );
  assert.match(got.stoppedBy ?? '', /HTTP 500/);
  assert.deepEqual(
    calls.map((c) => c.ok),
    [true, false],
  );
  const rest = await src.subredditNew('busy', got.cursor, report);
  assert.deepEqual(
    rest.items.map((i) => i.id),
    busyPosts.slice(108).map((p) => p.id),
    'the next fetch reads on from the last item bought, nothing repeated or skipped',
  );
  assert.equal(rest.stoppedBy, undefined);
});

test('a malformed row is left out and named; the cursor stays readable', async () => {
  // Found by a hostile run (issue 35): {"id": null, "created_utc": "yesterday"} made the cursor "NaN:".
  const { src, report } = source();
  const good = busyPosts.slice(0, 3).map((p) => ({ ...p, subreddit: 'broken' }));
  fake.posts = [
    ...good,
    { ...good[0], id: null, name: null, created_utc: 'yesterday' },
    { ...good[1], id: 'NOT-AN-ID', created_utc: BASE + 9 },
  ];
  const got = await src.subredditNew('broken', null, report);
  assert.deepEqual(
    got.items.map((i) => i.id).sort(),
    good.map((p) => p.id),
  );
  assert.equal(got.cursor, `${BASE + 1}:${good[2]!.id}`);
  assert.equal(got.problems?.length, 1);
  assert.match(
    got.problems![0]!,
    /^left out 2 items that could not be read \(id (null|"NOT-AN-ID"), created_utc/,
  );
  fake.posts.push({ ...good[0], id: 'zz001', created_utc: BASE + 50 });
  const next = await src.subredditNew('broken', got.cursor, report);
  assert.deepEqual(
    next.items.map((i) => i.id),
    ['zz001'],
  );
  assert.equal(next.cursor, `${BASE + 50}:zz001`);
});

test('a stored cursor that cannot be read starts again from the newest items, and says so', async () => {
  const { src, report } = source();
  const got = await src.subredditNew('busy', 'NaN:', report);
  assert.equal(got.items.length, 100);
  assert.match(got.cursor!, /^\d+:[a-z0-9,]+$/);
  assert.deepEqual(got.problems, [
    'the stored cursor "NaN:" could not be read; started again from the newest items',
  ]);
});

test('new comments get their post titles from one id lookup', async () => {
  const { src, calls, report } = source();
  const got = await src.subredditComments('testsub', null, report);
  assert.equal(got.items.length, 100);
  for (const c of got.items) {
    assert.equal(c.kind, 'comment');
    assert.equal(c.title, `post ${c.postId}`);
    assert.match(c.url, /^https:\/\/www\.reddit\.com\/r\//);
    assert.match(c.parentId!, /^t[13]_/);
  }
  assert.deepEqual(
    calls.map((c) => c.api),
    ['arcticshift.comments_search', 'arcticshift.posts_ids'],
  );
});

test('search needs a subreddit; with one it sends query and after', async () => {
  const { src, calls, report } = source();
  await assert.rejects(src.search('crm', {}, report), /cannot search all of Reddit/);
  assert.equal(fake.requests.length, 0);
  await assert.rejects(src.search('x'.repeat(513), { subreddit: 'busy' }, report), /at most 512/);

  const got = await src.search(
    'busy post',
    { subreddit: 'busy', since: new Date((BASE + 120) * 1000) },
    report,
  );
  const [req] = fake.requests;
  assert.equal(req!.query.get('query'), 'busy post');
  assert.equal(req!.query.get('after'), String(BASE + 120));
  assert.equal(got.items.length, 8);
  assert.deepEqual(calls, [{ api: 'arcticshift.posts_search', costUsd: 0.0001, ok: true }]);
});

test('a comment tree in one call; collapsed branches come back by id', async () => {
  const { src, calls, report } = source();
  const items = await src.commentTree('3hahrw', report);
  const large = recorded('comments-large-tree-with-more').body;
  const all: any[] = [];
  const stubs: string[] = [];
  const walk = (children: any[]) => {
    for (const c of children) {
      if (c.kind === 'more') stubs.push(...c.data.children);
      else {
        all.push(c.data);
        if (c.data.replies) walk(c.data.replies.data.children);
      }
    }
  };
  walk(large[1].data.children);
  const expanded = recorded('morechildren').body.json.data.things.map((t: any) => t.data);
  const gone = (b: string) => b === '[deleted]' || b === '[removed]';
  const expected = new Set([...all, ...expanded].filter((c) => !gone(c.body)).map((c) => c.id));
  assert.deepEqual(new Set(items.map((i) => i.id)), expected);
  assert.ok(items.every((i) => i.title === 'Ba Dum Tsss' && i.postId === '3hahrw'));
  const tree = fake.requests.find((r) => r.path === '/api/comments/tree')!;
  assert.equal(tree.query.get('link_id'), 't3_3hahrw');
  const byId = fake.requests.find((r) => r.path === '/api/comments/ids')!;
  assert.deepEqual(byId.query.get('ids')!.split(',').sort(), [...new Set(stubs)].sort());
  assert.deepEqual(
    calls.map((c) => c.api),
    ['arcticshift.comments_tree', 'arcticshift.comments_ids', 'arcticshift.posts_ids'],
  );
});

test('rate-limit headers near zero make it wait for the reset', async () => {
  const { src, report, waits } = source();
  fake.extraHeaders = { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '5' };
  await src.subredditNew('busy', null, report);
  fake.extraHeaders = {};
  await src.subredditNew('busy', null, report);
  assert.equal(waits.length, 1);
  assert.ok(waits[0]! > 4000 && waits[0]! <= 5000);
});

test('429 and 500 are retried, then the call gives up with ok:false', async () => {
  const { src, calls, report, waits } = source();
  fake.script({ status: 429, headers: { 'retry-after': '2' }, body: '{"error":"Too many requests"}' });
  await src.subredditNew('busy', null, report);
  assert.deepEqual(waits, [2000]);
  const boom = { status: 500, body: '{"error":"Internal server error"}' };
  fake.script(boom, boom, boom);
  const err = await src.subredditComments('testsub', null, report).catch((e) => e);
  assert.ok(err instanceof UpstreamError);
  assert.match(err.message, /arcticshift\.comments_search: HTTP 500/);
  assert.deepEqual(
    calls.map((c) => [c.api, c.ok, c.costUsd]),
    [
      ['arcticshift.posts_search', true, 0.0001],
      ['arcticshift.comments_search', false, 0],
    ],
  );
});

test('a hang times out, malformed JSON and an {error} body are clear errors', async () => {
  const { src, calls, report } = source({ timeoutMs: 150, maxRetries: 0 });
  fake.script({ hang: true });
  await assert.rejects(src.subredditNew('busy', null, report), /timed out after 150 ms/);
  fake.script({ status: 200, body: '{"data": [' });
  await assert.rejects(src.subredditNew('busy', null, report), /malformed JSON/);
  fake.script({ status: 200, body: '{"error":"Query timed out"}' });
  await assert.rejects(src.subredditNew('busy', null, report), /Arctic Shift said: Query timed out/);
  assert.deepEqual(
    calls.map((c) => c.ok),
    [false, false, false],
  );
});
