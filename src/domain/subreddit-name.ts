// Pure and dependency-free, so the dashboard can give the same answer as the service while a person types.

// Reddit's own rules (reddit/r2 `subreddit_rx`, `language_subreddit_rx`): 3-21 letters, digits or underscores,
// not starting with an underscore; the old two-letter language communities (r/de, r/nl) are valid too.
const SUBREDDIT_NAME = /^(?:[A-Za-z0-9][A-Za-z0-9_]{2,20}|[A-Za-z]{2})$/;
// `r/x`, `/r/x/`, `reddit.com/r/x`, `https://www.reddit.com/r/x/new/?sort=top`, `old.reddit.com/r/x`.
const SUBREDDIT_URL = /^(?:(?:https?:\/\/)?(?:[a-z0-9-]+\.)*reddit\.com)?\/?r\/([^/?#\s]+)(?:[/?#].*)?$/i;

/**
 * The subreddit's bare name from what people paste (`r/freelance`, `/r/freelance/`,
 * `https://www.reddit.com/r/freelance`), or a sentence saying why it cannot be one.
 */
export function normalizeSubreddit(raw: string): { name: string } | { error: string } {
  const text = raw.trim();
  const name = SUBREDDIT_URL.exec(text)?.[1] ?? text;
  if (SUBREDDIT_NAME.test(name)) return { name };
  if (/^https?:\/\//i.test(text) || /reddit\.com/i.test(text)) {
    return { error: `"${raw}" is not a subreddit address (https://www.reddit.com/r/<name>)` };
  }
  return {
    error: `"${raw}" is not a subreddit name: 3 to 21 letters, digits or underscores, not starting with an underscore`,
  };
}
