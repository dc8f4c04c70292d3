// Whether a keyword earns its place, from what it matched and what came of its leads
// (docs/decisions/0099-keyword-performance.md). Pure: the figures come from src/keywords/.
import { tokenize } from './matching.ts';
import { namesOnlyAProduct } from './scoring/generic.ts';

/**
 * ok: nothing to say; noisy: many matches and (almost) no leads; rejected: most of its leads were marked not a fit
 * or hidden; dead: counted, matched nothing and found no lead; uncounted: no scan in the window has read an item since it was
 * added.
 */
export type KeywordVerdict = 'ok' | 'noisy' | 'rejected' | 'dead' | 'uncounted';

/** A keyword's figures over the window; matched is null when no scan in it counted the keyword. */
export interface KeywordFigures {
  matched: number | null;
  leads: number;
  notFit: number;
  hidden: number;
}

/** From this many matches, a keyword whose leads are fewer than NOISY_LEAD_SHARE of them is noisy. */
export const NOISY_MIN_MATCHES = 10;
export const NOISY_LEAD_SHARE = 0.05;
/** From this many leads, a keyword with more than half of them marked not a fit or hidden is rejected. */
export const REJECTED_MIN_LEADS = 3;

export function judgeKeyword(f: KeywordFigures): KeywordVerdict {
  if (f.matched === null) return 'uncounted';
  if (f.matched === 0 && f.leads === 0) return 'dead';
  if (f.leads >= REJECTED_MIN_LEADS && (f.notFit + f.hidden) * 2 > f.leads) return 'rejected';
  if (f.matched >= NOISY_MIN_MATCHES && f.leads < f.matched * NOISY_LEAD_SHARE) return 'noisy';
  return 'ok';
}

/**
 * The words a keyword matches, as one key: what the scanner counted under one spelling and the leads it stored
 * under another ("Booking app", `"booking app"`) stay with the keyword that matches the same words.
 */
export const keywordWords = (text: string): string => tokenize(text).join(' ');

/** From this share of a window's posts and comments, a keyword matches too much to find buyers of one product. */
export const BROAD_SHARE = 0.05;
/** A window needs this many items before a share or an absence of matches means anything. */
export const HEALTH_MIN_ITEMS = 100;

/** How far a keyword reaches in a window of stored posts and comments (data already bought). */
export interface KeywordReach {
  /** Items it matched; null when it was not counted. */
  matches: number | null;
  /** Items in the window. */
  items: number;
  days: number;
}

/**
 * generic: names only a kind of product ("software"); broad: matches a large share of everything; silent: matches
 * none of a window large enough to tell.
 */
export interface KeywordWarning {
  kind: 'generic' | 'broad' | 'silent';
  message: string;
}

const percent = (n: number) => (n >= 0.1 ? Math.round(n * 100) : Math.round(n * 1000) / 10);
const quote = (s: string) => `“${s}”`;

/**
 * The warning a keyword earns before it is saved, with what to do instead; null for a keyword that looks fine
 * ("late payment") or an exclusion. `topic` is a word of the product's field for the example ("invoicing").
 */
export function keywordWarning(
  keyword: string,
  reach: KeywordReach,
  opts: { topic?: string | null } = {},
): KeywordWarning | null {
  const parsed = keyword.trim();
  if (!parsed || parsed.startsWith('-')) return null;
  const shown = parsed.replace(/^["“](.*)["”]$/, '$1');
  const { matches, items, days } = reach;
  const window = `the ${items.toLocaleString('en')} posts and comments of the last ${days} days`;
  const share = matches !== null && items > 0 ? matches / items : null;
  const counted = share !== null && items >= HEALTH_MIN_ITEMS;
  if (namesOnlyAProduct(shown)) {
    const product = shown.toLowerCase().replace(/^(?:a|an|the|any|some|my|our|your)\s+/, '');
    const field = opts.topic?.trim() || 'invoicing';
    return {
      kind: 'generic',
      message:
        `${counted ? `Matches ${percent(share!)}% of ${window}: ` : ''}${quote(shown)} names only a kind of product, ` +
        `so it finds people asking for any ${product}. Add what the ${product} is for, e.g. ${quote(`${field} ${product}`)}.`,
    };
  }
  if (counted && share! >= BROAD_SHARE) {
    return {
      kind: 'broad',
      message:
        `Matches ${percent(share!)}% of ${window}: most of them will be about something else. ` +
        `Use a longer phrase a buyer would write, or add -word exclusions for the other senses.`,
    };
  }
  if (counted && matches === 0) {
    return {
      kind: 'silent',
      message: `Matched none of ${window}: people may say it another way; try a shorter or more common wording.`,
    };
  }
  return null;
}
