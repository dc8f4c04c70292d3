import { withoutNul } from '../domain/nul-text.ts';

/** One Reddit item as every upstream adapter returns it. */
export interface RedditItem {
  kind: 'post' | 'comment';
  /** Reddit base-36 id without the t3_/t1_ prefix. */
  id: string;
  /** For a post its own id; for a comment the id of the post it belongs to. */
  postId: string;
  subreddit: string;
  /** Post title; for a comment, the title of its post. */
  title: string;
  body: string;
  author: string | null;
  /** Full https permalink. */
  url: string;
  createdAt: Date;
  /** For comments: the fullname of the parent (t3_… or t1_…). */
  parentId?: string;
  /** For a cross-post: the id (without t3_) of the post it cross-posts (Reddit's `crosspost_parent`). */
  crosspostOf?: string;
}

/** What one upstream call cost and whether it worked; every adapter reports each call it makes. */
export interface UpstreamCall {
  /** Which upstream endpoint, e.g. reddit.subreddit_new, reddit.search, arcticshift.posts_search. */
  api: string;
  costUsd: number;
  ok: boolean;
  error?: string;
}

/**
 * Where an adapter reports each call it makes and, when the caller listens (`gone`), the items an answer carried
 * as deleted by their author or removed: those are left out of the items, and the caller can forget its copies
 * at no extra cost (docs/decisions/0103-deleted-items.md).
 */
export interface ReportCall {
  (call: UpstreamCall): void;
  /** Fullnames (t3_…, t1_…) an answer showed deleted or removed. */
  gone?: (fullnames: string[]) => void;
}

/** What a lookup by id told: the items still there, and those deleted or removed; the rest were not answered. */
export interface Looked {
  items: RedditItem[];
  /** Fullnames of the asked items the provider showed deleted or removed. */
  gone: string[];
}

/** A page of items and the opaque cursor to pass next time; the adapter pages internally and reports every call. */
export interface Fetched {
  items: RedditItem[];
  /** Where the next incremental fetch starts; stored by the scanner. null when the listing was empty. */
  cursor: string | null;
  /**
   * Set when a walk toward newer items failed partway (after retries): the items and cursor are those of the
   * pages bought before the failure, so the next fetch goes on from there instead of buying them again.
   */
  stoppedBy?: string;
  /**
   * What the answers held that could not be used, recorded with the scan's errors: items left out because they
   * could not be read (no id, no creation time), a stored cursor that could not be read and was started afresh.
   */
  problems?: string[];
}

/**
 * One interface, four adapters (reddit, arcticshift, scrapecreators, replay), chosen by UPSTREAM.
 * A call that fails after retries is reported with ok: false and throws UpstreamError; the scan records it
 * and goes on with its other fetches.
 */
export interface UpstreamSource {
  readonly name: 'reddit' | 'arcticshift' | 'scrapecreators' | 'replay';
  /**
   * Posts in r/{subreddit} newer than cursor. With cursor null, the newest: with `reachBack`, pages back to it where
   * the provider can (bounded by its walk length; docs/decisions/0119), else the provider's first page or reach.
   */
  subredditNew(
    subreddit: string,
    cursor: string | null,
    report: ReportCall,
    opts?: { reachBack?: Date },
  ): Promise<Fetched>;
  /** Comments in r/{subreddit} newer than cursor. */
  subredditComments(subreddit: string, cursor: string | null, report: ReportCall): Promise<Fetched>;
  /**
   * Site-wide (or one subreddit's) search, newest first, query at most 512 characters; `reachBack` pages back to
   * that time where the provider can (a listing's first search), bounded as a listing walk is.
   */
  search(
    query: string,
    opts: { subreddit?: string; since?: Date; reachBack?: Date },
    report: ReportCall,
  ): Promise<Fetched>;
  /**
   * Every comment of one post, truncated branches expanded. With `withPost` the post itself comes first (kind
   * 'post', from the same answer where the provider sends it with the thread), unless it is deleted or removed.
   */
  commentTree(postId: string, report: ReportCall, opts?: { withPost?: boolean }): Promise<RedditItem[]>;
  /**
   * The current state of items by fullname (t3_…, t1_…), for the deletion re-check; absent when the provider has
   * no lookup by id (ScrapeCreators). An item the answer leaves out is neither live nor gone: unknown.
   */
  lookup?(fullnames: string[], report: ReportCall): Promise<Looked>;
}

export class UpstreamError extends Error {
  readonly api: string;
  constructor(api: string, message: string) {
    super(withoutNul(`${api}: ${message}`));
    this.api = api;
  }
}
