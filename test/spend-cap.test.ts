// The daily upstream spend cap (docs/decisions/0102-daily-spend-cap.md): scans stop buying at the account's cap,
// finish with data already bought, say so, and buy again the next UTC day; two scans at once slip past it by at
// most one call's price; the cap is set from the dashboard and read over MCP.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { fixedClock } from '../src/clock.ts';
import { type Db, openPostgres } from '../src/db/client.ts';
import { createScansService, type ScansService } from '../src/scans/scans.service.ts';
import type { RedditItem, ReportCall, UpstreamSource } from '../src/upstream/source.ts';
import { dashboardClient } from './dashboard-helpers.ts';
import { createAccount, createProject, startTestApp, TEST_DATABASE_URL, type TestApp } from './harness.ts';

const PRICE = 0.001; // the replay price, the dearest call of the upstream in use
const DAY = 86_400_000;

/** A Reddit of a few subreddits, each listing one call at PRICE, each call taking `latencyMs`. */
function fakeReddit(latencyMs = 0) {
  const posts: RedditItem[] = [];
  let next = 1000;
  const call = async (api: string, report: ReportCall) => {
    if (latencyMs) await sleep(latencyMs);
    report({ api, costUsd: PRICE, ok: true });
  };
  const source: UpstreamSource = {
    name: 'replay',
    async subredditNew(sub, cursor, report) {
      await call('replay.subreddit_new', report);
      const items = posts.filter(
        (i) => i.subreddit.toLowerCase() === sub && (!cursor || Number(i.id) > Number(cursor)),
      );
      return { items, cursor: items.at(-1)?.id ?? cursor };
    },
    async subredditComments(_sub, cursor, report) {
      await call('replay.subreddit_comments', report);
      return { items: [], cursor };
    },
    async search(_q, _opts, report) {
      await call('replay.search', report);
      return { items: [], cursor: null };
    },
    async commentTree(_postId, report) {
      await call('replay.comments', report);
      return [];
    },
  };
  return {
    source,
    post(subreddit: string, title: string, createdAt: Date) {
      const id = String(next++);
      posts.push({
        kind: 'post',
        id,
        postId: id,
        subreddit,
        title,
        body: 'Lots of no-shows. Budget about $40 a month.',
        author: `u${id}`,
        url: `https://www.reddit.com/r/${subreddit}/comments/${id}/`,
        createdAt,
      });
    },
  };
}

const PROFILE = {
  keywords: ['booking software'],
  pain: 'no-shows',
  solution: 'booking software',
  scoreThreshold: 0,
};

async function spentToday(t: TestApp, userId: string, now: Date): Promise<number> {
  const from = new Date(Math.floor(now.getTime() / DAY) * DAY);
  const [row] = await t.db.query<{ usd: number }>(
    `SELECT coalesce(sum(c.cost_usd), 0)::float8 AS usd FROM upstream_calls c JOIN projects p ON p.id = c.project_id
      WHERE p.user_id = $1 AND c.called_at >= $2`,
    [userId, from],
  );
  return Math.round(row!.usd * 1e6) / 1e6;
}

describe('a scan stops buying at the daily spend cap', () => {
  let t: TestApp;
  const clock = fixedClock(new Date(Math.floor(Date.now() / DAY) * DAY + 12 * 3_600_000));
  let reddit: ReturnType<typeof fakeReddit>;
  let scans: ScansService;
  before(async () => {
    t = await startTestApp({ clock });
    reddit = fakeReddit();
    scans = createScansService({
      db: t.db,
      clock,
      config: t.services.config,
      events: t.services.events,
      upstream: reddit.source,
      spendCap: t.services.spendCap,
    });
  });
  after(() => t.close());

  const run = async (projectId: string, trigger: 'tool' | 'schedule' = 'tool') =>
    scans.waitForScan((await scans.requestScan(projectId, trigger)).scanId, 30_000);

  test('it buys up to the cap, keeps the leads, says so, reuses for free, and buys again the next UTC day', async () => {
    const acct = await createAccount(t.services);
    // Three subreddits: six listings of one call each, $0.006 without a cap.
    const project = await createProject(t.services, acct.userId, { ...PROFILE, subreddits: ['a', 'b', 'c'] });
    reddit.post('a', 'Booking software that stops no-shows?', new Date(clock.now().getTime() - 60_000));
    await t.services.spendCap.setOwnCap(acct.userId, 0.0025);

    const first = await run(project.id);
    assert.equal(first.status, 'done', JSON.stringify(first));
    assert.equal(first.costUsd, 0.002, 'two calls fit under $0.0025; a third would pass it');
    assert.ok((await spentToday(t, acct.userId, clock.now())) <= 0.0025);
    assert.equal(first.newLeads, 1, 'the lead of what was bought is kept');
    assert.match(
      first.spendCapReached?.message ?? '',
      /^Daily spend cap reached: \$0\.002 of \$0\.0025 spent today \(UTC\)\..* scans buy again at 00:00 UTC/,
    );
    const state = await t.services.spendCap.state(acct.userId);
    assert.deepEqual(
      { cap: state.capUsd, spent: state.spentTodayUsd, left: state.leftUsd, reached: state.reached },
      { cap: 0.0025, spent: 0.002, left: 0.0005, reached: true },
    );

    // An agent calling run_scan in a loop: each scan runs, buys nothing, and says why.
    for (let i = 0; i < 3; i++) {
      clock.advance(2 * 60_000);
      const again = await run(project.id);
      assert.equal(again.status, 'done');
      assert.equal(again.costUsd, 0);
      assert.ok(again.spendCapReached, 'the record says the cap stopped it');
    }
    // Continuous scanning too.
    clock.advance(2 * 3_600_000);
    const scheduled = await run(project.id, 'schedule');
    assert.equal(scheduled.costUsd, 0);
    assert.ok(scheduled.spendCapReached);
    assert.equal(await spentToday(t, acct.userId, clock.now()), 0.002);

    // Next UTC day: buys again (the pending listings first).
    clock.set(new Date((Math.floor(clock.now().getTime() / DAY) + 1) * DAY + 60_000));
    const tomorrow = await run(project.id);
    assert.equal(tomorrow.costUsd, 0.002);
    assert.ok(tomorrow.spendCapReached, 'and stops again at the same cap');
  });

  test('a cap raised mid-day lets scans buy again at once; another account is not affected', async () => {
    const acct = await createAccount(t.services);
    const other = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, { ...PROFILE, subreddits: ['d'] });
    const theirs = await createProject(t.services, other.userId, { ...PROFILE, subreddits: ['e'] });
    await t.services.spendCap.setOwnCap(acct.userId, 0);
    const capped = await run(project.id);
    assert.equal(capped.costUsd, 0);
    assert.match(capped.spendCapReached?.message ?? '', /\$0\.00 of \$0\.00/);
    assert.equal((await run(theirs.id)).costUsd, 0.002, 'the default cap of another account is far');
    await t.services.spendCap.setOwnCap(acct.userId, null);
    clock.advance(2 * 60_000);
    const raised = await run(project.id);
    assert.equal(raised.costUsd, 0.002);
    assert.equal(raised.spendCapReached, null);
  });
});

describe('two scans of one account at once', () => {
  let t: TestApp;
  const clock = fixedClock(new Date(Math.floor(Date.now() / DAY) * DAY + 12 * 3_600_000));
  before(async () => {
    t = await startTestApp({ clock });
  });
  after(() => t.close());

  /** Scans of `projects` started together, by one scanner or (workers) one scanner each. */
  async function together(scanners: ScansService[], projectIds: string[]) {
    const queued = await Promise.all(
      projectIds.map((id, i) => scanners[i % scanners.length]!.requestScan(id, 'tool')),
    );
    return Promise.all(queued.map((q, i) => scanners[i % scanners.length]!.waitForScan(q.scanId, 60_000)));
  }

  const scanner = (db: Db, reddit: ReturnType<typeof fakeReddit>) =>
    createScansService({
      db,
      clock,
      config: t.services.config,
      events: t.services.events,
      upstream: reddit.source,
      spendCap: t.services.spendCap,
    });

  test('in one process: the day ends within the cap (each fetch here is one call)', async () => {
    const acct = await createAccount(t.services);
    const reddit = fakeReddit(15);
    const ids = await Promise.all(
      ['f', 'g', 'h'].map(
        async (s) =>
          (await createProject(t.services, acct.userId, { ...PROFILE, subreddits: [s, `${s}2`] })).id,
      ),
    );
    await t.services.spendCap.setOwnCap(acct.userId, 0.0035);
    const done = await together([scanner(t.db, reddit)], ids);
    for (const scan of done) assert.equal(scan.status, 'done');
    const spent = await spentToday(t, acct.userId, clock.now());
    assert.ok(spent <= 0.0035, `spent $${spent} of a $0.0035 cap`);
    assert.equal(spent, 0.003);
    assert.ok(done.some((s) => s.spendCapReached));
  });

  test('in two worker processes on PostgreSQL: within the cap plus at most one call', {
    skip: !TEST_DATABASE_URL ? 'PostgreSQL only (the embedded database serves one process)' : false,
  }, async () => {
    const acct = await createAccount(t.services);
    const reddit = fakeReddit(15);
    const ids = await Promise.all(
      ['i', 'j', 'k', 'l'].map(
        async (s) =>
          (await createProject(t.services, acct.userId, { ...PROFILE, subreddits: [s, `${s}2`] })).id,
      ),
    );
    await t.services.spendCap.setOwnCap(acct.userId, 0.0035);
    // A second worker: its own connections, its own in-process locks; only the database is shared.
    const second = await openPostgres(t.db.url!);
    try {
      const done = await together([scanner(t.db, reddit), scanner(second, reddit)], ids);
      for (const scan of done) assert.equal(scan.status, 'done');
      const spent = await spentToday(t, acct.userId, clock.now());
      assert.ok(spent <= 0.0035 + PRICE, `spent $${spent} of a $0.0035 cap`);
      assert.ok(done.some((s) => s.spendCapReached));
    } finally {
      await second.close();
    }
  });
});

describe('the cap from the dashboard and over MCP', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  test('bad caps are refused with their reason and change nothing; a good one is kept', async () => {
    const acct = await createAccount(t.services);
    const web = dashboardClient(t);
    await web.signIn(acct.userId);
    const origin = { origin: t.baseUrl };
    const put = (body: unknown) => web.call('PUT', '/spend-cap', body, origin);
    const before = (await web.get('/spend-cap')).body;
    assert.equal(before.capUsd, 5, 'the self-hosted default (UPSTREAM_DAILY_CAP_USD)');
    for (const bad of [-1, 'abc', '5', true, 1e9]) {
      const res = await put({ dailyCapUsd: bad });
      assert.equal(res.status, 400, JSON.stringify(bad));
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, /dailyCapUsd must be a number of USD from 0 to 1000000, or null/);
    }
    assert.equal((await put({})).status, 400);
    assert.equal((await put('{"dailyCapUsd": NaN}')).status, 400);
    assert.deepEqual((await web.get('/spend-cap')).body, before, 'nothing changed');
    const set = await put({ dailyCapUsd: 0.5 });
    assert.equal(set.status, 200);
    assert.equal(set.body.capUsd, 0.5);
    assert.equal(set.body.ownCapUsd, 0.5);
    assert.equal((await put({ dailyCapUsd: null })).body.capUsd, 5, 'back to the default');
  });

  test("on a hosted plan the cap may not exceed the plan's", async () => {
    const hosted = await startTestApp({ config: { selfHosted: false } });
    try {
      const acct = await createAccount(hosted.services, 'free');
      const web = dashboardClient(hosted);
      await web.signIn(acct.userId);
      const state = (await web.get('/spend-cap')).body;
      assert.equal(state.capUsd, 0.5);
      const res = await web.call('PUT', '/spend-cap', { dailyCapUsd: 2 }, { origin: hosted.baseUrl });
      assert.equal(res.status, 400);
      assert.match(res.body.error.message, /above your plan's daily cap of \$0\.50/);
      assert.equal(
        (await web.call('PUT', '/spend-cap', { dailyCapUsd: 0.1 }, { origin: hosted.baseUrl })).body.capUsd,
        0.1,
      );
    } finally {
      await hosted.close();
    }
  });

  test('run_scan over MCP (the SDK client) at the cap: a normal result saying so; leads found stay listed', async () => {
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, {
      keywords: ['booking software', 'appointment scheduling', 'no-shows', 'online booking'],
      subreddits: ['Barber', 'hairstylist'],
    });
    await t.services.spendCap.setOwnCap(acct.userId, 0.002);
    const client = new Client({ name: 'cap-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${acct.mcpKey}` } },
      }),
    );
    try {
      const scan = await client.callTool({
        name: 'run_scan',
        arguments: { projectId: project.id, wait: true },
      });
      assert.notEqual(scan.isError, true, JSON.stringify(scan));
      const record = scan.structuredContent as {
        status: string;
        costUsd: number;
        newLeads: number;
        spendCapReached: { message: string } | null;
      };
      assert.equal(record.status, 'done');
      assert.ok(record.costUsd <= 0.002, `cost ${record.costUsd}`);
      assert.match(record.spendCapReached?.message ?? '', /Daily spend cap reached: .* of \$0\.002/);
      assert.ok(record.newLeads > 0, 'the listings bought under the cap gave leads');

      const again = await client.callTool({
        name: 'run_scan',
        arguments: { projectId: project.id, wait: true },
      });
      assert.notEqual(again.isError, true);
      assert.equal((again.structuredContent as { costUsd: number }).costUsd, 0);
      const leads = await client.callTool({
        name: 'list_leads',
        arguments: { projectId: project.id, status: 'all' },
      });
      assert.equal((leads.structuredContent as { leads: unknown[] }).leads.length, record.newLeads);

      const usage = await client.callTool({ name: 'get_usage', arguments: { projectId: project.id } });
      const cap = (
        usage.structuredContent as { spendCap: { capUsd: number; reached: boolean; leftUsd: number } }
      ).spendCap;
      assert.equal(cap.capUsd, 0.002);
      assert.equal(cap.reached, true);
    } finally {
      await client.close();
    }
  });
});
