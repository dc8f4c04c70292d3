import type { Fetched, RedditItem, ReportCall, UpstreamCall, UpstreamSource } from '../../upstream/source.ts';
import type { CallRow, FetchRow, ListingState } from '../fetches.repo.ts';

/**
 * Reddit's search indexes new posts hours late: each search reaches back this far before its previous one, so a
 * post indexed after that search is still found (leads are unique, a post seen twice is one lead).
 */
export const SEARCH_INDEX_LAG_MS = 24 * 3_600_000;
/** About how many items a listing reaches (Reddit: ~1,000); a fetch that full may have skipped some. */
const LISTING_REACH = 1000;
/** Items per page of every provider's listings: a first fetch with fewer saw the whole listing. */
const PAGE = 100;
/**
 * A listing's first fetch of posts (new posts, a search) reaches back this far where the provider can, so that a
 * new project's first scan has a week of posts to read (docs/decisions/0119-first-scan-at-once.md).
 */
export const FIRST_FETCH_REACH_MS = 7 * 86_400_000;

/** What one incremental fetch of a listing bought. */
export interface Bought {
  items: RedditItem[];
  cursor: string | null;
  /** Every upstream call the fetch made, failed ones included. */
  calls: UpstreamCall[];
  /** Fullnames the answers showed deleted or removed: forgotten with the fetch, at no extra cost (ADR 0103). */
  gone: string[];
  costUsd: number;
  /** Each item's cost: that of the call that bought it (a failed call bought nothing and cost nothing). */
  itemCostUsd: number;
  apis: FetchRow['apis'];
  /** Comment listings: since when no comment can have been missed (null: unknown; undefined: tells nothing). */
  completeSince?: Date | null;
  /** A walk that failed partway: what the scan record says (the items read before it are kept). */
  errors: string[];
  stoppedBy?: string;
  /** Rows of the answer left out as unreadable. */
  problems?: string[];
}

/** A fetch that failed: the calls it paid for and what they showed gone are still recorded. */
export interface FailedFetch {
  error: string;
  calls: UpstreamCall[];
  gone: string[];
}

export type FetchOutcome = { ok: true; bought: Bought } | { ok: false; failed: FailedFetch };

/** The listing's kind and argument (`new:rust` -> ['new', 'rust']). */
function parseListing(listing: string): [string, string] {
  const colon = listing.indexOf(':');
  return [listing.slice(0, colon), listing.slice(colon + 1)];
}

function ask(
  upstream: UpstreamSource,
  listing: string,
  state: ListingState,
  report: ReportCall,
  now: Date,
): Promise<Fetched> {
  const [kind, arg] = parseListing(listing);
  const reachBack = new Date(now.getTime() - FIRST_FETCH_REACH_MS);
  switch (kind) {
    case 'new':
      // Only a first fetch looks back: later ones go on from the cursor.
      return upstream.subredditNew(arg, state.cursor, report, state.cursor === null ? { reachBack } : {});
    case 'comments':
      // Comments stay one page on a first fetch (a busy subreddit writes thousands a day): the threads of the
      // matched posts are read instead (coverage below).
      return upstream.subredditComments(arg, state.cursor, report);
    case 'search':
      return upstream.search(
        arg,
        state.last
          ? { since: new Date(state.last.fetched_at.getTime() - SEARCH_INDEX_LAG_MS) }
          : { since: reachBack, reachBack },
        report,
      );
    case 'thread':
      return upstream.commentTree(arg, report).then((items) => ({ items, cursor: null }));
    default:
      throw new Error(`unknown listing ${listing}`);
  }
}

function summarize(calls: UpstreamCall[]): FetchRow['apis'] {
  const by = new Map<string, { api: string; calls: number; costUsd: number }>();
  for (const c of calls) {
    const e = by.get(c.api) ?? { api: c.api, calls: 0, costUsd: 0 };
    e.calls++;
    e.costUsd += c.costUsd;
    by.set(c.api, e);
  }
  return [...by.values()];
}

/**
 * What a comment-listing fetch tells about coverage: a later fetch short of the listing's reach saw everything
 * since the previous one; a first fetch short of one page saw the whole listing; otherwise nothing older than
 * the oldest comment read is known to be covered (a first fetch reads one page, and posts reach back a week).
 */
function coverage(items: RedditItem[], first: boolean): Date | null | undefined {
  if (first && items.length < PAGE) return new Date(0);
  if (!first && items.length < LISTING_REACH) return undefined;
  let oldest = items[0]!.createdAt;
  for (const i of items) if (i.createdAt < oldest) oldest = i.createdAt;
  return oldest;
}

/** One incremental fetch of the listing from where it stands; a failure is an outcome, not a throw. */
export async function fetchListing(
  upstream: UpstreamSource,
  listing: string,
  state: ListingState,
  now: Date = new Date(),
): Promise<FetchOutcome> {
  const calls: UpstreamCall[] = [];
  const gone: string[] = [];
  const report: ReportCall = Object.assign((call: UpstreamCall) => void calls.push(call), {
    gone: (names: string[]) => void gone.push(...names),
  });
  let fetched: Fetched;
  try {
    fetched = await ask(upstream, listing, state, report, now);
  } catch (err) {
    return { ok: false, failed: { error: (err as Error).message, calls, gone } };
  }
  const costUsd = calls.reduce((n, call) => n + call.costUsd, 0);
  // A fetch's calls share one api and price.
  const bought = calls.filter((call) => call.ok).length;
  return {
    ok: true,
    bought: {
      items: fetched.items,
      cursor: fetched.cursor,
      calls,
      gone,
      costUsd,
      itemCostUsd: bought ? costUsd / bought : 0,
      apis: summarize(calls),
      // A source without a comment listing (ScrapeCreators) makes no call for it and tells nothing.
      ...(listing.startsWith('comments:') && calls.length
        ? { completeSince: coverage(fetched.items, state.last === null) }
        : {}),
      errors: [
        ...(fetched.stoppedBy
          ? [`${listing}: ${fetched.stoppedBy} (kept the ${fetched.items.length} items read before it)`]
          : []),
        // Rows the upstream answered that could not be read (no id, no date): left out, and said (issue 35).
        ...(fetched.problems ?? []).map((problem) => `${listing}: ${problem}`),
      ],
      ...(fetched.stoppedBy ? { stoppedBy: fetched.stoppedBy } : {}),
      ...(fetched.problems?.length ? { problems: fetched.problems } : {}),
    },
  };
}

/** The calls the scanned project paid for, as call rows (fetchId null: the fetch bought nothing). */
export function paidCalls(
  calls: readonly UpstreamCall[],
  o: { projectId: string; scanId: string; fetchId: string | null; at: Date },
): CallRow[] {
  return calls.map((call) => ({
    projectId: o.projectId,
    api: call.api,
    costUsd: call.costUsd,
    reused: false,
    ok: call.ok,
    calledAt: o.at,
    scanId: o.scanId,
    fetchId: o.fetchId,
  }));
}

/** Items per subreddit (lower-case); a subreddit's own listing is counted at 0 when it returned nothing. */
export function itemsBySubreddit(listing: string, items: readonly RedditItem[]): Map<string, number> {
  const counts = new Map<string, number>();
  const [kind, name = ''] = listing.split(':', 2);
  if (kind === 'new' || kind === 'comments') counts.set(name.toLowerCase(), 0);
  for (const item of items) {
    const key = item.subreddit.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
