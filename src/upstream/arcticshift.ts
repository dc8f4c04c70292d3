import {
  DEFAULT_HTTP_POLICY,
  type HttpPolicy,
  isRecord,
  rateLimitGate,
  reported,
  requestJson,
  type SourceHttpOptions,
} from './http.ts';
import {
  asThing,
  isGone,
  normalize,
  reportGone,
  stripPrefix,
  type Thing,
  validateSubreddit,
} from './normalize.ts';
import {
  type Fetched,
  type Looked,
  type RedditItem,
  type ReportCall,
  UpstreamError,
  type UpstreamSource,
} from './source.ts';

export interface ArcticShiftSourceOptions extends SourceHttpOptions {
  /** API origin (ARCTICSHIFT_BASE_URL). */
  baseUrl?: string;
  /** USD per call of an api (arcticshift.posts_search, ...); the service is free, so 0 unless configured. */
  priceOf: (api: string) => number;
  /** Longest walk per incremental fetch, in pages of 100. Default 10. */
  maxPages?: number;
}

const PAGE = 100;
const IDS_BATCH = 500;
const TREE_LIMIT = 25_000;

/**
 * The free Arctic Shift archive: posts and comments searched by subreddit and creation time (ascending, after=),
 * comment trees in one call. Site-wide search is not offered; search needs a subreddit.
 */
export function createArcticShiftSource(options: ArcticShiftSourceOptions): UpstreamSource {
  const base = (options.baseUrl ?? 'https://arctic-shift.photon-reddit.com').replace(/\/+$/, '');
  const now = options.now ?? Date.now;
  const maxPages = options.maxPages ?? 10;
  const policy: HttpPolicy = {
    ...DEFAULT_HTTP_POLICY,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries ?? DEFAULT_HTTP_POLICY.maxRetries,
    sleep: options.sleep ?? DEFAULT_HTTP_POLICY.sleep,
    fetch: options.fetch ?? DEFAULT_HTTP_POLICY.fetch,
  };
  const gate = rateLimitGate({ now, sleep: policy.sleep, reserve: 1 });

  /** One GET answered with {data: [...]}; an {error} body is a failed call. */
  function get(api: string, path: string, params: Record<string, string | undefined>, report: ReportCall) {
    const u = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
    return reported(
      api,
      report,
      () => options.priceOf(api),
      async () => {
        const { json } = await requestJson({ api, url: u.toString() }, policy, gate);
        if (!isRecord(json)) throw new UpstreamError(api, 'unexpected response: not an object');
        if (json.error) throw new UpstreamError(api, `Arctic Shift said: ${String(json.error)}`);
        if (!Array.isArray(json.data)) throw new UpstreamError(api, 'unexpected response: no data list');
        return json.data as unknown[];
      },
    );
  }

  /**
   * The newest page (sort desc) and, with `reachBack`, older pages (before=) until one reaches past it or the walk
   * is maxPages long: a listing's first fetch looks back (docs/decisions/0119). An older page that fails keeps
   * the pages read before it.
   */
  async function newestBack(
    api: string,
    path: string,
    params: Record<string, string | undefined>,
    toThings: (rows: unknown[]) => Thing[],
    reachBack: Date | undefined,
    report: ReportCall,
  ): Promise<{ things: Thing[]; stoppedBy?: string }> {
    const ask = (extra: Record<string, string>) =>
      get(api, path, { ...params, ...extra, sort: 'desc', limit: String(PAGE) }, report).then(toThings);
    const things = await ask({});
    const seen = new Set(things.map((t) => t.id));
    let rows = things;
    for (let page = 1; reachBack && page < maxPages && rows.length >= PAGE; page++) {
      const oldest = createdOf(rows.at(-1)!);
      if (oldest * 1000 <= reachBack.getTime()) break;
      try {
        // The boundary second again (several items can share it); the ones already read are dropped.
        rows = await ask({ before: String(oldest + 1) });
      } catch (err) {
        return { things, stoppedBy: (err as Error).message };
      }
      const fresh = rows.filter((t) => !seen.has(t.id));
      if (!fresh.length) break;
      for (const t of fresh) seen.add(t.id);
      things.push(...fresh);
    }
    return { things };
  }

  /** Items of one subreddit created after the cursor, oldest first, paged by creation time. */
  async function since(
    kind: 't1' | 't3',
    subreddit: string,
    cursor: string | null,
    report: ReportCall,
    reachBack?: Date,
  ): Promise<{ things: Thing[]; cursor: string | null; problems: string[]; stoppedBy?: string }> {
    const api = kind === 't3' ? 'arcticshift.posts_search' : 'arcticshift.comments_search';
    const path = kind === 't3' ? '/api/posts/search' : '/api/comments/search';
    const sub = validateSubreddit(api, subreddit);
    const problems: string[] = [];
    const toThings = (rows: unknown[]) => readableThings(kind, rows, problems);
    const from = cursor === null ? null : decodeCursor(cursor);
    if (cursor !== null && from === null) {
      problems.push(
        `the stored cursor ${JSON.stringify(cursor.slice(0, 40))} could not be read; started again from the newest items`,
      );
    }
    if (from === null) {
      const got = await newestBack(api, path, { subreddit: sub }, toThings, reachBack, report);
      const things = got.things.reverse();
      return {
        things,
        cursor: things.length ? encodeCursor(things) : null,
        problems,
        ...(got.stoppedBy ? { stoppedBy: got.stoppedBy } : {}),
      };
    }
    const seen = new Set(from.ids);
    const things: Thing[] = [];
    let after = from.seconds - 1; // the boundary second again; its ids already seen are dropped
    let stoppedBy: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      let rows: Thing[];
      try {
        rows = toThings(
          await get(
            api,
            path,
            { subreddit: sub, after: String(after), sort: 'asc', limit: String(PAGE) },
            report,
          ),
        );
      } catch (err) {
        // The pages bought so far run without a gap from the cursor, oldest first: keep them (Fetched.stoppedBy).
        if (things.length === 0) throw err;
        stoppedBy = (err as Error).message;
        break;
      }
      const fresh = rows.filter((t) => createdOf(t) >= from.seconds && !seen.has(t.id));
      for (const t of fresh) seen.add(t.id);
      things.push(...fresh);
      if (rows.length < PAGE || fresh.length === 0) break;
      after = createdOf(rows.at(-1)!) - 1;
    }
    return {
      things,
      cursor: things.length ? encodeCursor(things, from) : cursor,
      problems,
      ...(stoppedBy ? { stoppedBy } : {}),
    };
  }

  /** Titles of posts by id, for comments (Arctic Shift's comments carry only link_id). */
  async function titles(postIds: string[], report: ReportCall): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (let i = 0; i < postIds.length; i += IDS_BATCH) {
      const ids = postIds.slice(i, i + IDS_BATCH).join(',');
      const rows = await get('arcticshift.posts_ids', '/api/posts/ids', { ids, fields: 'id,title' }, report);
      for (const r of rows) if (isRecord(r)) out.set(String(r.id), String(r.title ?? ''));
    }
    return out;
  }

  async function withTitles(things: Thing[], report: ReportCall): Promise<RedditItem[]> {
    reportGone(things, report);
    const missing = [...new Set(things.map((t) => stripPrefix(String(t.data.link_id ?? ''), 't3_')))].filter(
      Boolean,
    );
    const byPost = missing.length ? await titles(missing, report) : new Map<string, string>();
    const items: RedditItem[] = [];
    for (const t of things) {
      const postId = stripPrefix(String(t.data.link_id ?? ''), 't3_');
      const item = normalize({ ...t, data: { ...t.data, link_title: byPost.get(postId) ?? '' } });
      if (item) items.push(item);
    }
    return items;
  }

  return {
    name: 'arcticshift',
    async subredditNew(subreddit, cursor, report, opts = {}): Promise<Fetched> {
      const got = await since('t3', subreddit, cursor, report, opts.reachBack);
      reportGone(got.things, report);
      return {
        items: got.things.map(normalize).filter((i): i is RedditItem => i !== null),
        cursor: got.cursor,
        ...(got.problems.length ? { problems: got.problems } : {}),
        ...(got.stoppedBy ? { stoppedBy: got.stoppedBy } : {}),
      };
    },
    async subredditComments(subreddit, cursor, report): Promise<Fetched> {
      const got = await since('t1', subreddit, cursor, report);
      return {
        items: await withTitles(got.things, report),
        cursor: got.cursor,
        ...(got.problems.length ? { problems: got.problems } : {}),
        ...(got.stoppedBy ? { stoppedBy: got.stoppedBy } : {}),
      };
    },
    async search(query, opts, report): Promise<Fetched> {
      const api = 'arcticshift.posts_search';
      if (query.trim() === '') throw new UpstreamError(api, 'search query is empty');
      if (query.length > 512)
        throw new UpstreamError(api, `search query is ${query.length} characters; at most 512`);
      if (!opts.subreddit) {
        throw new UpstreamError(api, 'Arctic Shift cannot search all of Reddit; give a subreddit');
      }
      const problems: string[] = [];
      const { things, stoppedBy } = await newestBack(
        api,
        '/api/posts/search',
        {
          subreddit: validateSubreddit(api, opts.subreddit),
          query,
          after: opts.since ? String(Math.floor(opts.since.getTime() / 1000)) : undefined,
        },
        (rows) => readableThings('t3', rows, problems),
        opts.reachBack,
        report,
      );
      reportGone(things, report);
      const items = things.map(normalize).filter((i): i is RedditItem => i !== null);
      return {
        items,
        cursor: things.length ? encodeCursor([...things].reverse()) : null,
        ...(problems.length ? { problems } : {}),
        ...(stoppedBy ? { stoppedBy } : {}),
      };
    },
    async commentTree(postId, report, opts = {}): Promise<RedditItem[]> {
      const api = 'arcticshift.comments_tree';
      const id = stripPrefix(postId, 't3_');
      if (!/^[a-z0-9]{1,12}$/.test(id)) throw new UpstreamError(api, `invalid post id "${postId}"`);
      const tree = await get(
        api,
        '/api/comments/tree',
        { link_id: `t3_${id}`, limit: String(TREE_LIMIT) },
        report,
      );
      const byId = new Map<string, Thing>();
      const collapsed: string[] = [];
      flatten(tree, byId, collapsed);
      // Collapsed branches (beyond the limit) come back by id, 500 a call.
      const pending = collapsed.filter((c) => !byId.has(c));
      for (let i = 0; i < pending.length; i += IDS_BATCH) {
        const ids = pending.slice(i, i + IDS_BATCH).join(',');
        const rows = await get('arcticshift.comments_ids', '/api/comments/ids', { ids }, report);
        for (const r of rows) if (isRecord(r)) flatten([{ kind: 't1', data: r }], byId, []);
      }
      // The post by id, whole when asked for (the same one call), else only its title for the comments.
      let title: string;
      let own: RedditItem | null = null;
      if (opts.withPost) {
        const [row] = await get('arcticshift.posts_ids', '/api/posts/ids', { ids: id }, report);
        own = isRecord(row) ? normalize(asThing('t3', row)) : null;
        title = isRecord(row) ? String(row.title ?? '') : '';
      } else title = (await titles([id], report)).get(id) ?? '';
      reportGone(byId.values(), report);
      const items: RedditItem[] = own?.kind === 'post' ? [own] : [];
      for (const t of byId.values()) {
        const item = normalize({ ...t, data: { ...t.data, link_title: title, link_id: `t3_${id}` } });
        if (item) items.push(item);
      }
      return items;
    },
    /**
     * Posts and comments by id (/api/posts/ids, /api/comments/ids, 500 a call). The archive reads an item shortly
     * after it is posted and again while its score still moves (about 36 hours): a later deletion is not seen.
     */
    async lookup(fullnames, report): Promise<Looked> {
      const out: Looked = { items: [], gone: [] };
      for (const [kind, path] of [
        ['t3', '/api/posts/ids'],
        ['t1', '/api/comments/ids'],
      ] as const) {
        const api = kind === 't3' ? 'arcticshift.posts_ids' : 'arcticshift.comments_ids';
        const ids = fullnames.filter((f) => f.startsWith(`${kind}_`)).map((f) => f.slice(3));
        for (const id of ids) {
          if (!/^[a-z0-9]{1,12}$/.test(id)) throw new UpstreamError(api, `invalid id "${kind}_${id}"`);
        }
        for (let i = 0; i < ids.length; i += IDS_BATCH) {
          const rows = await get(api, path, { ids: ids.slice(i, i + IDS_BATCH).join(',') }, report);
          const things = rows.filter(isRecord).map((r) => asThing(kind, r));
          for (const t of things) {
            if (isGone(t)) out.gone.push(`${kind}_${t.id}`);
            else {
              const item = normalize(t);
              if (item) out.items.push(item);
            }
          }
        }
      }
      return out;
    },
  };
}

function createdOf(t: Thing): number {
  return Math.floor(Number(t.data.created_utc));
}

const ID = /^[a-z0-9]{1,12}$/;

/**
 * The rows a listing walk and its cursor can be built on: a base-36 id and a creation time in seconds. Any other
 * row (`"id": null`, `"created_utc": "yesterday"`) is left out and named in problems, so that one malformed row
 * can neither drop a page nor write a cursor the next fetch cannot read.
 */
function readableThings(kind: 't1' | 't3', rows: unknown[], problems: string[]): Thing[] {
  const out: Thing[] = [];
  const bad: string[] = [];
  for (const row of rows) {
    const thing = isRecord(row) ? asThing(kind, row) : null;
    const raw = thing?.data.created_utc;
    const seconds =
      typeof raw === 'number' || (typeof raw === 'string' && /^\d{1,12}(\.\d+)?$/.test(raw))
        ? Number(raw)
        : -1;
    if (thing && ID.test(thing.id) && seconds >= 0 && seconds < 1e12) out.push(thing);
    else
      bad.push(
        isRecord(row)
          ? `id ${JSON.stringify(row.id ?? null)}, created_utc ${JSON.stringify(row.created_utc ?? null)}`.slice(
              0,
              120,
            )
          : (JSON.stringify(row)?.slice(0, 60) ?? String(row)),
      );
  }
  if (bad.length) {
    problems.push(
      `left out ${bad.length} item${bad.length === 1 ? '' : 's'} that could not be read (${bad[0]}${bad.length > 1 ? ', ...' : ''})`,
    );
  }
  return out;
}

/**
 * The cursor is `<created_utc>:<ids at that second>`: the archive pages by time, and several items can share the
 * newest second, so those already returned are named to be skipped next time.
 */
function encodeCursor(oldestFirst: Thing[], previous?: { seconds: number; ids: string[] }): string {
  const newest = Math.max(...oldestFirst.map(createdOf));
  const ids = oldestFirst.filter((t) => createdOf(t) === newest).map((t) => t.id);
  if (previous && previous.seconds === newest) ids.push(...previous.ids);
  return `${newest}:${[...new Set(ids)].join(',')}`;
}

/** The stored cursor, or null when it cannot be read (written by older code from a malformed row: "NaN:"). */
function decodeCursor(cursor: string): { seconds: number; ids: string[] } | null {
  const m = /^(\d{1,12}):([a-z0-9,]*)$/.exec(cursor);
  if (!m) return null;
  return { seconds: Number(m[1]), ids: m[2] ? m[2].split(',') : [] };
}

/** Flattens a tree of {kind, data} comments (replies as Reddit Listings) and notes collapsed ids. */
function flatten(nodes: unknown[], byId: Map<string, Thing>, collapsed: string[]): void {
  for (const node of nodes) {
    if (!isRecord(node) || !isRecord(node.data)) continue;
    if (node.kind === 'more') {
      if (Array.isArray(node.data.children)) collapsed.push(...node.data.children.map(String));
      continue;
    }
    const thing = asThing('t1', node.data);
    if (thing.id && !byId.has(thing.id)) byId.set(thing.id, thing);
    const replies = node.data.replies;
    if (isRecord(replies) && isRecord(replies.data) && Array.isArray(replies.data.children)) {
      flatten(replies.data.children, byId, collapsed);
    } else if (Array.isArray(replies)) {
      flatten(replies, byId, collapsed);
    }
  }
}
