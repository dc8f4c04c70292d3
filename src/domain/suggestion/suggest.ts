// A project profile proposed from what a product page (or a person) says: the local method, no I/O
// (docs/decisions/0118-onboarding-suggestion.md).
import { competitorsIn } from './competitors.ts';
import {
  proposeBudget,
  proposeGeography,
  proposeName,
  proposePain,
  proposeSolution,
  proposeTargetUsers,
} from './fields.ts';
import { chooseKeywords, exclusionsFor, type KeywordCandidate, keywordCandidates } from './keywords.ts';
import type { PhraseReach, ProductText, ProfileSuggestion } from './types.ts';
import { type Unit, unitsOf } from './units.ts';

export type { KeywordCandidate } from './keywords.ts';
export { MAX_KEYWORDS, MIN_KEYWORDS, REACH_MIN_ITEMS } from './keywords.ts';
export type { PhraseReach, ProductText, ProfileSuggestion, TextBlock } from './types.ts';

/** What the page says, read once: its sentences, the product's name, its competitors and candidate keywords. */
export interface ReadProduct {
  text: ProductText;
  units: Unit[];
  name: string;
  competitors: string[];
  candidates: KeywordCandidate[];
}

/** Reads the page: everything but the keywords' final choice, which may wait for stored posts' counts. */
export function readProduct(text: ProductText): ReadProduct {
  const name = proposeName(text);
  const units = unitsOf(text, name);
  const competitors = competitorsIn(
    units.map((u) => u.text),
    name ?? '',
  ).slice(0, 10);
  const banned = new Set([
    'alternative',
    'alternatives',
    ...(name ? name.toLowerCase().split(/\s+/) : []),
    ...competitors.flatMap((c) => c.toLowerCase().split(/\s+/)),
  ]);
  return { text, units, name: name ?? '', competitors, candidates: keywordCandidates(units, banned) };
}

/**
 * The proposed profile. `reach` gives a phrase's matches in the stored posts of the window, when there are some:
 * it keeps out phrases that match too much and favours those people write. Subreddits are not proposed here: they
 * come from where the keywords match in stored data (src/onboarding/).
 */
export function suggestProfile(
  read: ReadProduct,
  reach?: (phrase: string) => PhraseReach | undefined,
): ProfileSuggestion {
  const { text, units, competitors } = read;
  const keywords = chooseKeywords(read.candidates, competitors, reach);
  const solution = proposeSolution(units, read.name || null);
  // No name said anywhere: a plain placeholder the person replaces, not a keyword dressed as a name.
  const name = read.name || 'My product';
  return {
    name: name.slice(0, 200),
    url: text.url,
    pain: proposePain(units, read.name || null),
    solution,
    targetUsers: proposeTargetUsers(units),
    geography: proposeGeography(units),
    budgetFit: proposeBudget(units, text.offers),
    keywords: [...keywords, ...exclusionsFor(keywords, units.map((u) => u.text).join('\n'))],
    competitors,
  };
}
