import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { meaningPoints } from '../src/domain/scoring/meaning.ts';
import {
  itemText,
  type MeaningVectors,
  profileTexts,
  type ScoringItem,
  type ScoringProfile,
  scoreItem,
} from '../src/domain/scoring.ts';
import { createEmbedder } from '../src/scoring/embedder.ts';

// The meaning stage with the real encoder (the npm package's Universal Sentence Encoder, nothing faked).
const booking: ScoringProfile = {
  name: 'SlotBook',
  url: 'https://slotbook.example',
  pain: 'Salons and studios lose clients to phone tag, double bookings and no-shows',
  solution: 'Online booking page with automatic reminders, deposits and a shared staff calendar',
  targetUsers: 'Owners of small service businesses: salons, studios, clinics, tutors',
  geography: null,
  budgetFit: 'under $50 per month',
  keywords: ['booking', 'appointments', 'scheduling', 'no-shows', 'calendar'],
  competitors: ['Calendly', 'Acuity', 'Setmore'],
};
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

  test('the score stays on the 0-100 scale and the stage follows the moved score', async () => {
    const v = await vectorsOf(request);
    for (const shift of [-1, 1]) {
      // Vectors pointing with or against what the stage learned move the score far, and it stays in range.
      const pushed = { post: v.post.map((x) => x * shift), profile };
      const s = scoreItem(request, booking, { ...pushed, post: Float32Array.from(pushed.post) });
      assert.ok(s.score >= 0 && s.score <= 100, String(s.score));
      if (s.score < 30) assert.equal(s.stage, null);
    }
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
