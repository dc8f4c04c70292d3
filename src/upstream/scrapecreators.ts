import {
  compareBase36,
  DEFAULT_HTTP_POLICY,
  type HttpPolicy,
  isRecord,
  reported,
  requestJson,
  type SourceHttpOptions,
} from './http.ts';
import {
  asThing,
  normalize,
  reportGone,
  stripPrefix,
  type Thing,
  timeWindow,
  validateSubreddit,
} from './normalize.ts';
import {
  type Fetched,
  type RedditItem,
  type ReportCall,
  UpstreamError,
  type UpstreamSource,
} from './source.ts';

export interface ScrapeCreatorsSourceOptions extends SourceHttpOptions {
  /** Sent as x-api-key (SCRAPECREATORS_API_KEY). */
  apiKey: string;
  /** API origin (SCRAPECREATORS_BASE_URL). */
  baseUrl?: string;
  /**
   * USD per credit for an api (scrapecreators.subreddit, ...). A call costs the credits it was charged
   * (`credits_charged` in the answer, 1 when absent) times this price.
   */
  priceOf: (api: string) => number;
  /** Longest walk of a subreddit listing per incremental fetch, in pages. Default 5 (each page is a credit). */
  maxPages?: number;
  /** Upper bound on cursor calls that expand one comment tree. Default 20. */
  maxExpansionCalls?: number;
}

export interface ScrapeCreatorsSource extends UpstreamSource {
  /** The last credits_remaining the API reported; null before the first answer. */
  creditsRemaining(): number | null;
}

/**
 * The paid ScrapeCreators Reddit API. It has no subreddit comment listing, so subredditComments returns nothing
 * (and costs nothing); comments come from the threads of matched posts.
 */
export function createScrapeCreatorsSource(options: ScrapeCreatorsSourceOptions): ScrapeCreatorsSource {
  if (!options.apiKey) throw new Error('scrapecreators: apiKey is required (SCRAPECREATORS_API_KEY)');
  const base = (options.baseUrl ?? 'https://api.scrapecreators.com').replace(/\/+$/, '');
  const maxPages = options.maxPages ?? 5;
  const maxExpansionCalls = options.maxExpansionCalls ?? 20;
  const policy: HttpPolicy = {
    ...DEFAULT_HTTP_POLICY,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries ?? DEFAULT_HTTP_POLICY.maxRetries,
    sleep: options.sleep ?? DEFAULT_HTTP_POLICY.sleep,
    fetch: options.fetch ?? DEFAULT_HTTP_POLICY.fetch,
  };
  let credits: number | null = null;

  function get(
    api: string,
    path: string,
    params: Record<string, string | undefined>,
    report: ReportCall,
  ): Promise<Record<string, unknown>> {
    const u = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
    return reported(
      api,
      report,
      (body) => (typeof body.credits_charged === 'number' ? body.credits_charged : 1) * options.priceOf(api),
      async () => {
        const { json } = await requestJson(
          { api, url: u.toString(), headers: { 'x-api-key': options.apiKey } },
          policy,
        );
        if (!isRecord(json)) throw new UpstreamError(api, 'unexpected response: not an object');
        if (typeof json.credits_remaining === 'number') credits = json.credits_remaining;
        if (json.success === false)
          throw new UpstreamError(api, `ScrapeCreators said: ${String(json.error ?? 'failed')}`);
        return json;
      },
    );
  }

  function posts(api: string, body: Record<string, unknown>, report: ReportCall): RedditItem[] {
    const list = body.posts ?? body.data;
    if (!Array.isArray(list)) throw new UpstreamError(api, 'unexpected response: no posts list');
    const things = list.filter(isRecord).map((p) => asThing('t3', isRecord(p.data) ? p.data : p));
    reportGone(things, report);
    return things.map(normalize).filter((i): i is RedditItem => i !== null);
  }

  async function commentTree(
    postId: string,
    report: ReportCall,
    opts: { withPost?: boolean } = {},
  ): Promise<RedditItem[]> {
    const api = 'scrapecreators.post_comments';
    const id = stripPrefix(postId, 't3_');
    if (!/^[a-z0-9]{1,12}$/.test(id)) throw new UpstreamError(api, `invalid post id "${postId}"`);
    const url = `https://www.reddit.com/comments/${id}/`;
    const first = await get(api, '/v1/reddit/post/comments', { url }, report);
    const post = isRecord(first.post) ? first.post : {};
    const title = String(post.title ?? '');
    const byId = new Map<string, RedditItem>();
    const seen: Thing[] = [];
    const cursors: { cursor: string; parentId: string }[] = [];
    const walk = (list: unknown, parentId: string) => {
      if (!Array.isArray(list)) return;
      for (const c of list.filter(isRecord)) {
        const data = {
          ...c,
          link_id: `t3_${id}`,
          link_title: title,
          parent_id: typeof c.parent_id === 'string' ? c.parent_id : parentId,
          subreddit: c.subreddit ?? post.subreddit,
        };
        const thing = asThing('t1', data);
        seen.push(thing);
        const item = normalize(thing);
        if (item && !byId.has(item.id)) byId.set(item.id, item);
        const replies = isRecord(c.replies) ? c.replies : {};
        walk(replies.items, `t1_${stripPrefix(String(c.id ?? ''), 't1_')}`);
        queueMore(replies.more, `t1_${stripPrefix(String(c.id ?? ''), 't1_')}`);
      }
    };
    const queueMore = (more: unknown, parentId: string) => {
      if (isRecord(more) && more.has_more && typeof more.cursor === 'string' && more.cursor) {
        cursors.push({ cursor: more.cursor, parentId });
      }
    };
    walk(first.comments, `t3_${id}`);
    queueMore(first.more, `t3_${id}`);
    const asked = new Set<string>();
    for (let calls = 0; cursors.length > 0 && calls < maxExpansionCalls; ) {
      const next = cursors.shift()!;
      if (asked.has(next.cursor)) continue;
      asked.add(next.cursor);
      calls++;
      const page = await get(api, '/v1/reddit/post/comments', { url, cursor: next.cursor }, report);
      walk(page.comments, next.parentId);
      queueMore(page.more, next.parentId);
    }
    reportGone(seen, report);
    const own = opts.withPost ? normalize(asThing('t3', { ...post, id: post.id ?? id })) : null;
    return own?.kind === 'post' ? [own, ...byId.values()] : [...byId.values()];
  }

  return {
    name: 'scrapecreators',
    creditsRemaining: () => credits,
    async subredditNew(subreddit, cursor, report, opts = {}): Promise<Fetched> {
      const api = 'scrapecreators.subreddit';
      const sub = validateSubreddit(api, subreddit);
      if (cursor !== null && !/^t3_[a-z0-9]{1,12}$/.test(cursor)) {
        throw new UpstreamError(api, `invalid cursor "${cursor}"`);
      }
      const cursorId = cursor?.slice(3) ?? null;
      const items: RedditItem[] = [];
      let after: string | undefined;
      // A first fetch reads one page, or with reachBack pages back to it (docs/decisions/0119).
      const reach = opts.reachBack?.getTime();
      for (let page = 0; page < (cursor === null && reach === undefined ? 1 : maxPages); page++) {
        const body = await get(api, '/v1/reddit/subreddit', { subreddit: sub, sort: 'new', after }, report);
        const got = posts(api, body, report);
        const fresh = cursorId === null ? got : got.filter((p) => compareBase36(p.id, cursorId) > 0);
        items.push(...fresh);
        const nextAfter = typeof body.after === 'string' && body.after ? body.after : undefined;
        if (fresh.length < got.length || got.length === 0 || !nextAfter) break;
        if (cursor === null && got.some((p) => p.createdAt.getTime() <= reach!)) break;
        after = nextAfter;
      }
      const newest = items.reduce<string | null>(
        (best, p) => (best === null || compareBase36(p.id, best) > 0 ? p.id : best),
        null,
      );
      return { items, cursor: newest ? `t3_${newest}` : cursor };
    },
    async subredditComments(_subreddit, cursor): Promise<Fetched> {
      return { items: [], cursor };
    },
    async search(query, opts, report): Promise<Fetched> {
      const api = opts.subreddit ? 'scrapecreators.subreddit_search' : 'scrapecreators.search';
      if (query.trim() === '') throw new UpstreamError(api, 'search query is empty');
      if (query.length > 512)
        throw new UpstreamError(api, `search query is ${query.length} characters; at most 512`);
      const timeframe = opts.since ? timeWindow((options.now ?? Date.now)() - opts.since.getTime()) : 'week';
      const body = opts.subreddit
        ? await get(
            api,
            '/v1/reddit/subreddit/search',
            { subreddit: validateSubreddit(api, opts.subreddit), query, sort: 'new', timeframe },
            report,
          )
        : await get(api, '/v1/reddit/search', { query, sort: 'new', timeframe }, report);
      const since = opts.since?.getTime() ?? Number.NEGATIVE_INFINITY;
      const items = posts(api, body, report).filter((p) => p.createdAt.getTime() > since);
      const newest = items.reduce<RedditItem | null>(
        (b, p) => (!b || p.createdAt > b.createdAt ? p : b),
        null,
      );
      return { items, cursor: newest ? `t3_${newest.id}` : null };
    },
    commentTree,
  };
}
