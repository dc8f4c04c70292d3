import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../config/index.ts';
import type { LeadScore } from '../../domain/scoring.ts';
import type { RedditItem } from '../../upstream/source.ts';
import { matchItems } from './match.ts';
import { noMeaning } from './meaning.ts';
import { watchProjects } from './plan.ts';
import { createDraftMemory, loadTriage, type ScoreInput, scoreMatches } from './score.ts';

const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', SEO_PROVIDER: 'none' });
const project = (id: string, scoreThreshold: number) => ({
  id,
  name: id,
  url: null,
  pain: 'keeping track of customers in spreadsheets',
  solution: 'a simple CRM for small teams',
  targetUsers: 'small business owners',
  geography: null,
  budgetFit: null,
  scoreThreshold,
  keywords: ['crm'],
  subreddits: [],
  competitors: [],
  tier: 'connected' as const,
  userId: 'u',
});
const w = watchProjects([project('low', 0), project('high', 100)], config, 'v1');

const post: RedditItem = {
  kind: 'post',
  id: 'p1',
  postId: 'p1',
  subreddit: 'smallbusiness',
  title: 'Looking for a CRM recommendation for my 5 person team',
  body: 'We track customers in a spreadsheet and it is a mess. What CRM do you use?',
  author: 'owner',
  url: 'https://www.reddit.com/r/smallbusiness/comments/p1/',
  createdAt: new Date(0),
};

const input = (over: Partial<ScoreInput> = {}): ScoreInput => ({
  triage: new Map(),
  meaningOf: noMeaning,
  costOf: (id) => (id === 'low' ? 0.25 : 0),
  now: new Date('2026-03-01T00:00:00Z'),
  recentOf: createDraftMemory(),
  ...over,
});

test('a match at the threshold becomes a lead with a reply draft and its cost; one below does not', () => {
  const { matches } = matchItems(w, [post], new Set(['low', 'high']));
  const { leads, below } = scoreMatches(w, matches, input());
  assert.equal(leads.length, 1);
  // The one below its threshold is kept apart: a place of a lead if it copies one's story, else nothing.
  assert.deepEqual(
    below.map((b) => [b.projectId, b.item.id]),
    [['high', 'p1']],
  );
  const [lead] = leads;
  assert.equal(lead!.projectId, 'low');
  assert.equal(lead!.matchedPhrase, 'crm');
  assert.equal(lead!.costUsd, 0.25);
  assert.deepEqual(lead!.scoredAt, new Date('2026-03-01T00:00:00Z'));
  assert.ok(lead!.reply.length > 0);
});

test("the model's answer replaces the local score and draft", () => {
  const { matches } = matchItems(w, [post], new Set(['high']));
  const score: LeadScore = {
    score: 100,
    stage: 'comparing',
    reason: 'asks',
    sellerSide: false,
    matchedPhrase: 'crm',
  };
  const { leads } = scoreMatches(
    w,
    matches,
    input({ refined: new Map([['high/p1/', { score, reply: 'model reply' }]]) }),
  );
  assert.equal(leads.length, 1);
  assert.equal(leads[0]!.score, 100);
  assert.equal(leads[0]!.reply, 'model reply');
});

test("a project's draft memory is its own and grows with its drafts", () => {
  const recentOf = createDraftMemory();
  assert.equal(recentOf('low'), recentOf('low'));
  assert.notEqual(recentOf('low'), recentOf('high'));
  const { matches } = matchItems(w, [post], new Set(['low']));
  scoreMatches(w, matches, input({ recentOf }));
  assert.ok(recentOf('low').length > 0);
  assert.equal(recentOf('high').length, 0);
});

test('triage memories are loaded for the projects that rejected leads, and only those', async () => {
  const asked: unknown[] = [];
  const triage = await loadTriage(
    {
      rejectedLeads: async (ids, n) => {
        asked.push(ids, n);
        return [{ project_id: 'low', title: 'Selling my CRM agency', body: null }];
      },
    },
    w,
    new Set(['low', 'high']),
  );
  assert.deepEqual(asked[0], ['low', 'high']);
  assert.deepEqual([...triage.keys()], ['low']);
  assert.ok(triage.get('low'));
});
