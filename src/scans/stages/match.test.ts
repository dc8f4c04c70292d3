import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileMatcher } from '../../domain/matching.ts';
import type { RedditItem } from '../../upstream/source.ts';
import { keywordCounts, leadKey, matchItems } from './match.ts';

const w = {
  matcher: compileMatcher([
    { id: 'a', keywords: ['crm', 'Invoice Tool'] },
    { id: 'b', keywords: ['crm'] },
  ]),
};

function item(over: Partial<RedditItem>): RedditItem {
  return {
    kind: 'post',
    id: 'p1',
    postId: 'p1',
    subreddit: 'sales',
    title: '',
    body: '',
    author: 'someone',
    url: 'https://www.reddit.com/r/sales/comments/p1/',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...over,
  };
}

test('finds the keyword in a post and asks for its thread', () => {
  const post = item({ title: 'Which CRM do you use?' });
  const m = matchItems(w, [post], new Set(['a']));
  assert.deepEqual(m.matches, [{ projectId: 'a', item: post, keyword: 'crm' }]);
  assert.deepEqual(m.threads, [
    { projectId: 'a', postId: 'p1', postedAt: post.createdAt, subreddit: 'sales' },
  ]);
  assert.deepEqual(m.byKeyword.get('a'), new Map([['crm', 1]]));
});

test('only served projects match, each once per item', () => {
  const post = item({ title: 'crm crm crm' });
  assert.deepEqual(
    matchItems(w, [post], new Set(['a', 'b'])).matches.map((m) => m.projectId),
    ['a', 'b'],
  );
  assert.deepEqual(
    matchItems(w, [post], new Set(['b'])).matches.map((m) => m.projectId),
    ['b'],
  );
  assert.equal(matchItems(w, [post], new Set()).matches.length, 0);
});

test('a comment matches on its own body, not its post title, and asks for no thread', () => {
  const comment = item({
    kind: 'comment',
    id: 'c1',
    title: 'Which CRM do you use?',
    body: 'we built our own',
  });
  assert.equal(matchItems(w, [comment], new Set(['a'])).matches.length, 0);
  const m = matchItems(w, [{ ...comment, body: 'a CRM, obviously' }], new Set(['a']));
  assert.equal(m.matches.length, 1);
  assert.deepEqual(m.threads, []);
  assert.equal(leadKey('a', comment), 'a/p1/c1');
  assert.equal(leadKey('a', item({})), 'a/p1/');
});

test('a keyword is reported and counted as the project spells it, whatever form the text has', () => {
  const post = item({ title: 'Which invoice tools do you use?' });
  const m = matchItems(w, [post], new Set(['a']));
  assert.deepEqual(m.matches, [{ projectId: 'a', item: post, keyword: 'Invoice Tool' }]);
  assert.deepEqual(
    keywordCounts({ matchKeywords: ['crm', 'Invoice Tool'] }, m.byKeyword.get('a')),
    new Map([
      ['crm', 0],
      ['Invoice Tool', 1],
    ]),
  );
});
