import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RedditItem, ReportCall, UpstreamSource } from '../../upstream/source.ts';
import type { FetchRow } from '../fetches.repo.ts';
import {
  FIRST_FETCH_REACH_MS,
  fetchListing,
  itemsBySubreddit,
  paidCalls,
  SEARCH_INDEX_LAG_MS,
} from './fetch.ts';

const item = (id: string, subreddit = 'Sales'): RedditItem => ({
  kind: 'comment',
  id,
  postId: 'p1',
  subreddit,
  title: 'Which CRM?',
  body: 'hubspot',
  author: null,
  url: `https://www.reddit.com/r/sales/comments/p1/_/${id}/`,
  createdAt: new Date('2026-01-01T00:00:00Z'),
});

/** An upstream that reports the given calls and answers each listing kind with what the test gives. */
function fakeUpstream(answer: {
  items?: RedditItem[];
  calls?: { costUsd: number; ok: boolean }[];
  gone?: string[];
  fail?: string;
  stoppedBy?: string;
  asked?: { kind: string; arg: string; since?: Date; reachBack?: Date }[];
}): UpstreamSource {
  const reply = async (kind: string, arg: string, report: ReportCall, since?: Date, reachBack?: Date) => {
    answer.asked?.push({ kind, arg, ...(since ? { since } : {}), ...(reachBack ? { reachBack } : {}) });
    for (const c of answer.calls ?? [{ costUsd: 0.01, ok: true }]) report({ api: `fake.${kind}`, ...c });
    report.gone?.(answer.gone ?? []);
    if (answer.fail) throw new Error(answer.fail);
    return {
      items: answer.items ?? [],
      cursor: 'next',
      ...(answer.stoppedBy ? { stoppedBy: answer.stoppedBy } : {}),
    };
  };
  return {
    name: 'replay',
    subredditNew: (s, _c, r, o) => reply('new', s, r, undefined, o?.reachBack),
    subredditComments: (s, _c, r) => reply('comments', s, r),
    search: (q, o, r) => reply('search', q, r, o.since, o.reachBack),
    commentTree: (id, r) => reply('thread', id, r).then((f) => f.items),
  };
}

const never = { cursor: null, last: null };
const last: FetchRow = {
  id: '7',
  project_id: 'p',
  fetched_at: new Date('2026-01-02T00:00:00Z'),
  calls: 1,
  cost_usd: 0,
  apis: [],
};

test('each listing kind asks its own upstream call; a first fetch of posts reaches back a week, a later search a day before the last one', async () => {
  const asked: { kind: string; arg: string; since?: Date; reachBack?: Date }[] = [];
  const upstream = fakeUpstream({ asked });
  const now = new Date('2026-01-09T00:00:00Z');
  const week = new Date(now.getTime() - FIRST_FETCH_REACH_MS);
  await fetchListing(upstream, 'new:sales', never, now);
  await fetchListing(upstream, 'new:sales', { cursor: 'c', last }, now);
  await fetchListing(upstream, 'comments:sales', never, now);
  await fetchListing(upstream, 'thread:p1', never, now);
  await fetchListing(upstream, 'search:best crm', never, now);
  await fetchListing(upstream, 'search:best crm', { cursor: null, last }, now);
  assert.deepEqual(asked, [
    { kind: 'new', arg: 'sales', reachBack: week },
    { kind: 'new', arg: 'sales' },
    { kind: 'comments', arg: 'sales' },
    { kind: 'thread', arg: 'p1' },
    { kind: 'search', arg: 'best crm', since: week, reachBack: week },
    { kind: 'search', arg: 'best crm', since: new Date(last.fetched_at.getTime() - SEARCH_INDEX_LAG_MS) },
  ]);
});

test('what a fetch bought: items, cursor, cost per bought item, calls by api, what it showed gone', async () => {
  const upstream = fakeUpstream({
    items: [item('c1'), item('c2')],
    calls: [
      { costUsd: 0.02, ok: true },
      { costUsd: 0.02, ok: true },
      { costUsd: 0, ok: false },
    ],
    gone: ['t1_old'],
  });
  const outcome = await fetchListing(upstream, 'new:sales', never);
  assert.ok(outcome.ok);
  const { bought } = outcome;
  assert.equal(bought.items.length, 2);
  assert.equal(bought.cursor, 'next');
  assert.equal(bought.costUsd, 0.04);
  assert.equal(bought.itemCostUsd, 0.02);
  assert.deepEqual(bought.apis, [{ api: 'fake.new', calls: 3, costUsd: 0.04 }]);
  assert.deepEqual(bought.gone, ['t1_old']);
  assert.deepEqual(bought.errors, []);
  assert.equal(bought.completeSince, undefined);
});

test("a comment listing's first short fetch covers everything since the start", async () => {
  const outcome = await fetchListing(fakeUpstream({ items: [item('c1')] }), 'comments:sales', never);
  assert.ok(outcome.ok);
  assert.deepEqual(outcome.bought.completeSince, new Date(0));
});

test("a comment listing's first full page covers only back to its oldest comment (older posts' threads are read)", async () => {
  const page = Array.from({ length: 100 }, (_, i) => ({
    ...item(`c${i}`),
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
  }));
  const outcome = await fetchListing(fakeUpstream({ items: page }), 'comments:sales', never);
  assert.ok(outcome.ok);
  assert.deepEqual(outcome.bought.completeSince, new Date(Date.UTC(2026, 0, 1, 0, 0)));
});

test('a walk stopped partway keeps its items and says so', async () => {
  const outcome = await fetchListing(
    fakeUpstream({ items: [item('c1')], stoppedBy: '429' }),
    'new:sales',
    never,
  );
  assert.ok(outcome.ok);
  assert.deepEqual(outcome.bought.errors, ['new:sales: 429 (kept the 1 items read before it)']);
});

test('a failed fetch is an outcome with the calls it paid for; an unknown listing fails too', async () => {
  const outcome = await fetchListing(fakeUpstream({ fail: 'HTTP 500', gone: ['t3_x'] }), 'new:sales', never);
  assert.deepEqual(outcome, {
    ok: false,
    failed: { error: 'HTTP 500', calls: [{ api: 'fake.new', costUsd: 0.01, ok: true }], gone: ['t3_x'] },
  });
  const unknown = await fetchListing(fakeUpstream({}), 'top:sales', never);
  assert.deepEqual(unknown, {
    ok: false,
    failed: { error: 'unknown listing top:sales', calls: [], gone: [] },
  });
});

test('paid calls carry the scan and fetch; items are counted per subreddit, its own at 0 when empty', () => {
  const at = new Date();
  assert.deepEqual(
    paidCalls([{ api: 'a', costUsd: 1, ok: true }], { projectId: 'p', scanId: 's', fetchId: '3', at }),
    [
      {
        projectId: 'p',
        api: 'a',
        costUsd: 1,
        reused: false,
        ok: true,
        calledAt: at,
        scanId: 's',
        fetchId: '3',
      },
    ],
  );
  assert.deepEqual(itemsBySubreddit('new:Sales', []), new Map([['sales', 0]]));
  assert.deepEqual(
    itemsBySubreddit('search:crm', [item('1', 'Sales'), item('2', 'sales'), item('3', 'CRM')]),
    new Map([
      ['sales', 2],
      ['crm', 1],
    ]),
  );
});
