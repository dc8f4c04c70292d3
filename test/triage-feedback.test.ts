import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixedClock } from '../src/clock.ts';
import type { RedditItem, UpstreamSource } from '../src/upstream/source.ts';
import { pagedSource } from './fakes/paged-source.ts';
import { createAccount, createProject, scansOver, startTestApp, type TestApp } from './harness.ts';

const SUB = 'salonowners';
const PROFILE = {
  pain: 'Small salons lose bookings to phone tag and no-shows',
  solution: 'Online booking page with SMS reminders and deposits',
  targetUsers: 'Owners of small hair salons and nail studios',
  budgetFit: 'under $50 per month',
  keywords: ['booking software'],
  subreddits: [SUB],
  scoreThreshold: 10,
};

function postIn(id: string, title: string, body: string, at: Date, sub = SUB): RedditItem {
  return {
    kind: 'post',
    id,
    postId: id,
    subreddit: sub,
    title,
    body,
    author: `author_${id}`,
    url: `https://www.reddit.com/r/${sub}/comments/${id}/_/`,
    createdAt: at,
  };
}

/** Two pages of r/salonowners: the first before triage, the second (after the cursor) after it. */
function twoPages(start: Date, sub = SUB): UpstreamSource {
  const t = (min: number) => new Date(start.getTime() - 3_600_000 + min * 60_000);
  const post = (id: string, title: string, body: string, at: Date) =>
    postIn(sub === SUB ? id : `${sub}_${id}`, title, body, at, sub);
  const first = [
    post(
      'aa1',
      'Booking software for my mobile dog grooming van?',
      'I drive a grooming van around the county washing dogs and need booking software that knows my route.',
      t(1),
    ),
    post('aa2', 'Booking software for a 3-chair hair salon?', 'Clients keep missing appointments.', t(2)),
  ];
  const second = [
    post(
      'bb1',
      'Any booking software for a dog grooming van?',
      'Mobile dog grooming, I wash dogs in my van on a route around the county. What booking software works?',
      t(3),
    ),
    post(
      'bb2',
      'Booking software for a nail studio?',
      'Two nail techs, clients keep missing appointments.',
      t(4),
    ),
  ];
  return pagedSource({ posts: [first, second] });
}

describe('triage feedback', () => {
  let t: TestApp;
  const clock = fixedClock(new Date());
  before(async () => {
    t = await startTestApp({ clock });
  });
  after(() => t.close());

  /** A scan service over twoPages of `sub`, a scan run to its end, and the one lead of a post in a project. */
  const scanRig = (sub = SUB) => {
    const scans = scansOver(t, twoPages(clock.now(), sub));
    const scan = async (projectId: string) => {
      const q = await scans.requestScan(projectId, 'tool');
      const done = await scans.waitForScan(q.scanId, 60_000);
      assert.equal(done.status, 'done', JSON.stringify(done));
    };
    const lead = async (projectId: string, postId: string) => {
      const rows = await t.db.query<{ id: string; score: number; reason: string }>(
        'SELECT id, score, reason FROM leads WHERE project_id = $1 AND post_id = $2',
        [projectId, sub === SUB ? postId : `${sub}_${postId}`],
      );
      assert.equal(rows.length, 1, `one lead for ${postId}`);
      return rows[0]!;
    };
    return { scan, lead };
  };

  test('a lead marked not a fit lowers its near-duplicates for that project only, and the reason says so', async () => {
    const { scan, lead } = scanRig();

    const triaged = await createProject(t.services, (await createAccount(t.services)).userId, PROFILE);
    const other = await createProject(t.services, (await createAccount(t.services)).userId, PROFILE);
    await scan(triaged.id);
    await scan(other.id);
    const van = await lead(triaged.id, 'aa1');
    await t.db.query(`UPDATE leads SET status = 'not_fit' WHERE id = $1`, [van.id]);

    clock.advance(24 * 3_600_000);
    await scan(triaged.id);
    await scan(other.id);

    const mine = await lead(triaged.id, 'bb1');
    const theirs = await lead(other.id, 'bb1');
    assert.ok(mine.score < theirs.score * 0.8, `near-duplicate ${mine.score} vs untouched ${theirs.score}`);
    assert.match(mine.reason, /like a lead you marked hidden or not a fit/);
    assert.doesNotMatch(theirs.reason, /marked/);
    // An unrelated salon lead of the triaged project keeps the score the other project gives it.
    assert.equal((await lead(triaged.id, 'bb2')).score, (await lead(other.id, 'bb2')).score);
  });

  test('a lead marked replied, or hidden by a raised threshold, teaches nothing: its near-duplicates keep their score', async () => {
    const { scan, lead } = scanRig('barbers');
    const owners = await Promise.all([1, 2, 3, 4].map(() => createAccount(t.services)));
    const [replied, belowThreshold, hidden, untouched] = await Promise.all(
      owners.map((o) => createProject(t.services, o.userId, { ...PROFILE, subreddits: ['barbers'] })),
    );
    for (const p of [replied!, belowThreshold!, hidden!, untouched!]) await scan(p.id);

    await t.services.leads.markReplied(owners[0]!.userId, replied!.id, [(await lead(replied!.id, 'aa1')).id]);
    // The threshold is raised above the van lead only, which is then hidden in one action, and lowered again.
    const van = await lead(belowThreshold!.id, 'aa1');
    await t.db.query('UPDATE projects SET score_threshold = $2 WHERE id = $1', [
      belowThreshold!.id,
      van.score + 1,
    ]);
    const hid = await t.services.leads.hideBelowThreshold(owners[1]!.userId, belowThreshold!.id);
    assert.deepEqual(
      hid.leads.map((l) => l.id),
      [van.id],
    );
    await t.db.query('UPDATE projects SET score_threshold = 10 WHERE id = $1', [belowThreshold!.id]);
    await t.services.leads.setLeadStatus(
      owners[2]!.userId,
      hidden!.id,
      [(await lead(hidden!.id, 'aa1')).id],
      'hidden',
    );

    clock.advance(24 * 3_600_000);
    for (const p of [replied!, belowThreshold!, hidden!, untouched!]) await scan(p.id);

    const base = await lead(untouched!.id, 'bb1');
    for (const p of [replied!, belowThreshold!]) {
      const near = await lead(p.id, 'bb1');
      assert.equal(near.score, base.score, `${p.id}: ${near.reason}`);
      assert.doesNotMatch(near.reason, /marked/);
    }
    // Hidden by hand is a rejection: it still lowers.
    assert.ok((await lead(hidden!.id, 'bb1')).score < base.score * 0.8);
  });
});
