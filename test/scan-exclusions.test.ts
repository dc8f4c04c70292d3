// Exclusions apply to what the dashboard shows for a comment: its thread's title (shown as its title) and its body.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fixedClock } from '../src/clock.ts';
import type { RedditItem } from '../src/upstream/source.ts';
import { pagedSource } from './fakes/paged-source.ts';
import { createAccount, createProject, scansOver, startTestApp, type TestApp } from './harness.ts';

const SUB = 'salonexclusions';

function comment(id: string, postId: string, title: string, body: string, at: Date): RedditItem {
  return {
    kind: 'comment',
    id,
    postId,
    subreddit: SUB,
    title,
    body,
    author: `author_${id}`,
    url: `https://www.reddit.com/r/${SUB}/comments/${postId}/_/${id}/`,
    createdAt: at,
  };
}

let t: TestApp;
const clock = fixedClock(new Date());
before(async () => {
  t = await startTestApp({ clock });
});
after(() => t.close());

test("a comment in a thread whose title holds an exclusion ('-hiring') is not a lead; others are", async () => {
  const at = new Date(clock.now().getTime() - 3_600_000);
  const comments = [
    comment(
      'c1',
      'x1',
      '[Hiring] Receptionist for a busy salon',
      'We need booking software that texts reminders.',
      at,
    ),
    comment('c2', 'x2', 'Front desk chaos', 'We need booking software that texts reminders.', at),
  ];
  const scans = scansOver(t, pagedSource({ comments: [comments] }));
  const acct = await createAccount(t.services);
  const project = await createProject(t.services, acct.userId, {
    pain: 'Salons lose bookings to phone tag',
    solution: 'Online booking with SMS reminders',
    keywords: ['booking software', '-hiring'],
    subreddits: [SUB],
    scoreThreshold: 0,
  });
  const queued = await scans.requestScan(project.id, 'tool');
  const done = await scans.waitForScan(queued.scanId, 60_000);
  assert.equal(done.status, 'done', JSON.stringify(done));
  const leads = await t.db.query<{ comment_id: string }>(
    'SELECT comment_id FROM leads WHERE project_id = $1',
    [project.id],
  );
  assert.deepEqual(
    leads.map((l) => l.comment_id),
    ['c2'],
  );
});
