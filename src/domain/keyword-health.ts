// Whether a keyword earns its place, from what it matched and what came of its leads
// (docs/decisions/0099-keyword-performance.md). Pure: the figures come from src/keywords/.
import { tokenize } from './matching.ts';

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
