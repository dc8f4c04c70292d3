import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { DEMO_PROJECT } from '../src/demo.ts';
import { meaningPoints, unit } from '../src/domain/scoring/meaning.ts';
import weights from '../src/domain/scoring/meaning-weights.json' with { type: 'json' };
import {
  itemText,
  type MeaningVectors,
  profileTexts,
  type ScoringItem,
  scoreItem,
} from '../src/domain/scoring.ts';
import { createEmbedder } from '../src/scoring/embedder.ts';
import { createVectorsRepo } from '../src/scoring/vectors.repo.ts';
import { createAccount, createProject, createTestDb, startTestApp } from './harness.ts';
import { booking } from './profiles.ts';

// The meaning stage with the real encoder (the npm package's Universal Sentence Encoder, nothing faked).
const post = (title: string, body: string): ScoringItem => ({
  kind: 'post',
  title,
  body,
  subreddit: 'smallbusiness',
  author: 'someone',
});
const request = post(
  'Anyone using an app for appointment reminders?',
  'Our studio loses a few clients a week to no-shows. Is there a tool that sends reminders and takes deposits?',
);
const howTo = post(
  'How do I reduce no-shows at my salon?',
  'Just curious what policies people have. Do you charge a fee?',
);
const sharing = post(
  'My salon had its best month ever',
  'Just wanted to share, bookings were up 30% this month and the team is happy.',
);
const seller = post(
  'I built a booking app for salons, looking for feedback',
  'After two years of work we launched our scheduling tool with reminders. Check it out at https://example.com',
);

const embedder = createEmbedder();
let profile: Float32Array[];
const vectorsOf = async (item: ScoringItem): Promise<MeaningVectors> => ({
  post: (await embedder.embed([itemText(item)]))[0]!,
  profile,
});

describe('meaning stage', () => {
  before(async () => {
    profile = await embedder.embed(profileTexts(booking));
  });

  test('a request for a tool gains on posts that share its words but ask for nothing', async () => {
    const [r, h, s] = await Promise.all([request, howTo, sharing].map(vectorsOf));
    const points = { request: meaningPoints(r!), howTo: meaningPoints(h!), sharing: meaningPoints(s!) };
    assert.ok(points.request > 5, JSON.stringify(points));
    assert.ok(points.request > points.howTo + 5, JSON.stringify(points));
    assert.ok(points.request > points.sharing + 5, JSON.stringify(points));
    assert.ok(scoreItem(request, booking, r).score > scoreItem(request, booking).score);
    assert.ok(scoreItem(sharing, booking, s).score <= scoreItem(sharing, booking).score);
  });

  test('sellers and comments keep the local score; without vectors the score is the local one', async () => {
    const v = await vectorsOf(seller);
    const local = scoreItem(seller, booking);
    assert.equal(local.sellerSide, true);
    assert.deepEqual(scoreItem(seller, booking, v), local);
    const comment: ScoringItem = { ...request, kind: 'comment' };
    assert.deepEqual(scoreItem(comment, booking, await vectorsOf(comment)), scoreItem(comment, booking));
    assert.deepEqual(scoreItem(request, booking, undefined), scoreItem(request, booking));
  });

  test('a large push is told in the reason unless the reason already reads a request; a small one is not', async () => {
    // The direction the stage's weights lift most, and its opposite: pushes far beyond 15 points either way.
    const up = { post: unit(weights.post), profile };
    const down = { post: unit(weights.post.map((x) => -x)), profile };
    assert.ok(meaningPoints(up) >= 15 && meaningPoints(down) <= -15);
    const problem = post(
      'Double bookings again',
      'My receptionist double booked two clients on Saturday. Our paper calendar is a mess.',
    );
    assert.equal(scoreItem(problem, booking).stage, 'problem-aware');
    assert.match(
      scoreItem(problem, booking, up).reason ?? '',
      /; ranked higher: read as a whole, it sounds like a buyer's request$/,
    );
    // A post the rules read as asking nothing, lifted, says it once: no "asks for nothing" beside "sounds like a request".
    const topical = post(
      'Booking calendar for a salon',
      'We have two chairs and a paper calendar at the front desk.',
    );
    assert.match(scoreItem(topical, booking).reason ?? '', /^About .*, but asks for nothing$/);
    const lifted = scoreItem(topical, booking, up).reason ?? '';
    assert.doesNotMatch(lifted, /asks for nothing/);
    assert.match(
      lifted,
      /^About [^;]+; ranked higher: asks in no usual words, but read as a whole it sounds like a buyer's request$/,
    );
    // Its stage is the one that reason tells: it seeks a solution (the rules alone found none).
    assert.equal(scoreItem(topical, booking).stage, null);
    assert.equal(scoreItem(topical, booking, up).stage, 'solution-seeking');
    // A request the rules already name gains without a second word for it, and a lowered one says why.
    assert.equal(scoreItem(request, booking).stage, 'solution-seeking');
    assert.doesNotMatch(scoreItem(request, booking, up).reason ?? '', /read as a whole/);
    assert.match(
      scoreItem(request, booking, down).reason ?? '',
      /; ranked lower: read as a whole, it sounds less like a buyer's request than its keywords suggest$/,
    );
    for (const item of [howTo, sharing]) {
      const m = await vectorsOf(item);
      assert.ok(Math.abs(meaningPoints(m)) < 15);
      assert.equal(scoreItem(item, booking, m).reason, scoreItem(item, booking).reason);
    }
  });

  test('the score stays on the 0-100 scale and the stage follows the moved score', async () => {
    const v = await vectorsOf(request);
    for (const shift of [-1, 1]) {
      // Vectors pointing with or against what the stage learned move the score far, and it stays in range.
      const pushed = { post: v.post.map((x) => x * shift), profile };
      const s = scoreItem(request, booking, { ...pushed, post: Float32Array.from(pushed.post) });
      assert.ok(s.score >= 0 && s.score <= 100, String(s.score));
      // Below 30 a stage is a weak lead's, as the reason says, and never "ready to buy".
      if (s.score < 30 && s.stage !== null) {
        assert.notEqual(s.stage, 'purchase-ready');
        assert.match(s.reason ?? '', /^Weak lead: /);
      }
    }
  });

  test('encoding leaves the event loop free: timers fire while a batch of posts is encoded', async () => {
    const e = createEmbedder();
    await e.embed(['the model loaded first']);
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
    }, 1);
    try {
      await e.embed(
        Array.from({ length: 32 }, (_, i) => `Post ${i}: which booking app stops no-shows at a small salon?`),
      );
    } finally {
      clearInterval(timer);
    }
    // On the main thread the model held the loop for the whole batch and no timer fired until it was done.
    assert.ok(ticks > 0, `${ticks} timer ticks during the batch`);
  });

  test('texts spread over two threads come back in order, the same vectors as from one thread', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => `Post ${i}: which invoicing app do freelancers like?`);
    const two = await createEmbedder({ threads: 2 }).embed(texts);
    const one = await createEmbedder({ threads: 1 }).embed(texts);
    assert.equal(two.length, 40);
    for (const [i, v] of two.entries()) assert.deepEqual(Array.from(v), Array.from(one[i]!), `text ${i}`);
    assert.notDeepEqual(Array.from(two[0]!), Array.from(two[1]!));
  });

  test('a call holding more new texts than the embedder keeps still gets every vector', async () => {
    // Keeping two: 'a' is kept, then 'c' and 'd' push it out while the same call asks for it.
    const e = createEmbedder({ keep: 2 });
    const [a] = await e.embed(['salon booking a']);
    const out = await e.embed(['salon booking a', 'salon booking c', 'salon booking d']);
    assert.equal(out.length, 3);
    for (const v of out) assert.equal(v?.length, 512);
    assert.deepEqual(Array.from(out[0]!), Array.from(a!));
  });

  test('the encoder gives unit vectors, the same for the same text, one per text in order', async () => {
    const [a, b, c] = await embedder.embed([
      'booking tool for salons',
      'weather in Paris',
      'booking tool for salons',
    ]);
    assert.equal(a!.length, 512);
    assert.ok(Math.abs(Math.hypot(...a!) - 1) < 1e-4);
    assert.deepEqual(Array.from(a!), Array.from(c!));
    assert.notDeepEqual(Array.from(a!), Array.from(b!));
  });
});

describe('stored vectors', () => {
  test('a text encoded once is read back from the database by another process, bit for bit', async () => {
    const db = await createTestDb();
    try {
      const texts = ['Anyone using an app for appointment reminders?', 'My salon had its best month ever'];
      const first = createEmbedder({ store: createVectorsRepo(db) });
      const a = await first.embed(texts);
      assert.deepEqual(first.counts, { encoded: 2, stored: 0 });
      // A second embedder (another worker, or after a restart) finds both and runs the model on the new one only.
      const second = createEmbedder({ store: createVectorsRepo(db) });
      const b = await second.embed([...texts, 'Hiring a receptionist for my clinic']);
      assert.deepEqual(second.counts, { encoded: 1, stored: 2 });
      assert.deepEqual(Array.from(b[0]!), Array.from(a[0]!));
      assert.deepEqual(Array.from(b[1]!), Array.from(a[1]!));
      const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM text_vectors');
      assert.equal(rows[0]!.n, 3);
    } finally {
      await db.drop();
    }
  });

  test('a store that fails costs the encoding, not the vectors', async () => {
    const broken = {
      get: async () => {
        throw new Error('connection lost');
      },
      put: async () => {
        throw new Error('connection lost');
      },
    };
    const e = createEmbedder({ store: broken });
    const [v] = await e.embed(['booking tool for salons']);
    assert.equal(v!.length, 512);
    assert.deepEqual(e.counts, { encoded: 1, stored: 0 });
  });
});

describe('the meaning stage in a scan', () => {
  const SALON = {
    keywords: DEMO_PROJECT.keywords,
    subreddits: DEMO_PROJECT.subreddits,
    scoreThreshold: 0,
    pain: DEMO_PROJECT.pain,
    solution: DEMO_PROJECT.solution,
    targetUsers: DEMO_PROJECT.targetUsers,
  };
  async function scanOnce(meaning: boolean) {
    const t = await startTestApp({ config: { meaning } });
    try {
      const a = await createAccount(t.services);
      const p = await createProject(t.services, a.userId, { ...SALON, name: 'SlotBook' });
      const queued = await t.services.scans.requestScan(p.id, 'tool');
      const done = await t.services.scans.waitForScan(queued.scanId, 120_000);
      assert.equal(done.status, 'done', JSON.stringify(done));
      const leads = await t.db.query<{
        post_id: string;
        comment_id: string | null;
        score: number;
        seller_side: boolean;
      }>('SELECT post_id, comment_id, score, seller_side FROM leads WHERE project_id = $1', [p.id]);
      const stored = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM text_vectors');
      // A post that copies a lead's story is a place of that lead (ADR 0120), read and encoded like any match.
      const copies = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM lead_places WHERE project_id = $1 AND comment_id IS NULL',
        [p.id],
      );
      return {
        leads: new Map(leads.map((l) => [`${l.post_id}/${l.comment_id}`, l])),
        vectors: stored[0]!.n,
        copies: copies[0]!.n,
      };
    } finally {
      await t.close();
    }
  }

  test('moves the scores of posts, not of comments, and stores each post vector once', async () => {
    const on = await scanOnce(true);
    const off = await scanOnce(false);
    assert.equal(off.vectors, 0);
    assert.ok(on.vectors > 0);
    // Threshold 0: every match is a lead in both runs, so the same items are compared.
    assert.deepEqual([...on.leads.keys()].sort(), [...off.leads.keys()].sort());
    let moved = 0;
    for (const [key, lead] of on.leads) {
      const before = off.leads.get(key)!;
      if (lead.comment_id) assert.equal(lead.score, before.score, key);
      else if (lead.score !== before.score) moved++;
    }
    const posts = [...on.leads.values()].filter((l) => !l.comment_id).length;
    assert.ok(moved > posts / 4, `${moved} of ${posts} post scores moved`);
    // One vector per matched post the rules do not call a seller (a seller is not moved, so not encoded), leads and
    // copies of their stories alike, and per profile part (pain, solution, target users, keywords), none twice.
    const buyers = [...on.leads.values()].filter((l) => !l.comment_id && !l.seller_side).length;
    assert.ok(buyers < posts);
    assert.equal(on.vectors, buyers + on.copies + 4);
  });
});
