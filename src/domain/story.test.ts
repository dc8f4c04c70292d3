import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  COMMENT_MIN_WORDS,
  groupStories,
  homeFirst,
  isExactKey,
  jaccard,
  STORY_MIN_WORDS,
  type StoryItem,
  sameStory,
  storyPrint,
  storyWords,
} from './story.ts';

const BODY =
  'We run a two chair salon and lose about five bookings a week to phone tag. Our receptionist left and ' +
  'nobody answers during cuts. Looking for booking software with SMS reminders and deposits under fifty ' +
  'dollars a month. What do you use and would you pick it again?';

let n = 0;
const post = (body: string, fields: Partial<StoryItem> = {}): StoryItem => ({
  kind: 'post',
  id: `p${n++}`,
  title: 'Booking software for a small salon?',
  body,
  ...fields,
});
const comment = (body: string): StoryItem => ({ kind: 'comment', id: `c${n++}`, title: 'Any post', body });
const same = (a: StoryItem, b: StoryItem) => sameStory(storyPrint(a), storyPrint(b));
const words = (k: number) => Array.from({ length: k }, (_, i) => `word${i}`).join(' ');

describe('same story', () => {
  test('the same body whatever its case, punctuation, spacing and links', () => {
    const copy = BODY.toUpperCase().replaceAll('.', '!!').replaceAll(' ', '   ');
    assert.ok(same(post(BODY), post(`${copy} https://example.com/x?y=1`, { title: 'Another title' })));
    assert.deepEqual(storyWords('Hello, [World](https://x.y/z)! www.a.b ok'), ['hello', 'world', 'ok']);
  });

  test('a near copy (a line added, a word changed) is the same story; a different body under the same title is not', () => {
    const edited = `${BODY.replace('five', '5')} Edit: thanks!`;
    assert.ok(same(post(BODY), post(edited)));
    // A line put first shifts every word: the shingles still match.
    assert.ok(same(post(BODY), post(`Hi all, long time lurker. ${BODY}`)));
    const other =
      'Our barbershop has four chairs and walk-ins only. We want to add online booking so regulars can reserve ' +
      'a slot, but we do not want deposits. Which tools integrate with Square and do not charge per text message?';
    assert.ok(!same(post(BODY), post(other)));
  });

  test('short generic posts are never one story, even word for word', () => {
    assert.ok(!same(post('Any recommendations?'), post('Any recommendations?')));
    const short = words(STORY_MIN_WORDS - 1);
    assert.ok(!same(post(short), post(short)));
    assert.ok(same(post(words(STORY_MIN_WORDS)), post(words(STORY_MIN_WORDS))));
  });

  test('a cross-post is its parent’s story whatever its length; two cross-posts of one post are too', () => {
    const parent = post('Any recommendations?');
    const xpost = post('', { crosspostOf: parent.id });
    const xpost2 = post('', { crosspostOf: parent.id });
    assert.ok(same(parent, xpost));
    assert.ok(same(xpost, parent));
    assert.ok(same(xpost, xpost2));
    assert.ok(!same(post('', { crosspostOf: 'other' }), xpost));
  });

  test('a comment is a copy only verbatim and long enough', () => {
    const long = `${BODY} ${BODY}`;
    assert.ok(storyWords(long).length >= COMMENT_MIN_WORDS);
    assert.ok(same(comment(long), post(long)));
    assert.ok(same(comment(long), comment(long)));
    assert.ok(!same(comment(`${long} One more line.`), post(long)), 'near is not enough for a comment');
    const mid = words(STORY_MIN_WORDS + 5);
    assert.ok(STORY_MIN_WORDS + 5 < COMMENT_MIN_WORDS);
    assert.ok(same(post(mid), post(mid)));
    assert.ok(!same(comment(mid), post(mid)), 'long enough for posts, short for a comment');
  });

  test('keys: exact ones (post id, body) odd, bands even; a copy shares them', () => {
    const a = storyPrint(post(BODY));
    const b = storyPrint(post(`${BODY} Edit: thanks!`));
    assert.ok(a.exact.every(isExactKey));
    assert.ok(a.keys.filter((k) => !a.exact.includes(k)).every((k) => !isExactKey(k)));
    assert.equal(a.keys.length, a.exact.length + 8);
    assert.ok(
      a.keys.some((k) => b.keys.includes(k)),
      'a near copy shares a band',
    );
    const x = storyPrint(post('', { crosspostOf: a.id }));
    assert.ok(x.exact.includes(a.exact[0]!), "a cross-post holds its parent's id key");
  });

  test('resemblance is Jaccard over shingles', () => {
    assert.equal(jaccard(new Set([1, 2, 3]), new Set([2, 3, 4])), 0.5);
  });
});

describe('grouping', () => {
  test('copies found together are one group, copies of copies join, others stay apart', () => {
    const a = post(BODY);
    const b = post(`${BODY} Edit: budget is flexible for the right tool, honestly.`);
    const c = post(`${BODY} Edit: budget is flexible for the right tool, honestly. Update: still looking.`);
    const x = post('', { crosspostOf: a.id });
    const other = post(words(40));
    const groups = groupStories([a, other, b, c, x], (i) => i);
    assert.deepEqual(
      groups.map((g) => g.map((i) => i.id)),
      [[a.id, b.id, c.id, x.id], [other.id]],
    );
  });

  test('the home is a post before a comment, then the earliest', () => {
    const at = (ms: number) => new Date(ms);
    const items = [
      { kind: 'comment' as const, id: 'c1', createdAt: at(1) },
      { kind: 'post' as const, id: 'p2', createdAt: at(3) },
      { kind: 'post' as const, id: 'p1', createdAt: at(2) },
    ];
    assert.deepEqual(
      items.sort(homeFirst).map((i) => i.id),
      ['p1', 'p2', 'c1'],
    );
  });
});
