import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createArcticShiftSource } from '../src/upstream/arcticshift.ts';
import { createRedditSource } from '../src/upstream/reddit.ts';
import { createScrapeCreatorsSource } from '../src/upstream/scrapecreators.ts';
import type { RedditItem, UpstreamCall, UpstreamSource } from '../src/upstream/source.ts';
import { type ArcticShiftFake, startArcticShiftFake } from './fakes/arcticshift-fake.ts';
import { CLIENT_ID, CLIENT_SECRET, type RedditFake, recorded, startRedditFake } from './fakes/reddit-fake.ts';
import { SC_API_KEY, type ScrapeCreatorsFake, startScrapeCreatorsFake } from './fakes/scrapecreators-fake.ts';

/** What every adapter promises about the items it returns, whichever provider it talks to. */
function assertItem(item: RedditItem, where: string): void {
  assert.match(item.id, /^[a-z0-9]+$/, `${where}: id without prefix`);
  assert.match(item.postId, /^[a-z0-9]+$/, `${where}: postId without prefix`);
  assert.match(
    item.url,
    /^https:\/\/www\.reddit\.com\/r\/[^/]+\/comments\/[a-z0-9]+\//,
    `${where}: full permalink`,
  );
  assert.ok(!item.url.includes('?'), `${where}: no query in the permalink`);
  assert.ok(
    item.createdAt instanceof Date && !Number.isNaN(item.createdAt.getTime()),
    `${where}: a real date`,
  );
  assert.ok(item.subreddit.length > 0, `${where}: subreddit`);
  assert.ok(
    item.author === null || (item.author !== '[deleted]' && item.author.length > 0),
    `${where}: author`,
  );
  assert.ok(item.body !== '[deleted]' && item.body !== '[removed]', `${where}: no deleted text`);
  if (item.kind === 'post') {
    assert.equal(item.postId, item.id, `${where}: a post is its own post`);
  } else {
    assert.match(item.parentId ?? '', /^t[13]_[a-z0-9]+$/, `${where}: parent fullname`);
    assert.ok(item.title.length > 0, `${where}: comment carries its post title`);
  }
}

let reddit: RedditFake;
let arctic: ArcticShiftFake;
let sc: ScrapeCreatorsFake;
const sources: { name: string; src: UpstreamSource; sub: string; tree: string; searchSub?: string }[] = [];

before(async () => {
  [reddit, arctic, sc] = await Promise.all([
    startRedditFake(),
    startArcticShiftFake(),
    startScrapeCreatorsFake(),
  ]);
  const noWait = async () => {};
  const large = recorded('comments-large-tree-with-more').body;
  arctic.posts = [
    ...recorded('subreddit-new').body.data.children.map((c: any) => c.data),
    large[0].data.children[0].data,
    ...recorded('search-r-all').body.data.children.map((c: any) => c.data),
  ];
  arctic.trees.set('t3_3hahrw', large[1].data.children);
  sc.listings.set(
    'askreddit',
    recorded('subreddit-new').body.data.children.map((c: any) => c.data),
  );
  sources.push(
    {
      name: 'reddit',
      sub: 'askreddit',
      tree: '3hahrw',
      src: createRedditSource({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        userAgent: 'node:contract-test:1.0 (by /u/contract_test)',
        apiBaseUrl: reddit.url,
        authUrl: `${reddit.url}/api/v1/access_token`,
        priceOf: () => 0.00024,
        timeoutMs: 2000,
        sleep: noWait,
      }),
    },
    {
      name: 'arcticshift',
      sub: 'AskReddit',
      tree: '3hahrw',
      searchSub: 'redditdev',
      src: createArcticShiftSource({ baseUrl: arctic.url, priceOf: () => 0, timeoutMs: 2000, sleep: noWait }),
    },
    {
      name: 'scrapecreators',
      sub: 'askreddit',
      tree: '3hahrw',
      src: createScrapeCreatorsSource({
        apiKey: SC_API_KEY,
        baseUrl: sc.url,
        priceOf: () => 0.0019,
        timeoutMs: 2000,
        sleep: noWait,
      }),
    },
  );
});
after(() => Promise.all([reddit.close(), arctic.close(), sc.close()]));

test('every adapter returns items of the same normalized shape and reports every call', async () => {
  for (const { name, src, sub, tree, searchSub } of sources) {
    const calls: UpstreamCall[] = [];
    const report = (c: UpstreamCall) => calls.push(c);
    const posts = await src.subredditNew(sub, null, report);
    assert.ok(posts.items.length > 0, `${name}: posts`);
    assert.ok(posts.cursor, `${name}: a cursor`);
    for (const p of posts.items) assertItem(p, `${name} post ${p.id}`);

    const found = await src.search('praw', { subreddit: searchSub }, report);
    for (const p of found.items) assertItem(p, `${name} search ${p.id}`);

    const comments = await src.commentTree(tree, report);
    assert.ok(comments.length > 400, `${name}: the whole tree`);
    for (const c of comments) assertItem(c, `${name} comment ${c.id}`);
    assert.ok(
      comments.every((c) => c.kind === 'comment'),
      `${name}: comments only`,
    );
    // With its post (SEO's competitor check reads the post with the thread): first, from the same answer.
    const withPost = await src.commentTree(tree, report, { withPost: true });
    assert.equal(withPost[0]?.kind, 'post', `${name}: the post first`);
    assert.equal(withPost[0]?.id, tree.replace(/^t3_/, ''));
    assertItem(withPost[0]!, `${name} post of the thread`);
    assert.equal(withPost.length, comments.length + 1);

    assert.ok(calls.length >= 3, `${name}: calls reported`);
    for (const c of calls) {
      assert.ok(c.api.startsWith(`${name}.`), `${name}: api named ${c.api}`);
      assert.equal(c.ok, true);
      assert.ok(Number.isFinite(c.costUsd) && c.costUsd >= 0);
    }
    assert.equal(src.name, name);
  }
});
