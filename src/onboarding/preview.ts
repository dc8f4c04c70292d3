// What keywords and subreddits would have found in the stored posts of the window (data already bought): counts,
// keyword health and example posts scored as the scan scores them. No I/O: the service hands the window in.
import { keywordWarning } from '../domain/keyword-health.ts';
import { compileMatcher, excludeContext, matchText, parseKeyword } from '../domain/matching.ts';
import { namesOnlyAProduct } from '../domain/scoring/generic.ts';
import { DEFAULT_SCORE_THRESHOLD } from '../domain/scoring/types.ts';
import { type MeaningVectors, type ScoringProfile, scoreItem } from '../domain/scoring.ts';
import type { PhraseReach } from '../domain/suggestion/suggest.ts';
import type { RedditItem } from '../upstream/source.ts';
import type { Preview, PreviewExample } from './onboarding.schemas.ts';

export const PREVIEW_DAYS = 7;
/** Matches scored for examples at most (the newest): scoring is cheap, but not free, per item. */
const SCORED_AT_MOST = 400;
const EXAMPLES = 5;
/** Subreddits proposed from where the keywords match. */
export const SUBREDDITS_PROPOSED = 5;

/** The stored items of the window: those read, and how many it holds in all. */
export interface Window {
  items: RedditItem[];
  total: number;
}

/** How often each phrase matches the window's items, counted in one pass for all of them. */
export function reachOf(window: Window, phrases: string[]): (phrase: string) => PhraseReach | undefined {
  const unique = [...new Set(phrases)].filter((p) => parseKeyword(p));
  const matcher = compileMatcher(unique.map((p) => ({ id: p, keywords: [p] })));
  const counts = new Map<string, number>();
  for (const item of window.items) {
    matcher.forEachMatch(
      matchText(item),
      (id) => counts.set(id, (counts.get(id) ?? 0) + 1),
      excludeContext(item),
    );
  }
  const items = window.items.length;
  return (phrase) => (unique.includes(phrase) ? { matches: counts.get(phrase) ?? 0, items } : undefined);
}

/**
 * The subreddits where the keywords match most in the window, with at least two matches each. Phrases of two words
 * or more vote alone when three of them match something: a single word ("SMS") is said in every field.
 */
export function subredditsFor(window: Window, keywords: string[]): string[] {
  const exclusions = keywords.filter((k) => parseKeyword(k)?.exclude);
  const phrases = keywords.filter((k) => {
    const p = parseKeyword(k);
    return p && !p.exclude && p.tokens.length > 1;
  });
  const reach = reachOf(window, phrases);
  const voting =
    phrases.filter((p) => (reach(p)?.matches ?? 0) > 0).length >= 3 ? [...phrases, ...exclusions] : keywords;
  const matcher = compileMatcher([{ id: 'p', keywords: voting }]);
  const by = new Map<string, { name: string; n: number }>();
  for (const item of window.items) {
    if (!matcher.match(matchText(item), excludeContext(item)).size) continue;
    const key = item.subreddit.toLowerCase();
    const s = by.get(key) ?? { name: item.subreddit, n: 0 };
    s.n++;
    by.set(key, s);
  }
  return [...by.values()]
    .filter((s) => s.n >= 2)
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))
    .slice(0, SUBREDDITS_PROPOSED)
    .map((s) => s.name);
}

/** A word of the product's field for a generic keyword's example ("invoicing" for "software"). */
function topicOf(keywords: string[], profile: ScoringProfile): string | null {
  const field = keywords.find(
    (k) => !k.startsWith('-') && !namesOnlyAProduct(k) && k.split(/\s+/).length <= 2,
  );
  if (field) return field.replace(/^["“]|["”]$/g, '');
  return profile.solution?.split(/\s+/)[0]?.toLowerCase() ?? null;
}

const excerptOf = (item: RedditItem) => {
  const text = (item.kind === 'post' ? item.body || item.title : item.body).replace(/\s+/g, ' ').trim();
  return text.length > 240 ? `${text.slice(0, 240).replace(/\s+\S*$/, '')}…` : text;
};

/**
 * The preview of keywords and subreddits over the window: per keyword its matches and health, per subreddit the
 * matches among its items, and the best-scoring matches as examples (from the subreddits when there are some, as
 * a scan reads only those).
 */
/** Examples read by the meaning stage at most: the posts with the best local scores (encoding costs ~65 ms each). */
export const MEANING_EXAMPLES = 12;

/**
 * The matching posts of the window (of the subreddits, when some are given) with the best local scores, best
 * first: the ones worth encoding so that the examples are scored as the scan scores them.
 */
export function exampleCandidates(
  window: Window,
  keywords: string[],
  subreddits: string[],
  profile: ScoringProfile,
  n = MEANING_EXAMPLES,
): RedditItem[] {
  const whole = compileMatcher([{ id: 'p', keywords }]);
  const subs = new Set(subreddits.map((r) => r.toLowerCase()));
  const found: { item: RedditItem; score: number }[] = [];
  for (const item of window.items) {
    if (item.kind !== 'post' || (subs.size && !subs.has(item.subreddit.toLowerCase()))) continue;
    if (found.length >= SCORED_AT_MOST) break;
    if (!whole.match(matchText(item), excludeContext(item)).has('p')) continue;
    const s = scoreItem(item, profile);
    if (!s.sellerSide) found.push({ item, score: s.score });
  }
  return found
    .sort((a, b) => b.score - a.score)
    .slice(0, n)
    .map((f) => f.item);
}

/** A fresh look at subreddits for one preview: what it read and what it cost. */
export interface FreshLook {
  subreddits: string[];
  items: number;
  calls: number;
  costUsd: number;
  /** Why a subreddit was not read (an upstream error, the daily spend cap). */
  problems: string[];
}

export function previewOf(
  window: Window,
  keywords: string[],
  subreddits: string[],
  profile: ScoringProfile,
  fresh: FreshLook | null = null,
  meaningOf: (item: RedditItem) => MeaningVectors | undefined = () => undefined,
): Preview {
  const items = window.items.length;
  const exclusions = keywords.filter((k) => parseKeyword(k)?.exclude);
  const included = keywords.filter((k) => parseKeyword(k) && !parseKeyword(k)!.exclude);
  const each = compileMatcher(included.map((k, i) => ({ id: String(i), keywords: [k, ...exclusions] })));
  const whole = compileMatcher([{ id: 'p', keywords }]);
  const perKeyword = new Array<number>(included.length).fill(0);
  const subs = new Map(subreddits.map((s) => [s.toLowerCase(), { name: s, matches: 0, items: 0 }]));
  const matched: { item: RedditItem; keyword: string }[] = [];
  for (const item of window.items) {
    const text = matchText(item);
    const context = excludeContext(item);
    each.forEachMatch(text, (id) => perKeyword[Number(id)]!++, context);
    const sub = subs.get(item.subreddit.toLowerCase());
    if (sub) sub.items++;
    const hit = whole.match(text, context).get('p');
    if (hit === undefined) continue;
    if (sub) sub.matches++;
    if (!subs.size || sub) matched.push({ item, keyword: hit });
  }
  const topic = topicOf(keywords, profile);
  const keywordRows = keywords.map((keyword) => {
    const i = included.indexOf(keyword);
    const matches = i >= 0 ? perKeyword[i]! : 0;
    const warning =
      i >= 0 ? keywordWarning(keyword, { matches, items, days: PREVIEW_DAYS }, { topic }) : null;
    return { keyword, matches, share: items ? matches / items : 0, warning: warning?.message ?? null };
  });
  const examples: PreviewExample[] = matched
    .slice(0, SCORED_AT_MOST)
    .map(({ item, keyword }) => ({ item, keyword, s: scoreItem(item, profile, meaningOf(item)) }))
    .sort((a, b) => b.s.score - a.s.score || b.item.createdAt.getTime() - a.item.createdAt.getTime())
    .slice(0, EXAMPLES)
    .map(({ item, keyword, s }) => ({
      kind: item.kind,
      title: item.title,
      subreddit: item.subreddit,
      url: item.url,
      author: item.author,
      postedAt: item.createdAt.toISOString(),
      score: s.score,
      stage: s.stage,
      reason: s.reason,
      matchedPhrase: keyword,
      sellerSide: s.sellerSide,
      excerpt: excerptOf(item),
    }));
  const read =
    window.total > items
      ? `the newest ${items.toLocaleString('en')} of ${window.total.toLocaleString('en')}`
      : `the ${items.toLocaleString('en')}`;
  const stored =
    `Counts come from ${read} posts and comments already stored from the last ${PREVIEW_DAYS} days (data ` +
    'already bought, at no cost)';
  const note = fresh
    ? `${stored}, and from a fresh read of ${fresh.subreddits.map((r) => `r/${r}`).join(', ') || 'no subreddit'} ` +
      `for this preview: ${fresh.items.toLocaleString('en')} items in ${fresh.calls} upstream ` +
      `call${fresh.calls === 1 ? '' : 's'}, $${fresh.costUsd.toFixed(4)}, recorded in usage.` +
      (fresh.problems.length ? ` Not read: ${fresh.problems.join('; ')}.` : '')
    : `${stored}; nothing was fetched upstream for this preview.`;
  return {
    days: PREVIEW_DAYS,
    items,
    source: fresh ? 'fresh' : 'stored',
    costUsd: fresh?.costUsd ?? 0,
    note,
    threshold: DEFAULT_SCORE_THRESHOLD,
    keywords: keywordRows,
    subreddits: [...subs.values()],
    examples,
  };
}
