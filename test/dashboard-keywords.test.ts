// Keyword performance through the dashboard API (docs/decisions/0099-keyword-performance.md), on a hosted instance
// (SELF_HOSTED=false) so a keyword past the plan shows as not scanned.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { KeywordStat, KeywordStats } from '../src/keywords/keywords.schemas.ts';
import { dashboardClient } from './dashboard-helpers.ts';
import { createAccount, createProject, insertLeads, startTestApp, type TestApp } from './harness.ts';

const DAY_MS = 86_400_000;

describe('dashboard keyword performance', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createAccount>>;
  let other: Awaited<ReturnType<typeof createAccount>>;
  const d = { owner: null as unknown as ReturnType<typeof dashboardClient>, other: null as any };
  let projectId = '';

  /** A finished scan of the project, created daysAgo, with its matches per keyword. */
  const insertScan = (daysAgo: number, matches: Record<string, number>) =>
    t.db.query(
      `INSERT INTO scans (project_id, trigger, created_at, started_at, finished_at, status, items_seen,
                          keyword_matches)
       VALUES ($1, 'schedule', $2, $2, $2, 'done', 250, $3::jsonb)`,
      [projectId, new Date(Date.now() - daysAgo * DAY_MS), JSON.stringify(matches)],
    );

  before(async () => {
    t = await startTestApp({ config: { selfHosted: false } });
    owner = await createAccount(t.services, 'free');
    other = await createAccount(t.services, 'free');
    d.owner = dashboardClient(t);
    await d.owner.signIn(owner.userId);
    d.other = dashboardClient(t);
    await d.other.signIn(other.userId);
    // The free plan scans the first 10 keywords: the eleventh is past it.
    const fillers = Array.from({ length: 6 }, (_, i) => `filler ${i}`);
    const project = await createProject(t.services, owner.userId, {
      keywords: [
        'Booking App',
        'no-shows',
        'salon',
        'zebra crossing',
        '-hiring',
        ...fillers,
        'past the plan',
      ],
    });
    projectId = project.id;
    // Two scans in the window (the first counted "Booking App" under an older spelling) and one before it.
    await insertScan(2, { 'booking app': 30, 'no-shows': 4, salon: 40, 'zebra crossing': 0 });
    await insertScan(1, { 'Booking App': 10, 'no-shows': 2, salon: 60, 'zebra crossing': 0 });
    await insertScan(40, { 'Booking App': 500, 'zebra crossing': 9 });
    const old = new Date(Date.now() - 40 * DAY_MS);
    await insertLeads(t.db, projectId, [
      { matchedPhrase: 'Booking App', score: 80 },
      { matchedPhrase: 'Booking App', score: 61, status: 'not_fit' },
      { matchedPhrase: 'booking app', score: 70 },
      { matchedPhrase: 'Booking App', score: 90, scoredAt: old, postedAt: old },
      { matchedPhrase: 'no-shows', score: 50, status: 'not_fit' },
      { matchedPhrase: 'no-shows', score: 45, status: 'hidden' },
      { matchedPhrase: 'no-shows', score: 55, status: 'not_fit' },
      { matchedPhrase: 'no-shows', score: 66, status: 'new' },
      { matchedPhrase: 'salon', score: 41, status: 'hidden' },
    ]);
    // One of the three Booking App leads in the window was replied to: hidden, but no rejection (ADR 0098).
    await t.db.query(
      `UPDATE leads SET status = 'hidden', replied_at = now()
        WHERE project_id = $1 AND score = 70`,
      [projectId],
    );
  });
  after(() => t.close());

  const statsOf = async (query = '') => {
    const res = await d.owner.get(`/projects/${projectId}/keywords${query}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as KeywordStats;
  };
  const byKeyword = (stats: { keywords: KeywordStat[] }) =>
    new Map(stats.keywords.map((k) => [k.keyword, k]));

  test('each keyword of the project, in its order, with its matches, leads, marks and a verdict', async () => {
    const stats = await statsOf();
    assert.equal(stats.days, 30);
    assert.equal(stats.scans, 2, 'the scan 40 days ago is outside the window');
    assert.equal(stats.itemsSeen, 500);
    assert.deepEqual(
      stats.keywords.map((k) => k.keyword),
      (await d.owner.get(`/projects/${projectId}`)).body.keywords,
    );
    const k = byKeyword(stats);
    assert.deepEqual(k.get('Booking App'), {
      keyword: 'Booking App',
      verdict: 'ok',
      matched: 40,
      leads: 3,
      meanScore: 70,
      notFit: 1,
      hidden: 0,
      replied: 1,
      warning: null,
    });
    // Three of four leads marked not a fit or hidden.
    assert.deepEqual(k.get('no-shows'), {
      keyword: 'no-shows',
      verdict: 'rejected',
      matched: 6,
      leads: 4,
      meanScore: 54,
      notFit: 2,
      hidden: 1,
      replied: 0,
      warning: null,
    });
    // A hundred matches and one lead.
    assert.equal(k.get('salon')?.verdict, 'noisy');
    assert.equal(k.get('salon')?.matched, 100);
    assert.equal(k.get('salon')?.leads, 1);
    // A fifth of what the scans read, and noise: keyword health says what to do.
    assert.match(
      k.get('salon')?.warning ?? '',
      /^Matches 20% of the 500 posts and comments of the last 30 days/,
    );
    // Counted at 0 in both scans (its 9 matches were before the window).
    assert.equal(k.get('zebra crossing')?.verdict, 'dead');
    assert.equal(k.get('zebra crossing')?.matched, 0);
    // Never counted by a scan in the window: not called dead.
    assert.equal(k.get('filler 0')?.verdict, 'uncounted');
    assert.equal(k.get('filler 0')?.matched, null);
    assert.equal(k.get('-hiring')?.verdict, 'exclusion');
    assert.equal(k.get('past the plan')?.verdict, 'over-limit');
  });

  test('days narrows the window', async () => {
    const stats = await statsOf('?days=1');
    assert.equal(stats.days, 1);
    assert.equal(stats.scans, 0);
    assert.equal(byKeyword(stats).get('Booking App')?.verdict, 'uncounted');
    const wide = await statsOf('?days=90');
    assert.equal(byKeyword(wide).get('Booking App')?.matched, 540);
    assert.equal(byKeyword(wide).get('zebra crossing')?.verdict, 'ok', 'it matched 9 items 40 days ago');
  });

  test('bad input is a 400 naming the parameter, never a 500', async () => {
    for (const query of ['?days=0', '?days=91', '?days=abc', '?days=1.5', '?days=']) {
      const res = await d.owner.get(`/projects/${projectId}/keywords${query}`);
      assert.equal(res.status, 400, `${query}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, /^Invalid days.*: must be an integer from 1 to 90\.$/, query);
    }
    // An id longer than any id names no project, as on the neighbouring routes.
    const long = await d.owner.get(`/projects/${'x'.repeat(101)}/keywords`);
    assert.equal(long.status, 404);
    assert.equal(long.body.error.code, 'not_found');
  });

  test("another account's project, an unknown id or no session: nothing is told", async () => {
    for (const path of [
      `/projects/${projectId}/keywords`,
      '/projects/no-such-project/keywords',
      `/projects/${encodeURIComponent('bad id;')}/keywords`,
    ]) {
      const res = await d.other.get(path);
      assert.equal(res.status, 404, path);
      assert.equal(res.body.error.code, 'not_found');
      assert.ok(!JSON.stringify(res.body).includes('Booking'));
    }
    const anon = dashboardClient(t);
    assert.equal((await anon.get(`/projects/${projectId}/keywords`)).status, 401);
  });
});
