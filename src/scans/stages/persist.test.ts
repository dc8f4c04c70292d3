import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestDb, testConfig } from '../../../test/harness.ts';
import type { RedditItem } from '../../upstream/source.ts';
import { createFetchesRepo } from '../fetches.repo.ts';
import type { NewLead } from '../scan-leads.repo.ts';
import { createScansRepo, ScanTakenOver } from '../scans.repo.ts';
import { persistFailedFetch, persistUnit, type UnitWrite } from './persist.ts';
import { type Watchlist, watchProjects } from './plan.ts';

let db: Awaited<ReturnType<typeof createTestDb>>;
let w: Watchlist;
let projectId: string;
const now = new Date('2026-03-01T12:00:00Z');

before(async () => {
  db = await createTestDb();
  const [user] = await db.query<{ id: string }>(
    `INSERT INTO users (email) VALUES ('p@example.com') RETURNING id`,
  );
  const [project] = await db.query<{ id: string }>(
    `INSERT INTO projects (user_id, name, keywords, subreddits) VALUES ($1, 'CRM', '{crm}', '{sales}') RETURNING id`,
    [user!.id],
  );
  projectId = project!.id;
  const repo = createScansRepo(db);
  w = watchProjects(await repo.allProjects(), testConfig(), await repo.projectsVersion());
});
after(() => db.drop());

/** A scan of the project, claimed: its owner is the fencing token a unit writes under. */
async function claimedScan() {
  const repo = createScansRepo(db);
  await db.query(`UPDATE scans SET status = 'done' WHERE project_id = $1`, [projectId]);
  const scanId = (await repo.insertQueued(projectId, 'tool', now))!;
  const scan = (await repo.claim(scanId, now, null))!;
  return { scanId, owner: scan.owner };
}

const post = (id: string): RedditItem => ({
  kind: 'post',
  id,
  postId: id,
  subreddit: 'sales',
  title: `Which CRM? ${id}`,
  body: '',
  author: 'x',
  url: `https://www.reddit.com/r/sales/comments/${id}/`,
  createdAt: new Date('2026-03-01T00:00:00Z'),
});

const lead = (item: RedditItem): NewLead => ({
  projectId,
  item,
  score: 80,
  stage: null,
  reason: null,
  matchedPhrase: 'crm',
  sellerSide: false,
  reply: 'a reply',
  scoredAt: now,
  costUsd: 0.01,
});

const unit = (scan: { scanId: string; owner: string }, items: RedditItem[]): UnitWrite => ({
  ...scan,
  projectId,
  listing: 'search:crm',
  now,
  calls: [
    {
      projectId,
      api: 'fake.search',
      costUsd: 0.01,
      reused: false,
      ok: true,
      calledAt: now,
      scanId: scan.scanId,
      fetchId: null,
    },
  ],
  leads: items.map(lead),
  threads: [],
  served: [projectId],
  upTo: '1',
  figures: { calls: 1, costUsd: 0.01, itemsSeen: items.length },
});

const count = async (sql: string) => Number((await db.query<{ n: string }>(sql, [projectId]))[0]!.n);

test('a unit commits its leads, calls, watermark and figures, and returns each new lead once', async () => {
  const scan = await claimedScan();
  const created = await db.transaction((tx) => persistUnit(tx, w, unit(scan, [post('a1'), post('a2')])));
  assert.deepEqual(
    created.map((l) => [l.projectId, l.projectName, l.title]),
    [
      [projectId, 'CRM', 'Which CRM? a1'],
      [projectId, 'CRM', 'Which CRM? a2'],
    ],
  );
  assert.equal(await createFetchesRepo(db).watermark(projectId, 'search:crm'), '1');
  const record = (await createScansRepo(db).getScan(scan.scanId))!;
  assert.equal(record.newLeads, 2);
  assert.equal(record.calls, 1);
  // The same items again are no new leads.
  const again = await db.transaction((tx) => persistUnit(tx, w, unit(scan, [post('a1')])));
  assert.deepEqual(again, []);
});

test('a unit of a scan another runner has taken over is fenced: nothing of it is written', async () => {
  const stale = await claimedScan();
  // Another runner claims the scan: the first runner's token is stale now.
  await createScansRepo(db).claim(stale.scanId, now, new Date(now.getTime() + 1));
  const leadsBefore = await count('SELECT count(*) AS n FROM leads WHERE project_id = $1');
  const callsBefore = await count('SELECT count(*) AS n FROM upstream_calls WHERE project_id = $1');
  await assert.rejects(
    db.transaction((tx) => persistUnit(tx, w, unit(stale, [post('b1')]))),
    (err) => err instanceof ScanTakenOver,
  );
  assert.equal(await count('SELECT count(*) AS n FROM leads WHERE project_id = $1'), leadsBefore);
  assert.equal(await count('SELECT count(*) AS n FROM upstream_calls WHERE project_id = $1'), callsBefore);
});

test('a failed fetch records the calls it paid for and its error on the scan', async () => {
  const scan = await claimedScan();
  const forgotten = await db.transaction((tx) =>
    persistFailedFetch(tx, {
      ...scan,
      projectId,
      listing: 'new:sales',
      at: now,
      failed: { error: 'HTTP 500', calls: [{ api: 'fake.new', costUsd: 0.02, ok: false }], gone: [] },
    }),
  );
  assert.deepEqual(forgotten, []);
  const record = (await createScansRepo(db).getScan(scan.scanId))!;
  assert.deepEqual(record.errors, ['new:sales: HTTP 500']);
  assert.equal(record.calls, 1);
  assert.equal(record.costUsd, 0.02);
  assert.deepEqual(record.subreddits, [{ name: 'sales', itemsSeen: 0 }]);
});
