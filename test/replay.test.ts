import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fixedClock } from '../src/clock.ts';
import { createPriceTable } from '../src/upstream/prices.ts';
import { createReplaySource } from '../src/upstream/replay.ts';
import { type UpstreamCall, UpstreamError } from '../src/upstream/source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const priceOf = createPriceTable({ replayPriceUsd: 0.001, priceOverrides: {} });

/** 250 posts in r/smallbusiness an hour apart, 3 in r/Barber, and comments on the first post. */
function writeCorpus(): string {
  const lines: object[] = [];
  const t0 = 1_300_000_000;
  for (let i = 0; i < 250; i++) {
    lines.push({
      id: `sb${i.toString().padStart(3, '0')}`,
      subreddit: 'smallbusiness',
      author: `u${i}`,
      createdUtc: t0 + i * 3600,
      permalink: `/r/smallbusiness/comments/sb${i}/`,
      title: i % 10 === 0 ? `Need booking software ${i}` : `Post ${i}`,
      body: 'body',
    });
  }
  for (let i = 0; i < 3; i++) {
    lines.push({
      id: `t3_bb${i}`,
      subreddit: 'Barber',
      author: null,
      createdUtc: t0 + i,
      title: `Barber ${i}`,
      body: 'b',
    });
  }
  for (let i = 0; i < 230; i++) {
    lines.push({
      id: `c${i}`,
      subreddit: 'smallbusiness',
      author: 'commenter',
      createdUtc: t0 + 10 + i,
      body: `comment ${i}`,
      parentId: i === 0 ? 't3_sb000' : 't1_c0',
    });
  }
  const dir = mkdtempSync(join(tmpdir(), 'replay-'));
  const file = join(dir, 'corpus.jsonl');
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return file;
}

const file = writeCorpus();
function source(windowDays = 7) {
  const clock = fixedClock(NOW);
  return { clock, src: createReplaySource({ file, windowDays, clock, priceOf }) };
}
const recorder = () => {
  const calls: UpstreamCall[] = [];
  return { calls, report: (c: UpstreamCall) => calls.push(c) };
};

describe('replay source', () => {
  test('maps the oldest item to REPLAY_WINDOW_DAYS ago and the newest to now, linearly', async () => {
    const { src } = source(7);
    const { items } = await src.subredditNew('smallbusiness', null, recorder().report);
    const times = items.map((i) => i.createdAt.getTime());
    assert.equal(Math.max(...times), NOW.getTime());
    // sb000 is the oldest line of the file, sb249 its newest: 249 hours map onto 7 days.
    const sb100 = items.find((i) => i.id === 'sb100')!;
    assert.ok(Math.abs(sb100.createdAt.getTime() - (NOW.getTime() - 7 * DAY + (100 / 249) * 7 * DAY)) < 2);
  });

  test('pages 100 items a call, newest first, and charges each call', async () => {
    const { src } = source();
    const rec = recorder();
    const { items, cursor } = await src.subredditNew('SmallBusiness', null, rec.report);
    assert.equal(items.length, 250);
    assert.equal(items[0]!.id, 'sb249');
    assert.equal(rec.calls.length, 3);
    assert.deepEqual(rec.calls[0], { api: 'replay.subreddit_new', costUsd: 0.001, ok: true });
    assert.ok(cursor);
    assert.equal(items[0]!.url, 'https://www.reddit.com/r/smallbusiness/comments/sb249/');
  });

  test('the cursor returns only newer items; an empty listing still costs one call', async () => {
    const { src, clock } = source();
    const first = await src.subredditNew('smallbusiness', null, recorder().report);
    const rec = recorder();
    const again = await src.subredditNew('smallbusiness', first.cursor, rec.report);
    assert.equal(again.items.length, 0);
    assert.equal(again.cursor, first.cursor);
    assert.equal(rec.calls.length, 1);

    // Items dated after the clock's now are not visible until the clock passes them.
    const later = source();
    later.clock.set(new Date(NOW.getTime() - DAY));
    const early = await later.src.subredditNew('smallbusiness', null, recorder().report);
    later.clock.set(NOW);
    const rest = await later.src.subredditNew('smallbusiness', early.cursor, recorder().report);
    assert.equal(early.items.length + rest.items.length, 250);
    assert.equal(new Set([...early.items, ...rest.items].map((i) => i.id)).size, 250);
    clock.set(NOW);
  });

  test('strips t3_ prefixes, keeps a null author, and reaches about 1,000 items per listing', async () => {
    const { src } = source();
    const { items } = await src.subredditNew('barber', null, recorder().report);
    assert.deepEqual(items.map((i) => i.id).sort(), ['bb0', 'bb1', 'bb2']);
    assert.equal(items[0]!.author, null);
  });

  test('comments know their post, title and parent; a comment tree costs 1 call plus one per 100 more', async () => {
    const { src } = source();
    const rec = recorder();
    const tree = await src.commentTree('t3_sb000', rec.report);
    assert.equal(tree.length, 230);
    assert.ok(
      tree.every(
        (c) => c.kind === 'comment' && c.postId === 'sb000' && c.title === 'Need booking software 0',
      ),
    );
    assert.equal(tree.find((c) => c.id === 'c5')!.parentId, 't1_c0');
    assert.deepEqual(
      rec.calls.map((c) => c.api),
      ['replay.comments', 'replay.morechildren'],
    );
    const listing = await src.subredditComments('smallbusiness', null, recorder().report);
    assert.equal(listing.items.length, 230);
  });

  test('search matches the OR-ed keywords as whole words, newest first', async () => {
    const { src } = source();
    const rec = recorder();
    const { items } = await src.search('"booking software" OR nothinghere', {}, rec.report);
    assert.equal(items.length, 25);
    assert.equal(items[0]!.id, 'sb240');
    assert.equal(rec.calls[0]!.api, 'replay.search');
    const restricted = await src.search('"booking software"', { subreddit: 'barber' }, recorder().report);
    assert.equal(restricted.items.length, 0);
  });

  test('a query over 512 characters and a foreign cursor fail as upstream errors, reported', async () => {
    const { src } = source();
    const rec = recorder();
    await assert.rejects(src.search('x'.repeat(513), {}, rec.report), UpstreamError);
    await assert.rejects(src.subredditNew('smallbusiness', 'not-a-cursor', rec.report), UpstreamError);
    assert.deepEqual(
      rec.calls.map((c) => c.ok),
      [false, false],
    );
  });

  test('a malformed file is reported with its line number', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-bad-'));
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"id":"a","subreddit":"x","createdUtc":1}\nnot json\n');
    const src = createReplaySource({ file: bad, windowDays: 7, clock: fixedClock(NOW), priceOf });
    await assert.rejects(src.subredditNew('x', null, recorder().report), /bad\.jsonl:2: not JSON/);
  });
});

describe('price table', () => {
  test('defaults per provider, exact api names win, overrides apply', () => {
    const p = createPriceTable({ replayPriceUsd: 0.002, priceOverrides: { 'reddit.search': 0.01 } });
    assert.equal(p('reddit.subreddit_new'), 0.00024);
    assert.equal(p('reddit.search'), 0.01);
    assert.equal(p('arcticshift.posts_search'), 0);
    assert.equal(p('scrapecreators.subreddit'), 0.0019);
    assert.equal(p('replay.comments'), 0.002);
    assert.throws(() => p('unknown.api'), /no price/);
  });
});

test('a line with deletedUtc is deleted from then on: listings report it gone, lookup says so (ADR 0103)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'replay-del-'));
  const corpus = join(dir, 'corpus.jsonl');
  const t0 = 1_300_000_000;
  const line = (id: string, createdUtc: number, extra: object = {}) =>
    JSON.stringify({
      id,
      subreddit: 'salons',
      author: 'a',
      createdUtc,
      title: `Post ${id}`,
      body: 'b',
      ...extra,
    });
  // The file spans [t0, t0 + 1000]: a deletion at t0 + 2000 comes after the clock's now, one window later.
  writeFileSync(corpus, [line('p1', t0), line('p2', t0 + 1000, { deletedUtc: t0 + 2000 })].join('\n'));
  const clock = fixedClock(NOW);
  const src = createReplaySource({ file: corpus, windowDays: 1, clock, priceOf });
  const calls: UpstreamCall[] = [];
  const gone: string[] = [];
  const report = Object.assign((c: UpstreamCall) => calls.push(c), {
    gone: (n: string[]) => gone.push(...n),
  });
  assert.deepEqual((await src.subredditNew('salons', null, report)).items.map((i) => i.id).sort(), [
    'p1',
    'p2',
  ]);
  assert.deepEqual(await src.lookup!(['t3_p1', 't3_p2', 't3_nope'], report), {
    items: (await src.subredditNew('salons', null, () => {})).items.sort((a, b) => (a.id < b.id ? -1 : 1)),
    gone: [],
  });
  clock.advance(DAY + 1000);
  assert.deepEqual(
    (await src.subredditNew('salons', null, report)).items.map((i) => i.id),
    ['p1'],
  );
  assert.deepEqual(gone, ['t3_p2']);
  const looked = await src.lookup!(['t3_p1', 't3_p2'], report);
  assert.deepEqual([looked.items.map((i) => i.id), looked.gone], [['p1'], ['t3_p2']]);
  assert.equal(calls.filter((c) => c.api === 'replay.info').length, 2);
});
