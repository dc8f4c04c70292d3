import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../config/index.ts';
import type { LeadScore } from '../../domain/scoring.ts';
import type { LeadScorer } from '../../scoring/lead-scorer.ts';
import type { RedditItem } from '../../upstream/source.ts';
import { askModel, chargeModel, type ModelPhase } from './model.ts';
import { watchProjects } from './plan.ts';

const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', SEO_PROVIDER: 'none' });
const w = watchProjects(
  [
    {
      id: 'a',
      name: 'A',
      url: null,
      pain: null,
      solution: null,
      targetUsers: null,
      geography: null,
      budgetFit: null,
      scoreThreshold: 50,
      keywords: ['crm'],
      subreddits: [],
      competitors: [],
      tier: 'connected',
      userId: 'u',
    },
  ],
  config,
  'v1',
);

const post = (id: string, title: string): RedditItem => ({
  kind: 'post',
  id,
  postId: id,
  subreddit: 'sales',
  title,
  body: '',
  author: 'x',
  url: `https://www.reddit.com/r/sales/comments/${id}/`,
  createdAt: new Date(0),
});

const scored = (score: number): LeadScore => ({
  score,
  stage: null,
  reason: null,
  sellerSide: false,
  matchedPhrase: null,
});

/** A model that scores each title by the number in it and drafts "reply to <key>", counting calls at once. */
function fakeScorer() {
  const seen = { scored: [] as string[], drafted: [] as string[], inFlight: 0, most: 0 };
  const call = { api: 'llm.fake', costUsd: 0.001, ok: true };
  const scorer = {
    async score(item, _profile, key) {
      seen.scored.push(key);
      seen.most = Math.max(seen.most, ++seen.inFlight);
      await new Promise((r) => setTimeout(r, 5));
      seen.inFlight--;
      return { score: scored(Number(item.title.match(/\d+/)?.[0] ?? 0)), calls: [call], errors: [] };
    },
    async draft(_item, _profile, _lead, key) {
      seen.drafted.push(key);
      return { reply: `reply to ${key}`, calls: [call], errors: [] };
    },
  } satisfies LeadScorer;
  return { scorer, seen };
}

test('the model scores matched items that are not leads yet, and drafts only for those at the threshold', async () => {
  const { scorer, seen } = fakeScorer();
  const items = [post('p1', 'crm 80'), post('p2', 'crm 20'), post('p3', 'crm 90'), post('p4', 'no match 99')];
  const phase = await askModel(
    { scorer, concurrency: 2, existingLeads: async () => new Set(['a/p3/']) },
    w,
    items,
    new Set(['a']),
  );
  assert.deepEqual(seen.scored.sort(), ['t3_p1', 't3_p2']);
  assert.deepEqual(seen.drafted, ['t3_p1']);
  assert.equal(phase.refined.get('a/p1/')?.reply, 'reply to t3_p1');
  assert.equal(phase.refined.get('a/p2/')?.reply, undefined);
  assert.equal(phase.calls.length, 3);
  assert.ok(seen.most <= 2);
});

test('no matched item, no model call', async () => {
  const { scorer, seen } = fakeScorer();
  const phase = await askModel(
    { scorer, concurrency: 4, existingLeads: async () => assert.fail('not asked') },
    w,
    [post('p1', 'nothing here')],
    new Set(['a']),
  );
  assert.equal(phase.refined.size, 0);
  assert.deepEqual(seen.scored, []);
});

test("the scanned project's share of the model's cost, with its errors once each", () => {
  const call = { api: 'llm', costUsd: 0.5, ok: true };
  const phase: ModelPhase = {
    refined: new Map(),
    calls: [
      { projectId: 'a', call },
      { projectId: 'b', call },
      { projectId: 'a', call },
    ],
    errors: [
      { projectId: 'a', error: 'timeout' },
      { projectId: 'a', error: 'timeout' },
      { projectId: 'b', error: 'other' },
    ],
  };
  const at = new Date();
  const charge = chargeModel(phase, 's', 'a', at);
  assert.equal(charge.calls, 2);
  assert.equal(charge.costUsd, 1);
  assert.deepEqual(charge.errors, ['timeout (2 items)']);
  assert.deepEqual(
    charge.rows.map((r) => [r.projectId, r.scanId, r.reused, r.fetchId]),
    [
      ['a', 's', false, null],
      ['b', null, false, null],
      ['a', 's', false, null],
    ],
  );
});
