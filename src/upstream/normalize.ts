import { withoutNul } from '../domain/nul-text.ts';
import { isRecord } from './http.ts';
import { type RedditItem, type ReportCall, UpstreamError } from './source.ts';

/** One Reddit thing as the Data API (and the archives that copy its shape) serve it. */
export interface Thing {
  kind: string;
  id: string;
  name: string;
  data: Record<string, unknown>;
}

const SITE = 'https://www.reddit.com';

export function stripPrefix(id: string, prefix: string): string {
  return id.startsWith(prefix) ? id.slice(prefix.length) : id;
}

/** A bare post or comment object (Arctic Shift, ScrapeCreators) as a Thing of the given kind. */
export function asThing(kind: 't1' | 't3', data: Record<string, unknown>): Thing {
  const id = stripPrefix(String(data.id ?? ''), `${kind}_`);
  return { kind, id, name: `${kind}_${id}`, data };
}

const GONE = new Set(['[deleted]', '[removed]']);

/** A string field as text that can be stored (NUL replaced); '' when it is not a string. */
function text(value: unknown): string {
  return typeof value === 'string' ? withoutNul(value) : '';
}

/**
 * Whether Reddit shows the thing as deleted by its author or removed (by a moderator, Reddit or a filter): the
 * text replaced by [deleted]/[removed], or `removed_by_category` set (a deleted link post keeps an empty
 * selftext and says so only there). An author alone shown as [deleted] is a deleted account: the text stays up.
 */
export function isGone(thing: Thing): boolean {
  const d = thing.data;
  if (thing.kind !== 't3' && thing.kind !== 't1') return false;
  if (typeof d.removed_by_category === 'string' && d.removed_by_category !== '') return true;
  if (thing.kind === 't1') return GONE.has(text(d.body));
  return GONE.has(text(d.selftext)) || (GONE.has(text(d.author)) && GONE.has(text(d.title)));
}

/** One Reddit thing as a RedditItem; null for removed or deleted content, which must not be shown. */
export function normalize(thing: Thing): RedditItem | null {
  const d = thing.data;
  const author = text(d.author);
  const created = createdSeconds(d);
  if (!thing.id || !Number.isFinite(created) || isGone(thing)) return null;
  const subreddit = subredditName(d.subreddit);
  if (thing.kind === 't3') {
    const crosspostOf = crosspostParent(d);
    return {
      kind: 'post',
      id: thing.id,
      postId: thing.id,
      subreddit,
      title: text(d.title),
      body: text(d.selftext) || (crosspostOf ? parentText(d) : ''),
      author: author === '' || GONE.has(author) ? null : author,
      url: permalink(d.permalink, `/r/${subreddit}/comments/${thing.id}/`, d.url),
      createdAt: new Date(created * 1000),
      ...(crosspostOf ? { crosspostOf } : {}),
    };
  }
  if (thing.kind === 't1') {
    const body = text(d.body);
    if (body === '') return null;
    const postId = stripPrefix(text(d.link_id), 't3_');
    return {
      kind: 'comment',
      id: thing.id,
      postId,
      subreddit,
      title: text(d.link_title),
      body,
      author: author === '' || GONE.has(author) ? null : author,
      url: permalink(d.permalink, `/r/${subreddit}/comments/${postId}/_/${thing.id}/`),
      createdAt: new Date(created * 1000),
      parentId: text(d.parent_id) || undefined,
    };
  }
  return null;
}

/** The post a cross-post cross-posts (`crosspost_parent`, t3_…), without its prefix; null for other posts. */
function crosspostParent(d: Record<string, unknown>): string | null {
  const parent = d.crosspost_parent;
  return typeof parent === 'string' && /^t3_[a-z0-9]{1,12}$/.test(parent) ? parent.slice(3) : null;
}

/**
 * A cross-post has no text of its own: Reddit shows its parent's, which the listing carries in
 * `crosspost_parent_list`; '' when the parent is gone or not there.
 */
function parentText(d: Record<string, unknown>): string {
  const list = d.crosspost_parent_list;
  const parent = Array.isArray(list) && isRecord(list[0]) ? list[0] : null;
  if (!parent || isGone({ kind: 't3', id: 'parent', name: 't3_parent', data: parent })) return '';
  return text(parent.selftext);
}

/** The full https permalink without tracking query (?ref=...); a Reddit thread `url` stands in when there is none. */
export function permalink(value: unknown, fallback: string, url?: unknown): string {
  const threadUrl =
    typeof url === 'string' && /^https:\/\/(www\.)?reddit\.com\/r\/[^/]+\/comments\//.test(url);
  const path = typeof value === 'string' && value !== '' ? value : threadUrl ? (url as string) : fallback;
  const full = path.startsWith('http') ? path : `${SITE}${path}`;
  return full.split(/[?#]/)[0]!;
}

/** The things as RedditItems; those shown deleted or removed are left out and, when report listens, reported gone. */
export function normalizeAll(things: Thing[], report?: ReportCall): RedditItem[] {
  reportGone(things, report);
  return things.map(normalize).filter((i): i is RedditItem => i !== null);
}

/** Tells report which of the things are deleted or removed (nothing when it does not listen). */
export function reportGone(things: Iterable<Thing>, report?: ReportCall): void {
  if (!report?.gone) return;
  const gone: string[] = [];
  for (const t of things) if (t.id && isGone(t)) gone.push(`${t.kind}_${t.id}`);
  if (gone.length) report.gone(gone);
}

/** created_utc in seconds, or an ISO created_at / created_at_iso when that is all there is; NaN when none. */
export function createdSeconds(d: Record<string, unknown>): number {
  const utc =
    typeof d.created_utc === 'number' ? d.created_utc : Number.parseFloat(String(d.created_utc ?? ''));
  if (Number.isFinite(utc)) return utc;
  const iso = d.created_at_iso ?? d.created_at;
  return typeof iso === 'string' ? Date.parse(iso) / 1000 : Number.NaN;
}

function subredditName(value: unknown): string {
  const raw = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).name : value;
  return stripPrefix(text(raw), 'r/');
}

/** A subreddit name as Reddit allows it (an r/ prefix is dropped); anything else is a clear error. */
export function validateSubreddit(api: string, name: string): string {
  const clean = stripPrefix(name.trim(), 'r/');
  if (!/^[A-Za-z0-9_]{2,21}$/.test(clean)) throw new UpstreamError(api, `invalid subreddit name "${name}"`);
  return clean;
}

/** The smallest of Reddit's search time windows (t= / timeframe=) that covers a span of ms. */
export function timeWindow(spanMs: number): string {
  const hour = 3_600_000;
  if (spanMs <= hour) return 'hour';
  if (spanMs <= 24 * hour) return 'day';
  if (spanMs <= 7 * 24 * hour) return 'week';
  if (spanMs <= 31 * 24 * hour) return 'month';
  if (spanMs <= 366 * 24 * hour) return 'year';
  return 'all';
}
