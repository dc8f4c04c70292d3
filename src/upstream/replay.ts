import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock.ts';
import { compileMatcher, matchText, parseSearchQuery } from '../domain/matching.ts';
import type { PriceOf } from './prices.ts';
import {
  type Fetched,
  type Looked,
  type RedditItem,
  type ReportCall,
  UpstreamError,
  type UpstreamSource,
} from './source.ts';

/** One line of a replay file: the format of ../shared/data/reddit-posts.jsonl; comments carry parentId. */
interface ReplayLine {
  id: string;
  subreddit: string;
  author?: string | null;
  createdUtc: number;
  permalink?: string;
  title?: string;
  body?: string;
  /** Comments only: fullname of the parent (t3_ post or t1_ comment). */
  parentId?: string;
  /** Comments only, optional: the post's id when the parent is another comment. */
  postId?: string;
  /** Optional: when its author deleted it (on the file's time scale); from then on it is shown deleted. */
  deletedUtc?: number;
  /** Posts only, optional: the post (t3_… or its id) this one cross-posts; its text is the parent's. */
  crosspostParent?: string;
}

const PAGE = 100;
/** Like a Reddit listing: about 1,000 items reachable, in pages of 100. */
const MAX_PAGES = 10;
/** /comments/{id} returns about 200 comments; the rest come 100 at a time through morechildren. */
const TREE_FIRST = 200;

const stripPrefix = (id: string) => id.replace(/^t[13]_/, '');
const fullnameOf = (item: RedditItem) => `${item.kind === 'post' ? 't3' : 't1'}_${item.id}`;

interface Indexed {
  items: RedditItem[];
  /** Oldest first, by (createdAt, id): the order cursors follow. */
  bySubreddit: Map<string, { posts: RedditItem[]; comments: RedditItem[] }>;
  commentsByPost: Map<string, RedditItem[]>;
  /** When each item the file deletes is deleted, by fullname. */
  deletedAt: Map<string, number>;
}

function parseLines(text: string, file: string): ReplayLine[] {
  const lines: ReplayLine[] = [];
  text.split('\n').forEach((raw, i) => {
    if (!raw.trim()) return;
    let line: ReplayLine;
    try {
      line = JSON.parse(raw);
    } catch {
      throw new Error(`${file}:${i + 1}: not JSON`);
    }
    if (
      typeof line.id !== 'string' ||
      typeof line.subreddit !== 'string' ||
      !Number.isFinite(line.createdUtc)
    ) {
      throw new Error(`${file}:${i + 1}: needs id, subreddit and createdUtc`);
    }
    lines.push(line);
  });
  return lines;
}

/**
 * Maps the file's times linearly onto [end - windowDays, end] and normalizes every line; end is now, or later in a
 * live replay, whose newest items become visible as the clock reaches them.
 */
function indexLines(lines: ReplayLine[], now: Date, windowDays: number, liveMs = 0): Indexed {
  let oldest = Number.POSITIVE_INFINITY;
  let newest = Number.NEGATIVE_INFINITY;
  for (const l of lines) {
    oldest = Math.min(oldest, l.createdUtc);
    newest = Math.max(newest, l.createdUtc);
  }
  const span = newest - oldest;
  const windowMs = windowDays * 86_400_000;
  const end = now.getTime() + liveMs;
  const mapTime = (t: number) =>
    new Date(span === 0 ? end : end - windowMs + ((t - oldest) / span) * windowMs);

  const posts = new Map<string, ReplayLine>();
  for (const l of lines) if (!l.parentId) posts.set(stripPrefix(l.id), l);
  const postOf = new Map<string, string>();
  const items: RedditItem[] = [];
  const deletedAt = new Map<string, number>();
  for (const l of lines) {
    const id = stripPrefix(l.id);
    if (Number.isFinite(l.deletedUtc)) {
      deletedAt.set(`${l.parentId ? 't1' : 't3'}_${id}`, mapTime(l.deletedUtc!).getTime());
    }
    let postId = id;
    if (l.parentId) {
      const parent = stripPrefix(l.parentId);
      postId = l.postId
        ? stripPrefix(l.postId)
        : l.parentId.startsWith('t3_')
          ? parent
          : (postOf.get(parent) ?? parent);
      postOf.set(id, postId);
    }
    const post = posts.get(postId);
    const crosspostOf = !l.parentId && l.crosspostParent ? stripPrefix(l.crosspostParent) : undefined;
    const permalink = l.permalink ?? `/r/${l.subreddit}/comments/${postId}/${l.parentId ? `_/${id}/` : ''}`;
    items.push({
      kind: l.parentId ? 'comment' : 'post',
      id,
      postId,
      subreddit: l.subreddit,
      title: l.title ?? post?.title ?? '',
      body: l.body ?? (crosspostOf ? posts.get(crosspostOf)?.body : undefined) ?? '',
      author: l.author ?? null,
      url: permalink.startsWith('http') ? permalink : `https://www.reddit.com${permalink}`,
      createdAt: mapTime(l.createdUtc),
      ...(l.parentId ? { parentId: l.parentId } : {}),
      ...(crosspostOf ? { crosspostOf } : {}),
    });
  }
  items.sort(compareItems);
  const bySubreddit = new Map<string, { posts: RedditItem[]; comments: RedditItem[] }>();
  const commentsByPost = new Map<string, RedditItem[]>();
  for (const item of items) {
    const key = item.subreddit.toLowerCase();
    let sub = bySubreddit.get(key);
    if (!sub) {
      sub = { posts: [], comments: [] };
      bySubreddit.set(key, sub);
    }
    if (item.kind === 'post') sub.posts.push(item);
    else {
      sub.comments.push(item);
      const list = commentsByPost.get(item.postId);
      if (list) list.push(item);
      else commentsByPost.set(item.postId, [item]);
    }
  }
  return { items, bySubreddit, commentsByPost, deletedAt };
}

function compareItems(a: RedditItem, b: RedditItem): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

interface CursorValue {
  t: number;
  id: string;
}

const encodeCursor = (item: RedditItem) =>
  Buffer.from(JSON.stringify({ t: item.createdAt.getTime(), id: item.id })).toString('base64url');

function decodeCursor(cursor: string): CursorValue {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof v.t === 'number' && typeof v.id === 'string') return v;
  } catch {}
  throw new Error(`not a replay cursor: ${cursor}`);
}

const newerThan = (item: RedditItem, c: CursorValue) =>
  item.createdAt.getTime() > c.t || (item.createdAt.getTime() === c.t && item.id > c.id);

export interface ReplayOptions {
  file: string;
  windowDays: number;
  clock: Clock;
  priceOf: PriceOf;
  /** Simulated latency of each call. */
  latencyMs?: number;
  /** Live replay: the timeline ends this many minutes after the first read (REPLAY_LIVE_MINUTES). */
  liveMinutes?: number;
}

/**
 * An offline upstream over a JSONL file: it pages 100 items a call, reaches about 1,000 items per listing
 * like Reddit, and charges each call through the price table, so call counts and costs read as on Reddit.
 * The file is read on first use; items dated after the clock's now are not yet visible.
 */
export function createReplaySource(opts: ReplayOptions): UpstreamSource {
  let loading: Promise<Indexed> | undefined;
  const load = () => {
    loading ??= readFile(opts.file, 'utf8').then((text) =>
      indexLines(
        parseLines(text, opts.file),
        opts.clock.now(),
        opts.windowDays,
        (opts.liveMinutes ?? 0) * 60_000,
      ),
    );
    return loading;
  };

  async function call(api: string, report: ReportCall): Promise<void> {
    if (opts.latencyMs) await sleep(opts.latencyMs);
    report({ api, costUsd: opts.priceOf(api), ok: true });
  }

  /** Items newer than the cursor, newest first, at most MAX_PAGES pages; one call per page, at least one. */
  async function page(
    api: string,
    all: RedditItem[],
    cursor: string | null,
    report: ReportCall,
    reachBack?: Date,
  ): Promise<Fetched> {
    const { deletedAt } = await load();
    let after: CursorValue | null = null;
    if (cursor) {
      try {
        after = decodeCursor(cursor);
      } catch (err) {
        report({ api, costUsd: 0, ok: false, error: (err as Error).message });
        throw new UpstreamError(api, (err as Error).message);
      }
    }
    const now = opts.clock.now().getTime();
    const fresh: RedditItem[] = [];
    for (let i = all.length - 1; i >= 0 && fresh.length < PAGE * MAX_PAGES; i--) {
      const item = all[i]!;
      if (item.createdAt.getTime() > now) continue;
      if (after && !newerThan(item, after)) break;
      // A first fetch's look back (Reddit pages back to it): older items are not read.
      if (reachBack && item.createdAt.getTime() <= reachBack.getTime()) break;
      fresh.push(item);
    }
    const calls = Math.max(1, Math.ceil(fresh.length / PAGE));
    for (let i = 0; i < calls; i++) await call(api, report);
    // Like Reddit, a listing still carries a deleted item, shown deleted: it is reported gone, not returned.
    const isDeleted = (item: RedditItem) =>
      (deletedAt.get(fullnameOf(item)) ?? Number.POSITIVE_INFINITY) <= now;
    const gone = fresh.filter(isDeleted).map(fullnameOf);
    if (gone.length) report.gone?.(gone);
    return {
      items: gone.length ? fresh.filter((i) => !isDeleted(i)) : fresh,
      cursor: fresh[0] ? encodeCursor(fresh[0]) : cursor,
    };
  }

  return {
    name: 'replay',
    async subredditNew(subreddit, cursor, report, newOpts = {}) {
      const data = await load();
      return page(
        'replay.subreddit_new',
        data.bySubreddit.get(subreddit.toLowerCase())?.posts ?? [],
        cursor,
        report,
        cursor === null ? newOpts.reachBack : undefined,
      );
    },
    async subredditComments(subreddit, cursor, report) {
      const data = await load();
      const comments = data.bySubreddit.get(subreddit.toLowerCase())?.comments ?? [];
      return page('replay.subreddit_comments', comments, cursor, report);
    },
    async search(query, searchOpts, report) {
      const api = 'replay.search';
      if (query.length > 512) {
        report({ api, costUsd: 0, ok: false, error: 'query longer than 512 characters' });
        throw new UpstreamError(api, 'query longer than 512 characters');
      }
      const data = await load();
      const matcher = compileMatcher([{ id: 'q', keywords: parseSearchQuery(query) }]);
      const sub = searchOpts.subreddit?.toLowerCase();
      const since = searchOpts.since?.getTime() ?? Number.NEGATIVE_INFINITY;
      const hits = data.items.filter(
        (item) =>
          item.kind === 'post' &&
          item.createdAt.getTime() > since &&
          (!sub || item.subreddit.toLowerCase() === sub) &&
          matcher.match(matchText(item)).size > 0,
      );
      return page(api, hits, null, report);
    },
    async commentTree(postId, report, treeOpts = {}) {
      const data = await load();
      const now = opts.clock.now().getTime();
      const id = stripPrefix(postId);
      const comments = (data.commentsByPost.get(id) ?? []).filter((c) => c.createdAt.getTime() <= now);
      const post = treeOpts.withPost
        ? data.items.find((i) => i.kind === 'post' && i.id === id && i.createdAt.getTime() <= now)
        : undefined;
      await call('replay.comments', report);
      for (let i = TREE_FIRST; i < comments.length; i += PAGE) await call('replay.morechildren', report);
      const isDeleted = (c: RedditItem) =>
        (data.deletedAt.get(fullnameOf(c)) ?? Number.POSITIVE_INFINITY) <= now;
      const gone = comments.filter(isDeleted).map(fullnameOf);
      if (gone.length) report.gone?.(gone);
      const live = gone.length ? comments.filter((c) => !isDeleted(c)) : comments;
      return post && !isDeleted(post) ? [post, ...live] : live;
    },
    /** Like Reddit's /api/info: 100 fullnames a call; an item the file deletes is gone once the clock passes it. */
    async lookup(fullnames, report) {
      const data = await load();
      const now = opts.clock.now().getTime();
      const byName = new Map(data.items.map((i) => [fullnameOf(i), i]));
      for (let i = 0; i < fullnames.length; i += PAGE) await call('replay.info', report);
      const out: Looked = { items: [], gone: [] };
      for (const name of fullnames) {
        const item = byName.get(name);
        if (!item || item.createdAt.getTime() > now) continue;
        if ((data.deletedAt.get(name) ?? Number.POSITIVE_INFINITY) <= now) out.gone.push(name);
        else out.items.push(item);
      }
      return out;
    },
  };
}
