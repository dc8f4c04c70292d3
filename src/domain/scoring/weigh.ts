// Weighs what was read (Signals) into fit, intent, the 0-100 score and the stage (docs/scoring.md).
import type { Hits, Signals, Weighed } from './reading.ts';
import { JARGON_TERMS, jargonPoints } from './role.ts';
import type { Stage } from './types.ts';

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));

/** Enough IT jargon to mark an expert, for a product whose buyers have no technical staff (role.ts). */
export const writesAsExpert = (s: Signals) => jargonPoints(s.jargon) >= JARGON_TERMS;

/** Fit to the project (0-1), buying intent (0-1), then the 0-100 score and stage. */
/** The weights of the score (docs/scoring.md); one object so the eval can show what each one moves. */
export const WEIGHTS = {
  base: 0.1,
  /** The share of the score left to a title shopping for a device the product is not (a laptop for a cloud). */
  otherDevice: 0.5,
  /** The share left to a technical author when the product is for people without technical staff. */
  expert: 0.6,
  /** The share left to an author on the other side of the target users ("my landlord") or of the product. */
  role: 0.6,
  /** The share left to someone doing the job themselves, for a profile that sells it as a service. */
  diy: 0.7,
  /** The share left to a lead clearly outside the profile's geography, and the lift of one inside it. */
  foreign: 0.45,
  inGeography: 1.08,
  /** The share left to a budget below the product's price, and the lift of one that fits (for its buyer). */
  budgetOver: 0.6,
  budgetFits: 1.1,
  /**
   * The share left to a request for another kind of product ("salon software") made by an author of a trade the
   * product does not serve ("our hair salon", for photographers' invoicing): both read, request-fit.ts, ADR 0123.
   * Either alone only keeps the meaning stage from lifting the post across the threshold (score.ts).
   */
  elsewhere: 0.5,
  /** The share left to a job opening (an employer hiring staff, not buying). */
  jobOpening: 0.5,
  /** The share left to an author who says there is no budget. */
  noBudget: 0.6,
  intent: 0.6,
  fit: 0.2,
  /**
   * The part of the fit that weighs intent and depends on how much of the title is about the field
   * (titleShare): a post whose title has none of the profile's words keeps 0.8 of it.
   */
  titleFocus: 0.2,
  /** How much of intent counts when the fit is nil: intent about something else is worth little. */
  intentFloor: 0.5,
  concept: 0.4,
  keyword: 0.35,
  target: 0.15,
  competitor: 0.1,
  pain: 0.7,
};

export function weigh(s: Signals): Weighed {
  const W = WEIGHTS;
  // A named competitor places a post in the project's field as surely as a keyword does.
  const kw = s.keywordsTitle.length
    ? 1
    : s.competitorInTitle
      ? 0.8
      : s.keywordCount > 0
        ? Math.min(0.8, 0.4 + 0.1 * s.keywordCount)
        : 0;
  // Leaving a named competitor places the author in the product's market as surely as any keyword.
  const fitFloor = s.leavesCompetitor ? 0.6 : 0;
  const named = clamp01(
    W.keyword * kw +
      W.concept * clamp01(s.conceptWeight / 4) +
      W.target * (s.targetUsers.length ? 1 : 0) +
      W.competitor * (s.competitors.length ? 1 : 0),
  );
  const fit = Math.max(fitFloor, named);
  // Intent counts by how much of the title is about the field, not only by whether the field is named at all:
  // a request whose title is about something else ("Off-site backup suggestions") and names the field only in
  // the body is less likely a request for the product.
  const focusedFit = Math.max(fitFloor, named * (1 - W.titleFocus + W.titleFocus * s.titleShare));

  const { seek, compare, purchase, pain } = s;
  // A stated budget that fits is a purchase signal in itself; leaving a named competitor is a comparison.
  if (s.budget === 'fits') purchase.value = Math.max(purchase.value, 0.9);
  if (s.leavesCompetitor) compare.value = 1;
  const groups = [seek, compare, purchase, pain].filter((h) => h.value >= 0.7).length;
  const intent = clamp01(
    Math.max(seek.value, compare.value * 0.95, purchase.value * 0.9, pain.value * W.pain, s.question) +
      0.1 * Math.max(0, groups - 1),
  );

  // Giving advice: a how-to title weighs like a story; advice in the body of a post that does not ask, less.
  const advice =
    s.adviceInTitle && !s.seek.inTitle
      ? 0.3
      : s.advice.length && s.question === 0 && !s.seek.inTitle
        ? 0.15
        : 0;
  const low =
    Math.min(
      0.6,
      0.3 * (s.lowTitle.length + (s.otherNeedTitle ? 1 : 0)) +
        0.1 * (s.lowBody.length + s.otherNeedBody) +
        advice,
    ) * (seek.value >= 1 ? 0.4 : 1);
  const base =
    100 *
    clamp01(
      W.base + W.intent * intent * (W.intentFloor + (1 - W.intentFloor) * focusedFit) + W.fit * fit - low,
    );
  // What the profile says about this author, applied to whatever ranks the post (rules or the learned model):
  // the reason names each of them, so the score must move by them.
  let factor = 1;
  if (s.geography === 'foreign') factor *= W.foreign;
  else if (s.geography === 'match') factor *= W.inGeography;
  if (s.budget === 'over') factor *= W.budgetOver;
  if (s.otherDevice) factor *= W.otherDevice;
  if (writesAsExpert(s)) factor *= W.expert;
  if (s.role) factor *= W.role;
  if (s.otherObject && s.otherTrade && !s.role) factor *= W.elsewhere;
  if (doesItThemselves(s)) factor *= W.diy;
  // A job opening hires an employee: whatever its words share with the product's buyers, it buys nothing.
  if (s.jobOpening) factor *= W.jobOpening;
  // Someone who says they have nothing to spend is no buyer of anything sold, however well they fit.
  if (s.noBudget) factor *= W.noBudget;
  // A fitting budget is for this product only when the post shops for it and the author is its buyer.
  if (s.budget === 'fits' && !s.otherDevice && !s.role) factor *= W.budgetFits;
  // An explicit buyer (asks for a product and states a budget or timeline, or leaves a competitor) leads.
  const bonus = (seek.value >= 0.8 && purchase.value >= 0.7) || (s.leavesCompetitor && fit >= 0.25) ? 10 : 0;
  const sellerSide = s.sellerPoints >= 2;
  const score = adjust(base, factor, bonus, sellerSide);

  const stage = stageAt(s, fit, sellerSide, score);
  return { score: Math.round(score), base, factor, bonus, stage, sellerSide, fit, intent };
}

/** Below this score a post is a weak lead: the reason says so, and it is never ready to buy. */
export const WEAK = 30;

/**
 * A post's stage: none for a seller or an off-topic post. Below WEAK, what it asks as a weak lead (never "ready to
 * buy"), and none when its title is low value or advice; the reason tells the same (docs/scoring.md).
 */
export function stageAt(s: Signals, fit: number, sellerSide: boolean, score: number): Stage | null {
  if (sellerSide || fit < 0.25) return null;
  if (score >= WEAK) return stageOf(s);
  if (s.lowTitle.length || s.adviceInTitle) return null;
  const asked = stageOf(s);
  return asked === 'purchase-ready' ? 'solution-seeking' : asked;
}

/**
 * Above this a score bends toward 100 instead of stopping at it, so that strong leads keep their order (a hard cap
 * tied a tenth of the demo's requests at 100).
 */
const KNEE = 85;

/** The 0-100 scale: unchanged up to KNEE, then approaching 100 without a ceiling that ties leads. */
function bend(x: number): number {
  const room = 100 - KNEE;
  return x <= KNEE ? x : KNEE + room * (1 - Math.exp(-(x - KNEE) / room));
}

/** The inverse of bend, for a score to be moved on the straight scale and bent again. */
function unbend(y: number): number {
  const room = 100 - KNEE;
  return y <= KNEE ? y : KNEE - room * Math.log(1 - Math.min(y - KNEE, room - 0.01) / room);
}

/** A shipped score moved by the meaning stage's points, back on the 0-100 scale. */
export function moveBy(score: number, points: number): number {
  return Math.round(Math.min(100, Math.max(0, bend(unbend(score) + points))));
}

/** A 0-100 ranking score moved by the profile's judgements (factor, bonus); a seller stays at the bottom. */
export function adjust(score: number, factor: number, bonus: number, sellerSide: boolean): number {
  const s = bend(score * factor + bonus);
  return sellerSide ? Math.min(s * 0.2, 9) : s;
}

/**
 * Where the author is on the way to buying (RUBRIC), for a post that is on topic and ranks as a lead. The stage
 * is read from the same signals as the score and never changes it.
 */
export function stageOf(s: Signals): Stage | null {
  const { seek, compare, purchase, pain } = s;
  const strong = (h: Hits) => h.value >= 0.7;
  // An on-topic request for advice ("how do I get clients to pay?") seeks a solution too.
  const seeking = seek.value >= 0.6;
  // Any request in the title asks, even one far from the topic words ("Best way to handle this?").
  const asks = seeking || seek.inTitle || s.taggedAsk !== null;
  const competitorComplaint = s.ownCompetitors.length > 0 && (strong(pain) || strong(compare));
  // Asking while weighing options already met ("I've tried …", "had a look at …") is a comparison.
  // Asking while naming two of the products it weighs ("Help me pick: Vagaro, Calendly or something smaller").
  const namesOptions = asks && s.ownTitleNamesCompetitor;
  if ((compare.inTitle && strong(compare)) || competitorComplaint || (asks && s.weighs) || namesOptions)
    return 'comparing';
  // Ready to buy something the product is not (a laptop for a cloud, a building for landlord software) is no
  // readiness to buy the product.
  // A budget that fits the product's range, called one, is stated by someone shopping, wherever it is written
  // ("we are looking too, budget about $25/mo"); a price paid ("we pay $30 a month for Acuity") is not.
  // Money in hand for the goods wanted ("[H] PayPal [W] …") is a purchase about to happen.
  if (s.taggedAsk === 'buys' && !s.otherDevice) return 'purchase-ready';
  if (
    strong(purchase) &&
    (seeking || purchase.inTitle || (s.budget === 'fits' && s.budgetNamed)) &&
    !s.otherDevice
  )
    return 'purchase-ready';
  if (asks) return 'solution-seeking';
  if (strong(compare)) return 'comparing';
  // The pain told with a question about it ("… has stopped working. What are my next steps?") asks how to solve
  // it: solution-seeking (RUBRIC), as the question below would make it without the pain.
  if (strong(pain) && s.question < 0.35 && !s.asksHelp) return 'problem-aware';
  // A request near a topic word in the body, or an on-topic question with no pain, asks how to do or solve
  // something: it seeks a solution.
  if (seek.value >= 0.4 || s.question >= 0.35 || s.asksHelp) return 'solution-seeking';
  return null;
}

/** The post asks for another kind of product, or its author is of a trade the product does not serve (ADR 0123). */
export const asksElsewhere = (s: Signals) => s.otherObject !== null || (s.otherTrade !== null && !s.role);

/** Asks how to do the job, or for a tool, and does not speak of their own business (an owner may hire it done). */
export function doesItThemselves(s: Signals): boolean {
  return s.diy !== null && !s.ownBusiness && s.purchase.value < 0.7 && !s.budgetText;
}
