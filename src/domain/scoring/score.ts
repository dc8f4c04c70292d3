import { type Features, featuresOf } from './features.ts';
import { type MeaningVectors, meaningPoints } from './meaning.ts';
import { blend, modelShare, pairProbability } from './model.ts';
import { type CompiledProfile, compileProfile } from './profile.ts';
import { readSignals, stemsOfItem } from './read.ts';
import type { Signals, Weighed } from './reading.ts';
import { describe } from './reason.ts';
import { DEFAULT_SCORE_THRESHOLD, type LeadScore, type ScoringItem, type ScoringProfile } from './types.ts';
import { adjust, asksElsewhere, moveBy, stageAt, WEAK, weigh } from './weigh.ts';

/** A push of the meaning stage this large (points) is told in the reason, which otherwise reads the rules. */
const MOVE_TOLD = 15;

/** Below this fit the rules read a post as barely about the product ("a keyword in passing", reason.ts). */
const IN_PASSING = 0.25;

/** The learned model's features for a pair, as training reads them. */
export function featuresOfItem(item: ScoringItem, p: CompiledProfile, s: Signals, w: Weighed): Features {
  return featuresOf(stemsOfItem(item, p), p, s, w);
}

/**
 * The local scorer: deterministic, no I/O, microseconds per item once the profile is compiled. With the sentence
 * encoder's vectors of the post and the profile (meaning.ts), the meaning stage moves the score of a post.
 */
export function scoreItem(item: ScoringItem, profile: ScoringProfile, meaning?: MeaningVectors): LeadScore {
  if (item.kind === 'comment') return scoreComment(item, profile);
  return scoreReading(item, profile, meaning);
}

/**
 * A comment is read two ways, and the higher reading counts unless the first calls it a seller: as a comment (its
 * thread's title gives the topic, never the commenter's request), and as a post of its own whose first sentence is
 * its title ("Looking for booking software that pays renters directly. We have 5 booth renters …"). Read only as a
 * comment, the same words scored about 15 points lower than as a post, and a buyer's comment ranked under weaker
 * posts (labeled posts read as comments: NDCG@10 0.55 against 0.64; docs/scoring-history.md).
 */
function scoreComment(item: ScoringItem, profile: ScoringProfile): LeadScore {
  const asComment = scoreReading(item, profile);
  if (asComment.sellerSide) return asComment;
  const own = OWN_FIRST_SENTENCE.exec(item.body.trim());
  if (!own) return asComment;
  const asPost = scoreReading({ ...item, kind: 'post', title: own[1]!, body: own[2] ?? '' }, profile);
  return !asPost.sellerSide && asPost.score > asComment.score ? asPost : asComment;
}

/** A comment's first sentence (8 to 200 characters, ending in . ? or !) and the rest. */
const OWN_FIRST_SENTENCE = /^([^\n]{8,200}?[.?!])(?:\s+([\s\S]*))?$/;

/** One reading of an item: a post, or a comment read as a comment (its thread's title gives only the topic). */
function scoreReading(item: ScoringItem, profile: ScoringProfile, meaning?: MeaningVectors): LeadScore {
  const p = compileProfile(profile);
  const s = readSignals(item, p);
  const w = weigh(s);
  let score = w.score;
  let stage = w.stage;
  // The model was trained on posts: it would read a comment's post title as the commenter's own request, so a
  // comment is ranked by the rules alone, which judge it by its own words.
  if (modelShare > 0 && item.kind !== 'comment') {
    const probability = pairProbability(stemsOfItem(item, p), p, s, w);
    score = Math.round(adjust(blend(w.base, probability, modelShare), w.factor, w.bonus, w.sellerSide));
    // The stage belongs to the score shipped, whichever part ranked it.
    stage = stageAt(s, w.fit, w.sellerSide, score);
  }
  // Like the model, the stage was trained on posts; a seller stays where the rules put it, at the bottom.
  let moved = 0;
  const asked = stage !== null && stage !== 'problem-aware' && score >= WEAK;
  if (meaning && item.kind !== 'comment' && !w.sellerSide) {
    moved = meaningPoints(meaning);
    // A post tied to the profile only by its broad keywords ("computer", "internet") is found by them, not known to
    // fit, and a how-to question about a competitor's product ("Help with an excel sheet?") reads close to a profile
    // that names it: the encoder may lower either, never lift it (ADR 0123).
    if (s.broadOnly || s.aboutAnotherProduct) moved = Math.min(moved, 0);
    const local = score;
    score = moveBy(score, moved);
    // A post the rules read as barely about the product (a keyword in passing) is not carried to the threshold by
    // sounding like a request: the encoder reads asking, not what is asked for (ADR 0122).
    // Nor is a request for another kind of product, or one from a trade the product does not serve (ADR 0123).
    if ((w.fit < IN_PASSING || asksElsewhere(s)) && local < DEFAULT_SCORE_THRESHOLD)
      score = Math.min(score, Math.max(local, DEFAULT_SCORE_THRESHOLD - 1));
    stage = stageAt(s, w.fit, w.sellerSide, score);
  }
  // The reason tells the stage shipped, not the rules' own, and a large move of the meaning stage that it does not
  // already explain (a lift of a post the rules read as a request needs no second word).
  const lift = moved >= MOVE_TOLD && !asked ? 'up' : moved <= -MOVE_TOLD ? 'down' : null;
  const reason = describe(s, { ...w, stage, score }, lift);
  // Lifted as a buyer's request that the rules found no stage in ("asks in no usual words, but read as a whole it
  // sounds like a buyer's request"): it seeks a solution, the stage of most leads.
  if (lift === 'up' && stage === null && w.fit >= 0.25 && score >= WEAK) stage = 'solution-seeking';
  return {
    score,
    stage,
    reason,
    sellerSide: w.sellerSide,
    matchedPhrase: s.keywordsTitle[0] ?? s.keywordsBody[0] ?? s.competitors[0] ?? s.concepts[0] ?? null,
  };
}
