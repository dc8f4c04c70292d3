import { type FakeServer, type Reply, type SeenRequest, startFakeServer } from './fake-server.ts';
import { recorded } from './reddit-fake.ts';

export const SC_API_KEY = 'sc-test-key';

/**
 * A local ScrapeCreators Reddit API: x-api-key, {success, credits_remaining, credits_charged, ...} envelopes,
 * {success: false, error} failures. /v1/reddit/subreddit pages Reddit post objects 25 at a time with `after`;
 * /v1/reddit/search answers trimmed posts (ISO created_at, subreddit object); /v1/reddit/subreddit/search answers
 * Reddit post objects; /v1/reddit/post/comments answers {post, comments, more} where each comment's
 * replies are {items, more: {has_more, cursor}} and a cursor (comma-separated ids) fetches the hidden ones.
 */
export interface ScrapeCreatorsFake extends FakeServer {
  /** subreddit (lowercase) -> posts, newest first. */
  listings: Map<string, any[]>;
  credits: number;
}

/** A recorded Reddit thread in ScrapeCreators' shape. */
function convertTree(children: any[]): { items: any[]; more?: { has_more: boolean; cursor: string } } {
  const items: any[] = [];
  let more: { has_more: boolean; cursor: string } | undefined;
  for (const c of children) {
    if (c.kind === 'more') {
      if (c.data.children.length) more = { has_more: true, cursor: c.data.children.join(',') };
      continue;
    }
    const d = c.data;
    const replies = d.replies ? convertTree(d.replies.data.children) : { items: [] };
    items.push({
      id: d.id,
      name: d.name,
      author: d.author,
      body: d.body,
      score: d.score,
      created_utc: d.created_utc,
      created_at_iso: new Date(d.created_utc * 1000).toISOString(),
      permalink: `/r/${d.subreddit}/comments/${d.link_id.slice(3)}/_/${d.id}/`,
      replies,
    });
  }
  return { items, more };
}

export async function startScrapeCreatorsFake(): Promise<ScrapeCreatorsFake> {
  const threads = new Map<string, any>([
    ['2gmzqe', recorded('comments-small-tree').body],
    ['3hahrw', recorded('comments-large-tree-with-more').body],
  ]);
  const hidden = new Map<string, any>();
  for (const t of recorded('morechildren').body.json.data.things) hidden.set(t.data.id, t);
  let fake: ScrapeCreatorsFake | null = null;

  const handler = (req: SeenRequest): Reply => {
    const f = fake!;
    if (req.headers['x-api-key'] !== SC_API_KEY) {
      return { status: 401, json: { success: false, error: 'Invalid API key' } };
    }
    if (f.credits <= 0) {
      return {
        status: 402,
        json: { success: false, error: 'Insufficient credits. This request requires 1 credits.' },
      };
    }
    const ok = (body: Record<string, unknown>): Reply => {
      f.credits -= 1;
      return { json: { success: true, credits_remaining: f.credits, credits_charged: 1, ...body } };
    };
    const q = req.query;
    switch (req.path) {
      case '/v1/reddit/subreddit': {
        const sub = q.get('subreddit');
        if (!sub) return { status: 400, json: { success: false, error: 'subreddit is required' } };
        const posts = f.listings.get(sub.toLowerCase()) ?? [];
        const afterName = q.get('after');
        const start = afterName ? posts.findIndex((p) => p.name === afterName) + 1 : 0;
        const page = posts.slice(start, start + 25);
        const after = start + 25 < posts.length ? (page.at(-1)?.name ?? null) : null;
        return ok({ posts: page, after });
      }
      case '/v1/reddit/search': {
        if (!q.get('query')) return { status: 400, json: { success: false, error: 'query is required' } };
        const posts = recorded('search-r-all').body.data.children.map((c: any) => ({
          id: c.data.id,
          title: c.data.title,
          selftext: c.data.selftext,
          author: c.data.author,
          subreddit: { name: c.data.subreddit },
          url: `https://www.reddit.com${c.data.permalink}`,
          votes: c.data.score,
          created_at: new Date(c.data.created_utc * 1000).toISOString().replace('Z', '000+0000'),
        }));
        return ok({ posts });
      }
      case '/v1/reddit/subreddit/search': {
        if (!q.get('query') || !q.get('subreddit')) {
          return { status: 400, json: { success: false, error: 'subreddit and query are required' } };
        }
        return ok({ posts: recorded('search-r-all').body.data.children.map((c: any) => c.data) });
      }
      case '/v1/reddit/post/comments': {
        const url = q.get('url') ?? '';
        const m = /reddit\.com\/(?:r\/[^/]+\/)?comments\/([a-z0-9]+)/.exec(url);
        const body = m ? threads.get(m[1]!) : undefined;
        if (!body)
          return { status: 400, json: { success: false, error: '400 Bad Request: Invalid Reddit post URL' } };
        const post = body[0].data.children[0].data;
        const cursor = q.get('cursor');
        if (cursor) {
          const things = cursor
            .split(',')
            .map((id) => hidden.get(id))
            .filter(Boolean);
          const { items } = convertTree(things);
          return ok({ post, comments: items, more: { has_more: false, cursor: null } });
        }
        const { items, more } = convertTree(body[1].data.children);
        return ok({ post, comments: items, more: more ?? { has_more: false, cursor: null } });
      }
      default:
        return { status: 404, json: { success: false, error: 'Not found' } };
    }
  };
  const server = await startFakeServer(handler);
  fake = Object.assign(server, { listings: new Map<string, any[]>(), credits: 1000 });
  return fake;
}
