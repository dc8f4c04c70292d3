import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import type { UpstreamConfig } from '../../src/config/upstream.ts';
import { type FakeServer, type Reply, type SeenRequest, startFakeServer } from './fake-server.ts';

/** The real recorded Reddit exchanges (../shared/fixtures/reddit-api/, never copied into the repo). */
const FIXTURES = new URL('../../../shared/fixtures/reddit-api/', import.meta.url);

interface Recorded {
  request: { method: string; uri: string };
  status: number;
  headers: Record<string, string>;
  body: any;
}

export function recorded(name: string): Recorded {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8'));
}

/**
 * A post in Reddit's wire format: a recorded /new child with our id, subreddit, title, text, time (and any other
 * field given), its permalink and url pointing at the id.
 */
export function wirePost(
  subreddit: string,
  id: string,
  fields: { title: string; selftext?: string; created: Date } & Record<string, unknown>,
) {
  const { created, ...rest } = fields;
  const template = recorded('subreddit-new').body.data.children[0];
  return {
    kind: 't3',
    data: {
      ...template.data,
      id,
      name: `t3_${id}`,
      author: `owner_${id}`,
      subreddit,
      permalink: `/r/${subreddit}/comments/${id}/post_${id}/`,
      url: `https://www.reddit.com/r/${subreddit}/comments/${id}/post_${id}/`,
      created_utc: created.getTime() / 1000,
      removed_by_category: null,
      ...rest,
    },
  };
}

export const ACCESS_TOKEN = '<ACCESS_TOKEN>';
export const CLIENT_ID = 'fake-client';
export const CLIENT_SECRET = 'fake-secret';

/** The service's upstream settings to scan on the Reddit adapter against this fake, no listing ever fresh enough to skip. */
export function onRedditFake(fake: RedditFake, base: UpstreamConfig): UpstreamConfig {
  return {
    ...base,
    name: 'reddit',
    freshnessMinutes: 0,
    reddit: {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      userAgent: 'node:leadscan-test:0.1.0 (by /u/leadscan_dev)',
      apiBaseUrl: fake.url,
      authUrl: `${fake.url}/api/v1/access_token`,
    },
  };
}

export interface RedditFake extends FakeServer {
  /** Replaces a listing path (e.g. /r/x/new) with these children, served with Reddit's before/after/limit paging. */
  setListing(path: string, children: any[]): void;
  /** Replaces the thread of a post with this [post listing, comment listing] pair. */
  setThread(postId: string, body: any): void;
  /** Serves these wire posts (newest first) as the subreddit's /new, no comments, and each post's thread uncommented. */
  setPosts(subreddit: string, posts: any[]): void;
  /** Comments that /api/morechildren can return, by id (the recorded ones are there from the start). */
  hidden: Map<string, any>;
  /** Rate-limit headers to add to every API answer, e.g. { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '7' }. */
  rateLimitHeaders: Record<string, string>;
  tokensIssued(): number;
  /**
   * Deletes a post or comment (by its author) or removes it (a moderator) as Reddit then shows it in every answer
   * that carries it (listings, threads, /api/info): the text replaced by [deleted]/[removed], a post's
   * removed_by_category set, an author's deletion hiding the author too.
   */
  deleteThing(fullname: string, by: 'author' | 'moderator'): void;
}

function page(children: any[], query: URLSearchParams): any {
  const limit = Math.min(100, Number(query.get('limit') ?? 25));
  const before = query.get('before');
  const after = query.get('after');
  let start = 0;
  let end = children.length;
  if (before) {
    end = children.findIndex((c) => c.data.name === before);
    if (end < 0) return { kind: 'Listing', data: { after: null, before: null, dist: 0, children: [] } };
    start = Math.max(0, end - limit);
  } else if (after) {
    const at = children.findIndex((c) => c.data.name === after);
    if (at < 0) return { kind: 'Listing', data: { after: null, before: null, dist: 0, children: [] } };
    start = at + 1;
    end = Math.min(children.length, start + limit);
  } else {
    end = Math.min(children.length, limit);
  }
  const slice = children.slice(start, end);
  return {
    kind: 'Listing',
    data: {
      after: end < children.length ? (slice.at(-1)?.data.name ?? null) : null,
      before: start > 0 ? (slice[0]?.data.name ?? null) : null,
      dist: slice.length,
      modhash: '',
      children: slice,
    },
  };
}

/** Finds a comment anywhere in a recorded tree. */
function findComment(children: any[], id: string): any | null {
  for (const c of children) {
    if (c.kind !== 't1') continue;
    if (c.data.id === id) return c;
    const r = c.data.replies;
    if (r && typeof r === 'object') {
      const hit = findComment(r.data.children, id);
      if (hit) return hit;
    }
  }
  return null;
}

/** Every post and comment a thread or listing holds, replies included. */
function everyThing(children: any[], out: any[] = []): any[] {
  for (const c of children) {
    if (c?.kind !== 't1' && c?.kind !== 't3') continue;
    out.push(c);
    const r = c.data.replies;
    if (r && typeof r === 'object') everyThing(r.data.children, out);
  }
  return out;
}

/** A local Reddit (OAuth token endpoint and Data API on one origin) that replays the recorded responses. */
export async function startRedditFake(): Promise<RedditFake> {
  const listings = new Map<string, any[]>();
  const threads = new Map<string, any>([
    ['2gmzqe', recorded('comments-small-tree').body],
    ['3hahrw', recorded('comments-large-tree-with-more').body],
  ]);
  const hidden = new Map<string, any>();
  for (const t of recorded('morechildren').body.json.data.things) hidden.set(t.data.id, t);
  let tokens = 0;
  let fake: RedditFake | null = null;

  const api = (reply: Reply): Reply => ({
    ...reply,
    headers: { ...fake?.rateLimitHeaders, ...reply.headers },
  });
  const fromRecording = (name: string): Reply => {
    const r = recorded(name);
    return api({ status: r.status, headers: r.headers, json: r.body });
  };

  const known = () => [
    ...[...listings.values()].flatMap((children) => everyThing(children)),
    ...[...threads.values()].flatMap((t) => everyThing([...t[0].data.children, ...t[1].data.children])),
  ];

  const handler = async (req: SeenRequest): Promise<Reply> => {
    if (req.path === '/api/v1/access_token') {
      const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
      if (req.method !== 'POST' || req.headers.authorization !== expected) {
        return { status: 401, json: { message: 'Unauthorized', error: 401 } };
      }
      if (new URLSearchParams(req.body).get('grant_type') !== 'client_credentials') {
        return { status: 400, json: { error: 'unsupported_grant_type' } };
      }
      tokens++;
      return { json: recorded('token').body };
    }
    if (req.headers.authorization !== `bearer ${ACCESS_TOKEN}`) {
      return { status: 401, json: { message: 'Unauthorized', error: 401 } };
    }
    const listing = listings.get(req.path.replace(/\/$/, ''));
    if (listing) return api({ json: page(listing, req.query) });

    if (/^\/r\/[^/]+\/new\/?$/.test(req.path)) return fromRecording('subreddit-new');
    if (/^\/r\/[^/]+\/comments\/?$/.test(req.path)) {
      const before = req.query.get('before');
      if (!before) return fromRecording('subreddit-comments-page1');
      if (before === 't1_k3v0jp3') return fromRecording('subreddit-comments-page2-before');
      const children = recorded('subreddit-comments-page1').body.data.children;
      return api({ json: page(children, req.query) });
    }
    if (/^(\/r\/[^/]+)?\/search\/?$/.test(req.path)) return fromRecording('search-r-all');
    if (req.path.replace(/\/$/, '') === '/api/info') {
      // Reddit answers the fullnames it knows, deleted ones included, and leaves out the rest; 100 at most.
      const ids = (req.query.get('id') ?? '').split(',').filter(Boolean);
      if (ids.length > 100) return api({ status: 400, json: { message: 'Bad Request', error: 400 } });
      const byName = new Map(known().map((c) => [`${c.kind}_${c.data.id}`, c]));
      const children = [...new Set(ids)].map((id) => byName.get(id)).filter(Boolean);
      return api({
        json: {
          kind: 'Listing',
          data: { after: null, before: null, dist: children.length, modhash: '', children },
        },
      });
    }

    const thread = /^\/comments\/([a-z0-9]+)\/?$/.exec(req.path);
    if (thread) {
      const body = threads.get(thread[1]!);
      if (!body) return api({ status: 404, json: { message: 'Not Found', error: 404 } });
      const focus = req.query.get('comment');
      if (!focus) return api({ json: body });
      const comment = findComment(body[1].data.children, focus);
      const children = comment ? [comment] : [];
      return api({ json: [body[0], { kind: 'Listing', data: { ...body[1].data, children } }] });
    }
    if (req.path.replace(/\/$/, '') === '/api/morechildren') {
      await delay(15); // long enough for a second, concurrent request to be seen overlapping
      const form = new URLSearchParams(req.body);
      const ids = (form.get('children') ?? '').split(',').filter(Boolean);
      if (ids.length > 100) return api({ json: { json: { errors: [['TOO_MANY', 'too many children']] } } });
      const things = ids.map((id) => hidden.get(id)).filter(Boolean);
      return api({ json: { json: { errors: [], data: { things } } } });
    }
    return { status: 404, json: { message: 'Not Found', error: 404 } };
  };

  const server = await startFakeServer(handler);
  fake = Object.assign(server, {
    setListing: (path: string, children: any[]) => {
      listings.set(path, children);
    },
    setThread: (postId: string, body: any) => {
      threads.set(postId, body);
    },
    setPosts: (subreddit: string, posts: any[]) => {
      const empty = { kind: 'Listing', data: { after: null, before: null, children: [] } };
      listings.set(`/r/${subreddit}/new`, posts);
      listings.set(`/r/${subreddit}/comments`, []);
      for (const p of posts) threads.set(p.data.id, [{ kind: 'Listing', data: { children: [p] } }, empty]);
    },
    hidden,
    rateLimitHeaders: {} as Record<string, string>,
    tokensIssued: () => tokens,
    deleteThing: (fullname: string, by: 'author' | 'moderator') => {
      const gone = by === 'author' ? '[deleted]' : '[removed]';
      for (const c of known().filter((t) => `${t.kind}_${t.data.id}` === fullname)) {
        if (by === 'author') c.data.author = '[deleted]';
        if (c.kind === 't3') {
          c.data.selftext = gone;
          c.data.removed_by_category = by === 'author' ? 'deleted' : 'moderator';
        } else c.data.body = gone;
      }
    },
  });
  return fake;
}
