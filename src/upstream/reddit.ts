import { REDDIT_USER_AGENT_FORM } from '../config/index.ts';
import {
  compareBase36,
  DEFAULT_HTTP_POLICY,
  type HttpPolicy,
  isRecord,
  type HttpRequest as Request,
  rateLimitGate,
  reported,
  requestJson,
  type SourceHttpOptions,
} from './http.ts';
import {
  createdSeconds,
  isGone,
  normalize,
  normalizeAll,
  reportGone,
  stripPrefix,
  type Thing,
  timeWindow,
  validateSubreddit,
} from './normalize.ts';
import {
  collect,
  listingChildren,
  type More,
  parseMoreChildren,
  parseTree,
  validateFullname,
} from './reddit-wire.ts';
import {
  type Fetched,
  type Looked,
  type RedditItem,
  type ReportCall,
  UpstreamError,
  type UpstreamSource,
} from './source.ts';

export interface RedditSourceOptions extends SourceHttpOptions {
  /** The app's client id (REDDIT_CLIENT_ID). */
  clientId: string;
  /** The app's client secret (REDDIT_CLIENT_SECRET). */
  clientSecret: string;
  /** Reddit's required form `<platform>:<app id>:<version> (by /u/<username>)` (REDDIT_USER_AGENT). */
  userAgent: string;
  /** Data API origin (REDDIT_API_BASE_URL). */
  apiBaseUrl?: string;
  /** Token endpoint (REDDIT_AUTH_URL). */
  authUrl?: string;
  /** USD per call of an api (reddit.subreddit_new, ...); token requests are not billed. */
  priceOf: (api: string) => number;
  /** Longest listing walk per incremental fetch, in pages of 100. Default 10 (Reddit serves about 1,000). */
  maxPages?: number;
  /** Upper bound on morechildren and continue-thread calls for one comment tree. Default 50. */
  maxExpansionCalls?: number;
  /** Requests kept in reserve: below this many left in the window, wait for its reset. Default 1. */
  rateLimitReserve?: number;
}

const MAX_QUERY = 512;

/**
 * Reddit's answers for a subreddit it will not list, in words a person can act on: a name that does not exist
 * redirects to the subreddit search, a private or quarantined one is 403, a banned one 404, each with a reason.
 */
async function explainSubreddit<T>(api: string, subreddit: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    const text = err.message;
    const why = /HTTP 3\d\d redirect.*subreddits\/search/.test(text)
      ? 'does not exist'
      : /HTTP 403\b.*"reason":\s*"private"/.test(text)
        ? 'is private'
        : /HTTP 403\b.*"reason":\s*"quarantined"/.test(text)
          ? 'is quarantined (needs an opted-in account)'
          : /HTTP 404\b.*"reason":\s*"banned"/.test(text)
            ? 'is banned'
            : /HTTP 404\b/.test(text)
              ? 'was not found'
              : null;
    if (!why) throw err;
    throw new UpstreamError(api, `r/${subreddit} ${why} on Reddit; remove it from the project's subreddits`);
  }
}
const PAGE = 100;
const MORE_BATCH = 100;

export function createRedditSource(options: RedditSourceOptions): UpstreamSource {
  if (!options.clientId || !options.clientSecret) {
    throw new Error(
      'reddit: clientId and clientSecret are required (REDDIT_CLIENT_ID, REDDIT_CLIENT_SECRET)',
    );
  }
  if (!REDDIT_USER_AGENT_FORM.test(options.userAgent)) {
    throw new Error(
      `reddit: user agent must look like "<platform>:<app id>:<version> (by /u/<username>)", got "${options.userAgent}"`,
    );
  }
  const apiBase = (options.apiBaseUrl ?? 'https://oauth.reddit.com').replace(/\/+$/, '');
  const authUrl = options.authUrl ?? 'https://www.reddit.com/api/v1/access_token';
  const now = options.now ?? Date.now;
  const maxPages = options.maxPages ?? 10;
  const maxExpansionCalls = options.maxExpansionCalls ?? 50;
  const reserve = options.rateLimitReserve ?? 1;
  const policy: HttpPolicy = {
    ...DEFAULT_HTTP_POLICY,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries ?? DEFAULT_HTTP_POLICY.maxRetries,
    sleep: options.sleep ?? DEFAULT_HTTP_POLICY.sleep,
    fetch: options.fetch ?? DEFAULT_HTTP_POLICY.fetch,
  };

  // App-only token, cached until a minute before it expires; one request in flight at a time.
  let token: { value: string; expiresAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;
  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const res = await requestJson(
      {
        api: 'reddit.token',
        url: authUrl,
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'user-agent': options.userAgent,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      },
      policy,
    );
    const body = res.json;
    if (!isRecord(body) || typeof body.access_token !== 'string') {
      const why = isRecord(body) && typeof body.error === 'string' ? body.error : 'no access_token';
      throw new UpstreamError('reddit.token', `token request refused: ${why}`);
    }
    const ttl = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    token = { value: body.access_token, expiresAt: now() + Math.max(0, ttl - 60) * 1000 };
    return token.value;
  }
  function getToken(force = false): Promise<string> {
    if (!force && token && token.expiresAt > now()) return Promise.resolve(token.value);
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  const gate = rateLimitGate({ now, sleep: policy.sleep, reserve });

  async function call(req: Omit<Request, 'headers'>): Promise<unknown> {
    const auth = await getToken();
    const res = await requestJson(
      { ...req, headers: { authorization: `bearer ${auth}`, 'user-agent': options.userAgent } },
      policy,
      {
        ...gate,
        onUnauthorized: async () => ({ authorization: `bearer ${await getToken(true)}` }),
      },
    );
    return res.json;
  }

  function url(path: string, params: Record<string, string | undefined>): string {
    const u = new URL(`${apiBase}${path}`);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
    u.searchParams.set('raw_json', '1');
    return u.toString();
  }

  async function listingPage(
    api: string,
    path: string,
    params: Record<string, string | undefined>,
    report: ReportCall,
  ): Promise<Thing[]> {
    return reported(
      api,
      report,
      () => options.priceOf(api),
      async () =>
        listingChildren(api, await call({ api, url: url(path, { limit: String(PAGE), ...params }) })),
    );
  }

  /**
   * A newest-first listing's newest page and, with `reachBack`, older pages (after=) until one reaches past it, the
   * listing ends or the walk is maxPages long: a first fetch's look back (docs/decisions/0119). An older page
   * that fails keeps the pages read before it.
   */
  async function newestPages(
    api: string,
    path: string,
    params: Record<string, string | undefined>,
    reachBack: Date | undefined,
    report: ReportCall,
  ): Promise<{ things: Thing[]; stoppedBy?: string }> {
    const pages = [await listingPage(api, path, params, report)];
    const before = (reachBack?.getTime() ?? Number.POSITIVE_INFINITY) / 1000;
    while (pages.length < maxPages) {
      const last = pages.at(-1)!;
      const oldest = last.at(-1);
      if (last.length < PAGE || !oldest || !(createdSeconds(oldest.data) > before)) break;
      try {
        pages.push(await listingPage(api, path, { ...params, after: oldest.name }, report));
      } catch (err) {
        return { things: pages.flat(), stoppedBy: (err as Error).message };
      }
    }
    return { things: pages.flat() };
  }

  /** Walks a newest-first listing from a fullname cursor toward newer items with before=. */
  async function incremental(
    api: string,
    path: string,
    cursor: string | null,
    report: ReportCall,
    reachBack?: Date,
  ): Promise<Fetched> {
    if (cursor === null) {
      const { things, stoppedBy } = await newestPages(api, path, {}, reachBack, report);
      return {
        items: normalizeAll(things, report),
        cursor: things[0]?.name ?? null,
        ...(stoppedBy ? { stoppedBy } : {}),
      };
    }
    validateFullname(api, cursor);
    const pages: Thing[][] = [];
    let before = cursor;
    let stoppedBy: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      let things: Thing[];
      try {
        things = await listingPage(api, path, { before }, report);
      } catch (err) {
        // The pages bought so far run without a gap from the cursor: keep them (Fetched.stoppedBy).
        if (pages.length === 0) throw err;
        stoppedBy = (err as Error).message;
        break;
      }
      if (things.length === 0) break;
      pages.unshift(things);
      if (things.length < PAGE) break;
      before = things[0]!.name;
    }
    if (pages.length === 0) {
      // An empty answer also comes when the cursor item was deleted; the newest page, cut at the cursor's id, tells.
      // The deletions the whole page shows are news too, at no extra cost.
      const cursorId = cursor.slice(3);
      const newest = await listingPage(api, path, {}, report);
      reportGone(newest, report);
      const things = newest.filter((t) => compareBase36(t.id, cursorId) > 0);
      return { items: normalizeAll(things), cursor: things[0]?.name ?? cursor };
    }
    const things = pages.flat();
    return {
      items: normalizeAll(things, report),
      cursor: things[0]?.name ?? cursor,
      ...(stoppedBy ? { stoppedBy } : {}),
    };
  }

  // Reddit asks clients to run one morechildren request at a time; this chain serialises them.
  let moreChain: Promise<unknown> = Promise.resolve();
  function serialised<T>(fn: () => Promise<T>): Promise<T> {
    const run = moreChain.then(fn, fn);
    moreChain = run.catch(() => undefined);
    return run;
  }

  async function commentTree(
    postId: string,
    report: ReportCall,
    opts: { withPost?: boolean } = {},
  ): Promise<RedditItem[]> {
    const id = stripPrefix(postId, 't3_');
    if (!/^[a-z0-9]{1,12}$/.test(id))
      throw new UpstreamError('reddit.comments', `invalid post id "${postId}"`);
    const api = 'reddit.comments';
    const fetchTree = (params: Record<string, string | undefined>) =>
      reported(
        api,
        report,
        () => options.priceOf(api),
        async () =>
          parseTree(api, await call({ api, url: url(`/comments/${id}`, { limit: '500', ...params }) })),
      );

    const first = await fetchTree({});
    const post = first.post;
    const byId = new Map<string, Thing>();
    const stubs: More[] = [];
    collect(first.comments, byId, stubs);

    let calls = 0;
    const continued = new Set<string>();
    while (stubs.length > 0 && calls < maxExpansionCalls) {
      const stub = stubs.shift()!;
      if (stub.children.length === 0) {
        // "continue this thread": the deeper replies come from the thread focused on the parent comment.
        const parent = stripPrefix(stub.parentId, 't1_');
        if (!stub.parentId.startsWith('t1_') || continued.has(parent)) continue;
        continued.add(parent);
        calls++;
        const focused = await fetchTree({ comment: parent });
        collect(focused.comments, byId, stubs);
        continue;
      }
      const pending = stub.children.filter((c) => !byId.has(c));
      for (let i = 0; i < pending.length && calls < maxExpansionCalls; i += MORE_BATCH) {
        const batch = pending.slice(i, i + MORE_BATCH);
        calls++;
        const things = await serialised(() =>
          reported(
            'reddit.morechildren',
            report,
            () => options.priceOf('reddit.morechildren'),
            async () =>
              parseMoreChildren(
                await call({
                  api: 'reddit.morechildren',
                  url: url('/api/morechildren', {}),
                  method: 'POST',
                  body: new URLSearchParams({
                    api_type: 'json',
                    link_id: `t3_${id}`,
                    children: batch.join(','),
                    limit_children: 'false',
                    raw_json: '1',
                  }).toString(),
                }),
              ),
          ),
        );
        collect(things, byId, stubs);
      }
    }
    // The thread's answer carries its post too: a deleted post is told here, whatever its comments.
    reportGone([first.post, ...byId.values()], report);
    const items: RedditItem[] = [];
    const own = opts.withPost ? normalize(post) : null;
    if (own?.kind === 'post') items.push(own);
    for (const thing of byId.values()) {
      const item = normalize({ ...thing, data: { ...thing.data, link_title: post.title } });
      if (item) items.push(item);
    }
    return items;
  }

  return {
    name: 'reddit',
    async subredditNew(subreddit, cursor, report, opts = {}) {
      const api = 'reddit.subreddit_new';
      const path = `/r/${validateSubreddit(api, subreddit)}/new`;
      return explainSubreddit(api, subreddit, () => incremental(api, path, cursor, report, opts.reachBack));
    },
    async subredditComments(subreddit, cursor, report) {
      const api = 'reddit.subreddit_comments';
      const path = `/r/${validateSubreddit(api, subreddit)}/comments`;
      return explainSubreddit(api, subreddit, () => incremental(api, path, cursor, report));
    },
    async search(query, opts, report) {
      const api = 'reddit.search';
      if (query.trim() === '') throw new UpstreamError(api, 'search query is empty');
      if (query.length > MAX_QUERY) {
        throw new UpstreamError(
          api,
          `search query is ${query.length} characters; Reddit allows at most ${MAX_QUERY}`,
        );
      }
      const path = opts.subreddit ? `/r/${validateSubreddit(api, opts.subreddit)}/search` : '/search';
      const { things, stoppedBy } = await newestPages(
        api,
        path,
        {
          q: query,
          sort: 'new',
          t: opts.since ? timeWindow(now() - opts.since.getTime()) : 'week',
          restrict_sr: opts.subreddit ? 'true' : undefined,
          type: 'link',
        },
        opts.reachBack,
        report,
      );
      const since = opts.since?.getTime() ?? Number.NEGATIVE_INFINITY;
      const items = normalizeAll(things, report).filter((i) => i.createdAt.getTime() > since);
      return { items, cursor: things[0]?.name ?? null, ...(stoppedBy ? { stoppedBy } : {}) };
    },
    commentTree,
    /** GET /api/info, 100 fullnames a call: each item as Reddit shows it now, deleted and removed ones too. */
    async lookup(fullnames, report): Promise<Looked> {
      const api = 'reddit.info';
      const out: Looked = { items: [], gone: [] };
      for (const name of fullnames) validateFullname(api, name);
      for (let i = 0; i < fullnames.length; i += PAGE) {
        const ids = fullnames.slice(i, i + PAGE).join(',');
        const things = await listingPage(api, '/api/info', { id: ids }, report);
        for (const thing of things) {
          if (isGone(thing)) out.gone.push(`${thing.kind}_${thing.id}`);
          else {
            const item = normalize(thing);
            if (item) out.items.push(item);
          }
        }
      }
      return out;
    },
  };
}
