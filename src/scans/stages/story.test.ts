import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestDb } from '../../../test/harness.ts';
import type { RedditItem } from '../../upstream/source.ts';
import type { NewLead } from '../scan-leads.repo.ts';
import type { BelowThreshold } from './score.ts';
import { keyOlderLeads, writeStoryLeads } from './story.ts';

let db: Awaited<ReturnType<typeof createTestDb>>;
let projectId: string;
const DAY = 86_400_000;
const t0 = new Date('2026-03-01T12:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * DAY);

const STORY =
  'We are a small bakery with two shops and we still take custom cake orders by phone and paper. Looking for ' +
  'order software that takes deposits online and reminds customers before pickup. What do you use?';

/** A text of its own for each test (the tests share one project, whose leads stay). */
const textOf = (k: string, words = 36) =>
  `order software ${Array.from({ length: words }, (_, i) => `${k}${i}`).join(' ')}`;

before(async () => {
  db = await createTestDb();
  const [user] = await db.query<{ id: string }>(
    `INSERT INTO users (email) VALUES ('s@example.com') RETURNING id`,
  );
  const [project] = await db.query<{ id: string }>(
    `INSERT INTO projects (user_id, name, keywords, subreddits) VALUES ($1, 'Cakes', '{order software}', '{}')
     RETURNING id`,
    [user!.id],
  );
  projectId = project!.id;
});
after(() => db.drop());

let n = 0;
const post = (body: string, createdAt: Date, fields: Partial<RedditItem> = {}): RedditItem => {
  const id = `s${n++}`;
  return {
    kind: 'post',
    id,
    postId: id,
    subreddit: `sub${n}`,
    title: 'Order software for a bakery?',
    body,
    author: 'baker',
    url: `https://www.reddit.com/r/sub${n}/comments/${id}/`,
    createdAt,
    ...fields,
  };
};
const comment = (body: string, createdAt: Date): RedditItem => ({
  ...post(body, createdAt),
  kind: 'comment',
  id: `c${n}`,
  postId: 'elsewhere',
});
const lead = (item: RedditItem, score: number, over: Partial<NewLead> = {}): NewLead => ({
  projectId,
  item,
  score,
  stage: 'solution-seeking',
  reason: `scored ${score}`,
  matchedPhrase: 'order software',
  sellerSide: false,
  reply: `reply to ${item.id}`,
  scoredAt: t0,
  costUsd: 0.01,
  ...over,
});
const below = (item: RedditItem, score: number): BelowThreshold => ({
  projectId,
  item,
  score,
  stage: null,
  reason: null,
  matchedPhrase: 'order software',
  sellerSide: false,
});

const write = (leads: NewLead[], under: BelowThreshold[] = [], now = t0) =>
  db.transaction((tx) => writeStoryLeads(tx, leads, under, now));

const leadRow = async (id: string) =>
  (
    await db.query<{
      post_id: string;
      comment_id: string | null;
      score: number;
      reason: string;
      reply: string;
    }>('SELECT post_id, comment_id, score, reason, reply FROM leads WHERE id = $1', [id])
  )[0];
const placesOf = async (id: string) =>
  (
    await db.query<{ id: string }>(
      `SELECT coalesce(comment_id, post_id) AS id FROM lead_places WHERE lead_id = $1 ORDER BY posted_at, post_id`,
      [id],
    )
  ).map((r) => r.id);

test('copies in one unit: one lead, home the earliest post, score and draft of the best copy', async () => {
  const early = post(STORY, at(0));
  const late = post(STORY, at(0.1));
  const created = await write([lead(late, 80), lead(early, 60)]);
  assert.equal(created.size, 1);
  const [id] = [...created.values()];
  const row = await leadRow(id!);
  assert.equal(row?.post_id, early.id);
  assert.equal(row?.score, 80);
  assert.equal(row?.reply, `reply to ${late.id}`, 'the best copy drafted the reply');
  assert.deepEqual(await placesOf(id!), [late.id]);
});

test('a later copy is a place of the lead; a higher score lifts it, a lower one does not; a copy below its threshold is a place too', async () => {
  const text = textOf('lift');
  const home = post(text, at(0));
  const [id] = [...(await write([lead(home, 50)])).values()];
  const copy = post(`${text} Edit: still looking!`, at(1));
  assert.equal((await write([lead(copy, 70)], [], at(1))).size, 0, 'no new lead');
  let row = await leadRow(id!);
  assert.equal(row?.score, 70);
  assert.equal(row?.reason, 'scored 70');
  assert.equal(row?.post_id, home.id, 'the home stays');
  const weak = post(text, at(2));
  assert.equal((await write([lead(weak, 55)], [], at(2))).size, 0);
  const under = post(text, at(3));
  assert.equal((await write([], [below(under, 10)], at(3))).size, 0);
  row = await leadRow(id!);
  assert.equal(row?.score, 70);
  assert.deepEqual(await placesOf(id!), [copy.id, weak.id, under.id]);
  // Seen again, nothing changes.
  assert.equal((await write([lead(copy, 90)], [], at(4))).size, 0);
  assert.equal((await leadRow(id!))?.score, 70);
});

test('copies below their thresholds alone make no lead', async () => {
  const a = post(textOf('weak'), at(0));
  const b = post(textOf('weak'), at(0.1));
  assert.equal((await write([], [below(a, 10), below(b, 20)])).size, 0);
  assert.equal((await db.query('SELECT 1 FROM lead_places WHERE post_id = $1', [b.id])).length, 0);
});

test('a copy posted beyond the story window is a lead of its own', async () => {
  const text = textOf('window');
  const [first] = [...(await write([lead(post(text, at(0)), 60)])).values()];
  const much = post(text, at(45));
  const created = await write([lead(much, 60)], [], at(45));
  assert.equal(created.size, 1);
  assert.deepEqual(await placesOf(first!), []);
});

test('a comment copying a post word for word and long enough is a place; a short one is not', async () => {
  const long = textOf('comment', 45);
  const [id] = [...(await write([lead(post(long, at(0)), 60)])).values()];
  const copied = comment(long, at(0.5));
  const short = comment(
    'Order software for a bakery that takes deposits online? What do you use, honestly?',
    at(0.6),
  );
  const created = await write([lead(copied, 60), lead(short, 60)], [], at(1));
  assert.equal(created.size, 1, 'the short comment is a lead of its own');
  assert.deepEqual(await placesOf(id!), [copied.id]);
});

test('leads from before story keys get them once, so their copies are found', async () => {
  const text = textOf('older');
  const old = post(text, at(0));
  const [id] = await db.query<{ id: string }>(
    `INSERT INTO leads (project_id, post_id, title, subreddit, url, body, score, posted_at, scored_at)
     VALUES ($1, $2, $3, 'x', $4, $5, 60, $6, $6) RETURNING id`,
    [projectId, old.id, old.title, old.url, text, old.createdAt],
  );
  const keysOf = async () =>
    (await db.query('SELECT key FROM story_keys WHERE lead_id = $1', [id!.id])).length;
  assert.equal(await keysOf(), 0);
  assert.equal(await keyOlderLeads(db, projectId, at(1)), 1);
  assert.ok((await keysOf()) > 2, 'its post id, its body, its bands');
  assert.equal(await keyOlderLeads(db, projectId, at(1)), 0, 'once');
  assert.equal((await write([lead(post(text, at(1)), 60)], [], at(1))).size, 0);
  assert.equal((await placesOf(id!.id)).length, 1);
});
