/**
 * The profile-independent language signals: how a post asks for, compares or is ready to buy something, how it
 * describes a pain, whether its author is selling, and the shapes of posts no product answers (stories,
 * reviews, discussions, job hunting). Each group is a list of regex sources over lower-case text (phrases/),
 * matched as whole words by a PhraseIndex; this module names the groups and reads the trade tags of titles.
 */
import { ASKS_HELP, PERSON_ASKED, SEEKING, SEEKING_PRODUCT, TOOL_NOUN } from './phrases/asking.ts';
import {
  BUSINESS_SIZE,
  COMPARING,
  COMPARING_GENERIC,
  LEAVING,
  MONEY_AMOUNT,
  NO_BUDGET,
  PURCHASE,
  WEIGHING,
} from './phrases/buying.ts';
import { ADVICE, LOW_VALUE } from './phrases/low-value.ts';
import { JOB_OPENING, LEGAL_QUESTION, SELLS_HIRING, SELLS_LEGAL } from './phrases/other-needs.ts';
import { PAIN } from './phrases/pain.ts';
import { SELLER_OWN, SELLER_PITCH, SELLER_SELF } from './phrases/seller.ts';
import {
  HAVE_ONLY,
  HAVE_WANT,
  LEADING_MONEY,
  MONEY,
  NOT_GOODS,
  WANT_MONEY_ONLY,
} from './phrases/title-tags.ts';

/** The signal groups, in the order of SIGNAL (their ids in PhraseHit.group). */
export const SIGNAL = {
  seekProduct: 0,
  seek: 1,
  compare: 2,
  purchase: 3,
  pain: 4,
  low: 5,
  pitch: 6,
  self: 7,
  tool: 8,
  own: 9,
  compareGeneric: 10,
  money: 11,
  advice: 12,
  leave: 13,
  weigh: 14,
  legal: 15,
  employment: 16,
  noBudget: 17,
  personAsked: 18,
  business: 19,
  help: 20,
} as const;

/**
 * Needs that another trade answers, whatever the field: a question for a lawyer (a dispute, a liability, a
 * lawsuit). Each is read only for profiles that do not sell that themselves (`profile`: the profile's name,
 * solution and keywords name it); `inBody`: whether the body's words count too, or only the title's.
 */
export const OTHER_NEEDS = [
  {
    group: SIGNAL.legal,
    sources: LEGAL_QUESTION,
    profile: SELLS_LEGAL,
    reason: 'a legal question, for a lawyer rather than a product',
    inBody: true,
  },
  {
    group: SIGNAL.employment,
    sources: JOB_OPENING,
    profile: SELLS_HIRING,
    reason: 'a job opening, for an employee rather than a product',
    inBody: false,
  },
] as const;

/** Every group's pattern sources; each profile compiles them with its own phrases into one index. */
export const SIGNAL_SOURCES: readonly (readonly string[])[] = [
  SEEKING_PRODUCT,
  SEEKING,
  COMPARING,
  PURCHASE,
  PAIN,
  LOW_VALUE,
  SELLER_PITCH,
  SELLER_SELF,
  TOOL_NOUN,
  SELLER_OWN,
  COMPARING_GENERIC,
  MONEY_AMOUNT,
  ADVICE,
  LEAVING,
  WEIGHING,
  ...OTHER_NEEDS.map((n) => n.sources),
  NO_BUDGET,
  PERSON_ASKED,
  BUSINESS_SIZE,
  ASKS_HELP,
];

/** "(H) 7970 (W) GTX680" written with brackets, at the same offsets: "[h] 7970 [w] gtx680". */
const bracketTags = (title: string) =>
  title.replace(/\(\s*([hw])\s*\)/g, (m, t) => `[${t}${' '.repeat(m.length - 3)}]`);

/**
 * `[H] item [W] PayPal`: the author has goods and wants money, so sells. `[H] PayPal [W] item` buys.
 * Where both sides name money, the side that leads with it decides. Returns true (sells), false (buys) or
 * null (no such tag, or a pure trade).
 */
export function haveWantSells(raw: string): boolean | null {
  const title = bracketTags(raw);
  const m = HAVE_WANT.exec(title);
  if (!m) {
    // "[US-PA] [H] Corsair fans, GTX 680, PSU": goods on offer with no want named (the price is in the body);
    // "[H] $$$, …" with no want is a buyer's title cut short: undecided.
    const h = HAVE_ONLY.exec(title);
    if (!h) return WANT_MONEY_ONLY.test(title) ? true : null;
    const have = h[1]!.replace(/\[[^\]]*\]/g, '');
    return LEADING_MONEY.test(have) || NOT_GOODS.test(have) ? null : true;
  }
  const have = (m[1] ?? '').replace(/\[[^\]]*\]/g, '');
  const want = m[2] ?? '';
  if (LEADING_MONEY.test(have)) return false;
  if (LEADING_MONEY.test(want)) return true;
  if (MONEY.test(have)) return false;
  if (MONEY.test(want)) return true;
  return null;
}

/** Where the have side of a "[H] … [W] …" title stands (from after "[H]" to "[W]"), or null. */
export function haveSpan(title: string): [start: number, end: number] | null {
  const m = HAVE_WANT_INDICES.exec(bracketTags(title));
  return m?.indices?.[1] ?? null;
}
const HAVE_WANT_INDICES = new RegExp(HAVE_WANT.source, 'd');
