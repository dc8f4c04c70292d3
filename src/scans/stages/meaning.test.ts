import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../config/index.ts';
import type { Embedder } from '../../scoring/embedder.ts';
import type { RedditItem } from '../../upstream/source.ts';
import { noMeaning, planMeaning, readMeaning } from './meaning.ts';
import { watchProjects } from './plan.ts';

const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', SEO_PROVIDER: 'none' });
const project = (id: string) => ({
  id,
  name: id,
  url: null,
  pain: `pain of ${id}`,
  solution: null,
  targetUsers: null,
  geography: null,
  budgetFit: null,
  scoreThreshold: 0,
  keywords: ['crm'],
  subreddits: [],
  competitors: [],
  tier: 'connected' as const,
  userId: 'u',
});
const w = watchProjects([project('a'), project('b')], config, 'v1');
const silent = { info() {}, warn() {} };

const item = (kind: 'post' | 'comment', id: string, text: string): RedditItem => ({
  kind,
  id,
  postId: kind === 'post' ? id : 'p0',
  subreddit: 'sales',
  title: text,
  body: text,
  author: 'x',
  url: `https://www.reddit.com/r/sales/comments/${id}/`,
  createdAt: new Date(0),
});

/** Unit vectors of length 2; counts the texts it is asked for. */
function fakeEmbedder(fail = false) {
  const asked: string[] = [];
  const embedder: Embedder = {
    async embed(texts) {
      if (fail) throw new Error('encoder down');
      asked.push(...texts);
      return texts.map(() => new Float32Array([1, 0]));
    },
    counts: { encoded: 0, stored: 0 },
  };
  return { embedder, asked };
}

test('a matched post is encoded once however many projects match it, with each profile', async () => {
  const { embedder, asked } = fakeEmbedder();
  const p = item('post', 'p1', 'which crm?');
  const meaningOf = await readMeaning({ embedder, log: silent }, w, [p], new Set(['a', 'b']));
  assert.equal(asked.filter((t) => t.includes('which crm?')).length, 1);
  assert.ok(asked.some((t) => t.includes('pain of a')));
  assert.ok(asked.some((t) => t.includes('pain of b')));
  assert.ok(meaningOf('a', p));
  assert.ok(meaningOf('b', p));
});

test('comments and unmatched posts are not encoded', async () => {
  const { embedder, asked } = fakeEmbedder();
  const meaningOf = await readMeaning(
    { embedder, log: silent },
    w,
    [item('comment', 'c1', 'a crm'), item('post', 'p2', 'nothing to see')],
    new Set(['a']),
  );
  assert.equal(meaningOf, noMeaning);
  assert.deepEqual(asked, []);
});

test('without an encoder, or when it fails, local scores stay as they are (with a warning)', async () => {
  const p = item('post', 'p1', 'which crm?');
  assert.equal(await readMeaning({ embedder: null, log: silent }, w, [p], new Set(['a'])), noMeaning);
  const warned: unknown[] = [];
  const meaningOf = await readMeaning(
    { embedder: fakeEmbedder(true).embedder, log: { info() {}, warn: (o) => warned.push(o) } },
    w,
    [p],
    new Set(['a']),
  );
  assert.equal(meaningOf, noMeaning);
  assert.deepEqual(warned, [{ err: 'encoder down' }]);
});

test('the work is done a piece at a time, the posts standing highest above a threshold first', async () => {
  const { embedder, asked } = fakeEmbedder();
  const weak = item('post', 'p1', 'crm');
  const strong = item(
    'post',
    'p2',
    'Which crm should I buy for my small sales team? Looking for recommendations',
  );
  const work = planMeaning({ embedder, log: silent }, w, [weak, strong], new Set(['a']));
  assert.equal(work.pending, 2);
  assert.equal(work.ready('a', strong), false);
  assert.equal(work.ready('a', item('comment', 'c1', 'a crm')), true, 'comments need no vector');
  await work.encodeNext(1);
  assert.ok(asked[0]!.includes('Which crm should I buy'), 'the likelier lead is read first');
  assert.ok(
    asked.some((t) => t.includes('pain of a')),
    'the profile with the first piece',
  );
  assert.equal(work.ready('a', strong), true);
  assert.ok(work.meaningOf('a', strong));
  assert.equal(work.ready('a', weak), false);
  assert.equal(work.meaningOf('a', weak), undefined);
  const profileTexts = asked.filter((t) => t.includes('pain of a')).length;
  await work.encodeNext(5);
  assert.equal(work.pending, 0);
  assert.equal(work.encoded, 2);
  assert.equal(asked.filter((t) => t.includes('pain of a')).length, profileTexts, 'profiles once');
});

test('an encoder that fails midway leaves every match ready, at its local score', async () => {
  const warned: unknown[] = [];
  const p = item('post', 'p1', 'which crm?');
  const work = planMeaning(
    { embedder: fakeEmbedder(true).embedder, log: { info() {}, warn: (o) => warned.push(o) } },
    w,
    [p],
    new Set(['a']),
  );
  assert.equal(work.ready('a', p), false);
  await work.encodeNext(10);
  assert.equal(work.ready('a', p), true);
  assert.equal(work.meaningOf('a', p), undefined);
  assert.equal(work.pending, 0);
  assert.equal(warned.length, 1);
});
