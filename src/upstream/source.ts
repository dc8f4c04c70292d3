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
}

/** What one upstream call cost and whether it worked; every adapter reports each call it makes. */
export interface UpstreamCall {
  /** Which upstream endpoint, e.g. reddit.subreddit_new, reddit.search, arcticshift.posts_search. */
  api: string;
  costUsd: number;
  ok: boolean;
  error?: string;
}
