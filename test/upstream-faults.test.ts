// Upstream faults met by a whole scan over the network adapter (Reddit's, against the local fake): 429, 500,
// garbage JSON, a connection reset and a hang. The scan backs off, records each failed listing, goes on with
// the others, and the next scan reads what the failed ones missed. A webhook receiver that resets costs only
// its own deliveries.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createArcticShiftSource } from '../src/upstream/arcticshift.ts';
import { createRedditSource } from '../src/upstream/reddit.ts';
import { startArcticShiftFake } from './fakes/arcticshift-fake.ts';
import { CLIENT_ID, CLIENT_SECRET, type RedditFake, startRedditFake, wirePost } from './fakes/reddit-fake.ts';
import {
  announceLeads,
  createAccount,
  createProject,
  insertLeads,
  scansOver,
  startTestApp,
  type TestApp,
  testConfig,
} from './harness.ts';
import { makeTestCa, type Receiver, startReceiver } from './receivers.ts';

let fake: RedditFake;
let t: TestApp;
const receivers: Receiver[] = [];
before(async () => {
  fake = await startRedditFake();
  t = await startTestApp({
    config: { webhooks: { ...testConfig().webhooks, allowPrivate: true, extraCaPem: ca.caPem } },
  });
});
after(async () => {
  for (const r of receivers) await r.close();
  await t.close();
  await fake.close();
});

const ca = makeTestCa();

/** A scans service over the Reddit adapter against the local fake, with the adapter's timing given. */
function redditScans(timing: { timeoutMs: number; sleep: (ms: number) => Promise<void> }) {
  const upstream = createRedditSource({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    userAgent: 'node:leadscan-test:0.1.0 (by /u/leadscan_dev)',
    apiBaseUrl: fake.url,
    authUrl: `${fake.url}/api/v1/access_token`,
    priceOf: () => 0.00024,
    maxRetries: 2,
    ...timing,
  });
  return scansOver(t, upstream);
}

test('429, 500, garbage JSON, a reset and a hang: recorded per listing, backed off, the scan goes on', async () => {
  const waits: number[] = [];
  const scans = redditScans({
    timeoutMs: 400,
    sleep: async (ms) => {
      waits.push(ms);
      await delay(Math.min(ms, 20));
    },
  });
  const acct = await createAccount(t.services);
  const project = await createProject(t.services, acct.userId, {
    // Nothing matches, so the scan reads only its six listings (no comment threads).
    keywords: ['zzqx-no-match'],
    subreddits: ['one', 'two', 'three'],
  });
  const retried = Array.from({ length: 3 });
  fake.script(
    { path: /^\/r\/one\/comments/, status: 429, headers: { 'retry-after': '1' } },
    ...retried.map(() => ({ path: /^\/r\/one\/new/, status: 500, body: '{"message":"boom"}' })),
    { path: /^\/r\/two\/comments/, body: '{"kind": "Listing", "data": {oops' },
    ...retried.map(() => ({ path: /^\/r\/two\/new/, reset: true })),
    ...retried.map(() => ({ path: /^\/r\/three\/comments/, hang: true })),
  );
  const first = await scans.waitForScan((await scans.requestScan(project.id, 'tool')).scanId, 60_000);
  assert.equal(first.status, 'done');
  const failed = first.errors.map((e) => e.split(':').slice(0, 2).join(':'));
  assert.deepEqual(failed.sort(), ['comments:three', 'comments:two', 'new:one', 'new:two']);
  const byListing = (l: string) => first.errors.find((e) => e.startsWith(`${l}:`))!;
  assert.match(byListing('new:one'), /HTTP 500.*gave up after 3 attempts/);
  assert.match(byListing('comments:two'), /JSON/i);
  assert.match(byListing('new:two'), /socket|reset|fetch failed|terminated/i);
  assert.match(byListing('comments:three'), /timed out after 400 ms/);
  // The 429 was waited out (Retry-After: 1 s) and the listing read; the others backed off between attempts:
  // 2 backoffs (500 ms, 1 s) for each of the three listings that failed 3 times. Listings run side by side, so
  // the waits interleave in any order.
  assert.deepEqual(
    [...waits].sort((a, b) => a - b),
    [500, 500, 500, 1000, 1000, 1000, 1000],
    `waits ${waits}`,
  );
  const fetched = await t.db.query<{ listing: string }>(
    'SELECT DISTINCT listing FROM upstream_fetches WHERE project_id = $1 ORDER BY 1',
    [project.id],
  );
  assert.deepEqual(
    fetched.map((f) => f.listing),
    ['comments:one', 'new:three'],
  );
  // Usage counts the four failed listings as failed (nothing bought, $0), not as calls fetched and paid for.
  const usage = await t.services.usage.getUsage(project.id);
  assert.deepEqual(
    { calls: usage.calls, fetched: usage.fetched, failed: usage.failed, costUsd: usage.costUsd },
    { calls: 2, fetched: 2, failed: 4, costUsd: 0.00048 },
  );
  const report = await t.services.usage.usageReport(acct.userId, project.id, 1);
  assert.deepEqual([report.totals.calls, report.totals.fetched, report.totals.failed], [2, 2, 4]);

  // The next scan, with the upstream healthy again, reads every listing the first one could not.
  await t.db.query(`UPDATE scans SET created_at = created_at - interval '1 day' WHERE project_id = $1`, [
    project.id,
  ]);
  const second = await scans.waitForScan((await scans.requestScan(project.id, 'tool')).scanId, 60_000);
  assert.deepEqual(second.errors, []);
  const after = await t.db.query<{ listing: string }>(
    `SELECT DISTINCT listing FROM upstream_fetches WHERE project_id = $1 AND listing NOT LIKE 'thread:%' ORDER BY 1`,
    [project.id],
  );
  assert.equal(after.length, 6);
  await scans.drain();
});

test('a listing walk that fails partway keeps what it bought, says so, and the next scan reads on', async () => {
  const scans = redditScans({ timeoutMs: 2000, sleep: async () => {} });
  const base = Number.parseInt('w0000', 36);
  const now = Date.now();
  // 251 posts, newest first; the oldest is there before the first scan, the 250 others come after it.
  const posts = Array.from({ length: 251 }, (_, i) => {
    const id = (base + 250 - i).toString(36);
    return wirePost('walk', id, { title: `walk post ${id}`, created: new Date(now - (600 + i) * 1000) });
  });
  fake.setListing('/r/walk/new', posts.slice(-1));
  fake.setListing('/r/walk/comments', []);
  const acct = await createAccount(t.services);
  const project = await createProject(t.services, acct.userId, {
    keywords: ['zzqx-no-match'],
    subreddits: ['walk'],
  });
  const scan = async () => {
    // Past the freshness window: each scan buys the listings again.
    await t.db.query(
      `UPDATE upstream_fetches SET fetched_at = fetched_at - interval '1 day' WHERE listing LIKE '%:walk'`,
    );
    await t.db.query(`UPDATE scans SET created_at = created_at - interval '1 day' WHERE project_id = $1`, [
      project.id,
    ]);
    return scans.waitForScan((await scans.requestScan(project.id, 'tool')).scanId, 60_000);
  };
  assert.deepEqual((await scan()).errors, []);

  fake.setListing('/r/walk/new', posts);
  // The third page of the walk toward the newest post fails (three attempts).
  const third = new RegExp(`before=${posts[50]!.data.name}`);
  fake.script(...[1, 2, 3].map(() => ({ path: /^\/r\/walk\/new/, query: third, status: 500, body: '{}' })));
  const second = await scan();
  assert.equal(second.errors.length, 1);
  assert.match(second.errors[0]!, /^new:walk: .*HTTP 500.*\(kept the 200 items read before it\)$/);
  assert.equal(second.subreddits.find((s) => s.name === 'walk')?.itemsSeen, 200);

  const third2 = await scan();
  assert.deepEqual(third2.errors, []);
  assert.equal(third2.subreddits.find((s) => s.name === 'walk')?.itemsSeen, 50, 'only what the failure left');
  const bought = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM upstream_calls WHERE project_id = $1 AND api = 'reddit.subreddit_new' AND ok`,
    [project.id],
  );
  // 1 (first scan) + 2 pages before the failure + 1 page on the third scan: no page bought twice.
  assert.equal(bought[0]!.n, 4);
  await scans.drain();
});

test("a NUL character in an upstream's error text is stored cleaned with the scan and its usage", async () => {
  // Found by a hostile run (issue 35): on PostgreSQL the scan ended failed and its usage record was lost.
  const scans = redditScans({ timeoutMs: 2000, sleep: async () => {} });
  fake.setListing('/r/nul/new', []);
  // A post whose text holds NUL is stored with U+FFFD in its place.
  fake.setListing('/r/nul/comments', []);
  fake.setListing('/r/nul/new', [
    wirePost('nul', 'n0001', { title: 'zzqx\u0000title', selftext: 'a\u0000body', created: new Date() }),
  ]);
  fake.script({ path: /^\/r\/nul\/new/, status: 400, body: '{"message":"bad\u0000request"}' });
  const acct = await createAccount(t.services);
  const project = await createProject(t.services, acct.userId, {
    keywords: ['zzqx-no-match'],
    subreddits: ['nul'],
  });
  const scan = await scans.waitForScan((await scans.requestScan(project.id, 'tool')).scanId, 60_000);
  assert.equal(scan.status, 'done');
  assert.equal(scan.errors.length, 1);
  assert.match(
    scan.errors[0]!,
    /^new:nul: reddit\.subreddit_new: HTTP 400: \{"message":"bad\uFFFDrequest"\}$/,
  );
  const usage = await t.services.usage.getUsage(project.id);
  assert.deepEqual([usage.calls, usage.failed], [1, 1]);

  await t.db.query(
    `UPDATE upstream_fetches SET fetched_at = fetched_at - interval '1 day' WHERE listing LIKE '%:nul'`,
  );
  await t.db.query(`UPDATE scans SET created_at = created_at - interval '1 day' WHERE project_id = $1`, [
    project.id,
  ]);
  const next = await scans.waitForScan((await scans.requestScan(project.id, 'tool')).scanId, 60_000);
  assert.deepEqual([next.status, next.errors], ['done', []]);
  const stored = await t.db.query<{ title: string; body: string }>(
    `SELECT title, body FROM upstream_items WHERE id = 't3_n0001'`,
  );
  assert.deepEqual(stored, [{ title: 'zzqx\uFFFDtitle', body: 'a\uFFFDbody' }]);
  await scans.drain();
});

test('a malformed Arctic Shift row is left out with an error; no later scan of the listing fails', async () => {
  // Found by a hostile run (issue 35): {"id": null, "created_utc": "yesterday"} stored the cursor "NaN:", and
  // every later scan of the subreddit failed with invalid cursor "NaN:".
  const arctic = await startArcticShiftFake();
  const upstream = createArcticShiftSource({
    baseUrl: arctic.url,
    priceOf: () => 0,
    timeoutMs: 2000,
    sleep: async () => {},
  });
  const scans = scansOver(t, upstream);
  const now = Math.floor(Date.now() / 1000);
  const post = (id: string, created: unknown) => ({
    id,
    subreddit: 'archived',
    title: `archived post ${id}`,
    selftext: '',
    author: 'someone',
    permalink: `/r/archived/comments/${id}/x/`,
    created_utc: created,
  });
  arctic.posts = [post('a1', now - 900), post('a2', now - 800), { ...post('a3', 'yesterday'), id: null }];
  try {
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, {
      keywords: ['zzqx-no-match'],
      subreddits: ['archived'],
    });
    const cursor = async () =>
      (
        await t.db.query<{ cursor: string | null }>(
          `SELECT cursor FROM upstream_listings WHERE listing = 'new:archived'`,
        )
      )[0]?.cursor;
    const scan = async () => {
      await t.db.query(
        `UPDATE upstream_fetches SET fetched_at = fetched_at - interval '1 day' WHERE listing LIKE '%:archived'`,
      );
      await t.db.query(`UPDATE scans SET created_at = created_at - interval '1 day' WHERE project_id = $1`, [
        project.id,
      ]);
      return scans.waitForScan((await scans.requestScan(project.id, 'tool')).scanId, 60_000);
    };
    const first = await scan();
    assert.equal(first.status, 'done');
    assert.deepEqual(first.errors, [
      'new:archived: left out 1 item that could not be read (id null, created_utc "yesterday")',
    ]);
    assert.equal(first.subreddits.find((x) => x.name === 'archived')?.itemsSeen, 2);
    assert.equal(await cursor(), `${now - 800}:a2`);

    arctic.posts.push(post('a4', now - 100));
    const second = await scan();
    assert.deepEqual(second.errors, []);
    assert.equal(second.subreddits.find((x) => x.name === 'archived')?.itemsSeen, 1);

    // A cursor an older version stored from such a row: the scan starts afresh instead of failing for good.
    await t.db.query(`UPDATE upstream_listings SET cursor = 'NaN:' WHERE listing = 'new:archived'`);
    const third = await scan();
    assert.deepEqual(third.errors, [
      'new:archived: the stored cursor "NaN:" could not be read; started again from the newest items',
      'new:archived: left out 1 item that could not be read (id null, created_utc "yesterday")',
    ]);
    assert.equal(await cursor(), `${now - 100}:a4`);
    await scans.drain();
  } finally {
    await arctic.close();
  }
});

test('a webhook receiver that resets the connection costs only its own deliveries', async () => {
  const acct = await createAccount(t.services);
  const project = await createProject(t.services, acct.userId, { name: 'Reset hooks' });
  const resetting = await startReceiver(ca, { kind: 'reset' });
  const healthy = await startReceiver(ca);
  receivers.push(resetting, healthy);
  const bad = await t.services.webhooks.register(acct.userId, project.id, resetting.url);
  const good = await t.services.webhooks.register(acct.userId, project.id, healthy.url);
  const ids = await insertLeads(t.db, project.id, [{ score: 80 }, { score: 70 }, { score: 60 }]);
  await announceLeads(t.services, ids);
  await healthy.waitFor(3);
  await t.services.webhooks.idle();
  await delay(100);
  await t.services.webhooks.idle();
  const goodAttempts = await t.services.webhooks.listAttempts(acct.userId, good.id);
  const badAttempts = await t.services.webhooks.listAttempts(acct.userId, bad.id);
  assert.equal(goodAttempts.length, 3);
  assert.ok(goodAttempts.every((a) => a.outcome === 'delivered'));
  assert.equal(badAttempts.length, 3);
  assert.ok(
    badAttempts.every((a) => a.outcome !== 'delivered' && a.statusCode === null && a.error),
    JSON.stringify(badAttempts),
  );
});
