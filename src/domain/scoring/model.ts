import { FEATURE_COUNT, pairLogit, type TextStems } from './features.ts';
import model from './model-weights.json' with { type: 'json' };
import type { CompiledProfile } from './profile.ts';
import type { Signals, Weighed } from './reading.ts';

/**
 * The learned ranker (docs/scoring.md, "Learned model"): logistic regression over the rule signals and hashed
 * word n-grams, trained by `npm run train`. Its share of the score is chosen by leave-one-profile-out
 * cross-validation; at share 0 the scorer is the rules alone and no features are computed.
 */
export const modelShare: number = model.share;
const MODEL_WEIGHTS: readonly number[] = model.weights;

let weights: Float64Array | null = null;

function loadWeights(): Float64Array {
  if (!weights) {
    weights = new Float64Array(FEATURE_COUNT);
    for (let i = 0; i + 1 < MODEL_WEIGHTS.length; i += 2) weights[MODEL_WEIGHTS[i]!] = MODEL_WEIGHTS[i + 1]!;
  }
  return weights;
}

/** The model's probability that the pair is a good lead (0-1). */
export function pairProbability(stems: TextStems, p: CompiledProfile, s: Signals, w: Weighed): number {
  return 1 / (1 + Math.exp(-pairLogit(stems, p, s, w, loadWeights())));
}

/** Rules and model mixed by share (0-100), before the profile's judgements of the author (weigh.ts adjust). */
export function blend(rule: number, probability: number, share: number): number {
  return (1 - share) * rule + share * 100 * probability;
}
