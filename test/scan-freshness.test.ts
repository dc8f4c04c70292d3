import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixedClock } from '../src/clock.ts';
import type { ScansService } from '../src/scans/scans.service.ts';
import type { RedditItem, ReportCall, UpstreamSource } from '../src/upstream/source.ts';
import { createAccount, createProject, scansOver, startTestApp, type TestApp } from './harness.ts';

const MINUTE = 60_000;
const PRICE = 0.00024;

/**
 * A Reddit that posts can be added to while the service runs: listings answer what is newer than the cursor,
 * and search answers only what Reddit's index holds by now (a post is indexed some time after it is posted),
 * cut at `since` as every adapter does.
 */
function liveReddit(now: () => Date) {
  const posts: { item: RedditItem; indexedAt: number }[] = [];
  let next = 1000;
  const call = (api: string, report: ReportCall) => report({ api, costUsd: PRICE, ok: true });
  const visible = () => posts.filter((p) => p.item.createdAt.getTime() <= now().getTime());
  const source: UpstreamSource = {
    name: 'reddit',
    async subredditNew(sub, cursor, report) {
      call('reddit.subreddit_new', report);
      const items = visible()
        .map((p) => p.item)
        .filter((i) => i.subreddit.toLowerCase() === sub && (!cursor || Number(i.id) > Number(cursor)))
        .reverse();
      return { items, cursor: items[0]?.id ?? cursor };
    },
    async subredditComments(_sub, cursor, report) {
      call('reddit.subreddit_comments', report);
      return { items: [], cursor };
    },
    async search(_query, opts, report) {
      call('reddit.search', report);
      const since = opts.since?.getTime() ?? Number.NEGATIVE_INFINITY;
      const items = visible()
        .filter((p) => p.indexedAt <= now().getTime() && p.item.createdAt.getTime() > since)
        .map((p) => p.item)
        .reverse();
      return { items, cursor: null };
    },
    async commentTree(_postId, report) {
      call('reddit.comments', report);
      return [];
    },
  };
  return {
    source,
    post(title: string, createdAt: Date, indexedAt = createdAt) {
      const id = String(next++);
      posts.push({
        item: {
          kind: 'post',
          id,
          postId: id,
          subreddit: 'Barber',
          title,
          body: 'Three chairs, lots of no-shows. Budget about $40 a month.',
          author: `barber${id}`,
          url: `https://www.reddit.com/r/Barber/comments/${id}/`,
          createdAt,
        },
        indexedAt: indexedAt.getTime(),
      });
    },
  };
}

const PROFILE = {
  keywords: ['booking software'],
  pain: 'no-shows at barbershops',
  solution: 'booking software with deposits',
  // Every match is a lead: these tests are about which posts are fetched, not how they score.
  scoreThreshold: 0,
};

describe('continuous scanning finds posts that appear between scans', () => {
  let t: TestApp;
  const clock = fixedClock(new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 43_200_000));
  let reddit: ReturnType<typeof liveReddit>;
  let scans: ScansService;
  before(async () => {
    // Scans every 5 minutes; the freshness window stays at its default of 15.
    t = await startTestApp({ clock, config: { scanIntervalMinutes: 5 } });
    reddit = liveReddit(() => clock.now());
    scans = scansOver(t, reddit.source);
  });
  after(() => t.close());

  async function titles(projectId: string) {
    const rows = await t.db.query<{ title: string }>('SELECT title FROM leads WHERE project_id = $1', [
      projectId,
    ]);
    return rows.map((r) => r.title).sort();
  }

  async function scheduledScan(projectId: string) {
    assert.ok((await scans.scheduleDueScans()) >= 1, 'the project is due');
    const [scan] = await t.db.query<{ id: string }>(
      `SELECT id FROM scans WHERE project_id = $1 AND trigger IN ('schedule', 'first')
        ORDER BY created_at DESC LIMIT 1`,
      [projectId],
    );
    const done = await scans.waitForScan(scan!.id, 30_000);
    assert.equal(done.status, 'done', JSON.stringify(done));
    return done;
  }

  test('a scheduled scan every 5 minutes buys the posts of the last 5 minutes', async () => {
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, { ...PROFILE, subreddits: ['Barber'] });
    reddit.post('Booking software for a barbershop?', new Date(clock.now().getTime() - 30 * MINUTE));
    await scheduledScan(project.id);
    assert.deepEqual(await titles(project.id), ['Booking software for a barbershop?']);

    clock.advance(MINUTE);
    reddit.post('Which booking software stops no-shows?', clock.now());
    clock.advance(4 * MINUTE);
    const second = await scheduledScan(project.id);
    assert.ok(second.calls > 0, 'the second scheduled scan bought the listing again');
    assert.deepEqual(await titles(project.id), [
      'Booking software for a barbershop?',
      'Which booking software stops no-shows?',
    ]);
  });

  test('Run scan two minutes after a scan finds the post made in between', async () => {
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, { ...PROFILE, subreddits: ['Barber'] });
    await scans.waitForScan((await scans.requestScan(project.id, 'dashboard')).scanId, 30_000);
    const before = await titles(project.id);

    clock.advance(MINUTE);
    reddit.post('Need booking software before Saturday', clock.now());
    clock.advance(MINUTE);
    const again = await scans.waitForScan((await scans.requestScan(project.id, 'tool')).scanId, 30_000);
    assert.equal(again.status, 'done');
    assert.equal(again.newLeads, 1, JSON.stringify(again));
    assert.deepEqual(await titles(project.id), [...before, 'Need booking software before Saturday'].sort());
    // Pressed again at once, it buys nothing: the data is a few seconds old.
    const third = await scans.waitForScan((await scans.requestScan(project.id, 'tool')).scanId, 30_000);
    assert.equal(third.calls, 0);
  });

  test('a keyword search finds a post that Reddit indexed after the previous search', async () => {
    const acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, { ...PROFILE, subreddits: [] });
    clock.advance(61 * MINUTE);
    await scheduledScan(project.id);
    const first = await titles(project.id);

    // Posted ten minutes before that search, in Reddit's search index only half an hour after it.
    const posted = new Date(clock.now().getTime() - 10 * MINUTE);
    reddit.post(
      'Cheap booking software for a one-chair shop?',
      posted,
      new Date(posted.getTime() + 40 * MINUTE),
    );
    clock.advance(61 * MINUTE);
    await scheduledScan(project.id);
    assert.deepEqual(
      await titles(project.id),
      [...first, 'Cheap booking software for a one-chair shop?'].sort(),
    );
  });
});
