import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { fixedClock } from '../src/clock.ts';
import { onRedditFake, type RedditFake, startRedditFake, wirePost } from './fakes/reddit-fake.ts';
import { createAccount, createProject, getJson, startTestApp, type TestApp, testConfig } from './harness.ts';

// Content deleted by its author, or removed, stops being served (docs/decisions/0103-deleted-items.md): the
// service runs on the Reddit adapter against a local Reddit that answers in the recorded wire format.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SUB = 'salonowners';

/** A post of the subreddit in Reddit's wire format. */
const redditPost = (id: string, title: string, selftext: string, created: Date) =>
  wirePost(SUB, id, { title, selftext, created });

describe('a post deleted on Reddit stops being served', () => {
  // 08:00 UTC today: the steps below stay within one UTC day, the day usage counts.
  const clock = fixedClock(new Date(Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR + 8 * HOUR));
  let fake: RedditFake;
  let t: TestApp;
  let acct: Awaited<ReturnType<typeof createAccount>>;
  let projectId: string;
  let mcp: Client;
  const BODY_A = 'Our salon loses clients to no-shows. Which booking software takes deposits? (text A)';
  const BODY_C = 'Looking for booking software with SMS reminders for two chairs (text C)';

  before(async () => {
    fake = await startRedditFake();
    const posted = new Date(clock.now().getTime() - 30 * MINUTE);
    const posts = [
      redditPost('zz3', 'Booking software that sends reminders?', BODY_C, posted),
      redditPost(
        'zz2',
        'Best booking software for a small salon?',
        'We have three chairs and no system.',
        posted,
      ),
      redditPost('zz1', 'Booking software with deposits?', BODY_A, posted),
    ];
    fake.setPosts(SUB, posts);
    t = await startTestApp({
      clock,
      config: { meaning: false, upstream: onRedditFake(fake, testConfig().upstream) },
    });
    acct = await createAccount(t.services);
    projectId = (
      await createProject(t.services, acct.userId, {
        keywords: ['booking software'],
        subreddits: [SUB],
        scoreThreshold: 0,
      })
    ).id;
    const scan = await t.services.scans.requestScan(projectId, 'dashboard');
    const done = await t.services.scans.waitForScan(scan.scanId, 30_000);
    assert.equal(done.status, 'done', JSON.stringify(done));
    mcp = new Client({ name: 'deleted-items-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${acct.mcpKey}` } },
      }),
    );
  });
  after(async () => {
    await mcp?.close();
    await t?.close();
    await fake?.close();
  });

  const restLeads = async (query = 'include=body&status=all') => {
    const res = await getJson(t.baseUrl, `/api/v1/projects/${projectId}/leads?${query}`, acct.restKey);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as { leads: { postId: string; title: string; body?: string | null }[] };
  };
  const mcpLeads = async () => {
    const result = await mcp.callTool({
      name: 'list_leads',
      arguments: { projectId, status: 'all', include: 'body' },
    });
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    return result.structuredContent as { leads: { postId: string; title: string }[] };
  };
  const infoRequests = () => fake.requests.filter((r) => r.path.startsWith('/api/info'));

  test('before any deletion the leads and their text are served', async () => {
    const rest = await restLeads();
    assert.deepEqual(rest.leads.map((l) => l.postId).sort(), ['zz1', 'zz2', 'zz3']);
    assert.equal(rest.leads.find((l) => l.postId === 'zz1')?.body, BODY_A);
    assert.equal((await mcpLeads()).leads.length, 3);
  });

  test('the re-check asks Reddit by id, finds the author deleted the post, and it is served nowhere', async () => {
    fake.deleteThing('t3_zz1', 'author');
    clock.advance(2 * HOUR);
    const result = await t.services.deletions.recheck(clock.now());
    assert.deepEqual(
      { checked: result.checked, calls: result.calls, gone: result.gone, leads: result.leads },
      { checked: 3, calls: 1, gone: 1, leads: 1 },
      JSON.stringify(result),
    );
    const [info] = infoRequests();
    assert.deepEqual(info?.query.get('id')?.split(',').sort(), ['t3_zz1', 't3_zz2', 't3_zz3']);

    const rest = await restLeads();
    assert.deepEqual(rest.leads.map((l) => l.postId).sort(), ['zz2', 'zz3']);
    assert.ok(!JSON.stringify(rest).includes('text A'), 'the deleted text is not served on REST');
    const tool = await mcpLeads();
    assert.deepEqual(tool.leads.map((l) => l.postId).sort(), ['zz2', 'zz3']);
    assert.ok(!JSON.stringify(tool).includes('text A'), 'the deleted text is not served by list_leads');
    // Nor kept: the stored item and the lead lost their text.
    const stored = await t.db.query<{ text: string }>(
      `SELECT i.title || i.body || coalesce(l.body, '') || l.title || coalesce(l.reply, '') AS text
         FROM upstream_items i JOIN leads l ON l.post_id = 'zz1' WHERE i.id = 't3_zz1'`,
    );
    assert.deepEqual(stored, [{ text: '' }]);
  });

  test("the re-check's calls are in the project's usage with their cost", async () => {
    const usage = await getJson(t.baseUrl, `/api/v1/projects/${projectId}/usage`, acct.restKey);
    const info = usage.body.usage.perApi.find((a: { api: string }) => a.api === 'reddit.info');
    assert.deepEqual(info, { api: 'reddit.info', calls: 1, costUsd: 0.00024, reused: 0, failed: 0 });
  });

  test('items checked a moment ago are not asked about again', async () => {
    clock.advance(MINUTE);
    const result = await t.services.deletions.recheck(clock.now());
    assert.equal(result.calls, 0);
    assert.equal(infoRequests().length, 1);
  });

  test('a removal a scan sees in a listing it buys anyway is forgotten at no extra cost', async () => {
    fake.deleteThing('t3_zz3', 'moderator');
    clock.advance(10 * MINUTE);
    const scan = await t.services.scans.requestScan(projectId, 'dashboard');
    assert.equal((await t.services.scans.waitForScan(scan.scanId, 30_000)).status, 'done');
    assert.equal(infoRequests().length, 1, 'no lookup was made');
    const rest = await restLeads();
    assert.deepEqual(
      rest.leads.map((l) => l.postId),
      ['zz2'],
    );
    assert.ok(!JSON.stringify(rest).includes('text C'));
    assert.equal((await mcpLeads()).leads.length, 1);
  });

  test('an item a scan just saw in a listing counts as checked: the re-check does not pay to ask about it', async () => {
    // Another project's keyword search (it reaches back a day) answers zz2 again, alive, 20 minutes after the last
    // re-check.
    const zz2 = redditPost(
      'zz2',
      'Best booking software for a small salon?',
      'We have three chairs and no system.',
      clock.now(),
    );
    fake.setListing('/search', [zz2]);
    const searcher = await createProject(t.services, acct.userId, {
      keywords: ['booking software'],
      subreddits: [],
    });
    clock.advance(10 * MINUTE);
    const scan = await t.services.scans.requestScan(searcher.id, 'dashboard');
    assert.equal((await t.services.scans.waitForScan(scan.scanId, 30_000)).status, 'done');
    assert.ok(
      fake.requests.some((r) => r.path.endsWith('/search')),
      'the scan searched',
    );
    // 71 minutes after the last re-check, 50 after the scan saw it: not due.
    clock.advance(50 * MINUTE);
    const result = await t.services.deletions.recheck(clock.now());
    assert.equal(result.calls, 0, JSON.stringify(result));
    assert.equal(infoRequests().length, 1);
  });

  test('DELETION_RECHECK_DAYS=0 turns the re-check off: no call is made', async () => {
    fake.deleteThing('t3_zz2', 'author');
    clock.advance(2 * HOUR);
    const { createDeletionsService } = await import('../src/deletions/deletions.service.ts');
    const off = createDeletionsService({
      db: t.db,
      clock,
      config: { ...t.services.config, upstream: { ...t.services.config.upstream, deletionRecheckDays: 0 } },
      events: t.services.events,
      upstream: { name: 'reddit' } as never,
    });
    const result = await off.recheck(clock.now());
    assert.equal(result.calls, 0);
    assert.match(result.skipped ?? '', /DELETION_RECHECK_DAYS=0/);
    assert.equal((await restLeads()).leads.length, 1);
  });
});
