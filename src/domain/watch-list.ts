/** A project's watch lists as written: keywords (`-word` excludes) and subreddits. */
export interface WatchLists {
  keywords: readonly string[];
  subreddits: readonly string[];
}

const matching = (keywords: readonly string[]) =>
  keywords.filter((k) => !k.trim().startsWith('-')).map((k) => k.trim().toLowerCase());

/**
 * Whether `after` watches something `before` did not (before null: a new project): a keyword that matches (an
 * exclusion narrows, it finds nothing new) or a subreddit, compared without case. Such a change gets a scan at
 * once (docs/decisions/0119-first-scan-at-once.md).
 */
export function watchGrew(before: WatchLists | null, after: WatchLists): boolean {
  const added = matching(after.keywords);
  if (!before) return added.length > 0;
  const had = new Set(matching(before.keywords));
  const subs = new Set(before.subreddits.map((s) => s.toLowerCase()));
  if (!added.length) return false;
  return added.some((k) => !had.has(k)) || after.subreddits.some((s) => !subs.has(s.toLowerCase()));
}
