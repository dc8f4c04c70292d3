import model from './meaning-weights.json' with { type: 'json' };
import type { ScoringItem, ScoringProfile } from './types.ts';

/**
 * The meaning stage (docs/scoring.md, "Meaning"): a sentence encoder's vectors of the post and of the profile's
 * pain, solution, target users and keywords move the local score by a learned number of points. The vectors come
 * from outside this module (src/scoring/embedder.ts computes them); here is only arithmetic, so the scorer stays
 * free of I/O. Trained by `npm run train` on the same groups as the learned ranker.
 */

/** Unit vectors of one profile's parts: pain, solution, target users, keywords (profileTexts' order). */
export type ProfileVectors = readonly Float32Array[];

/** What the stage reads for one pair: the post's unit vector and the profile's. */
export interface MeaningVectors {
  post: Float32Array;
  profile: ProfileVectors;
}

/** How much of a post the encoder reads: its title and the start of its body (the rest rarely changes intent). */
const BODY_CHARS = 400;

/** The text of a post the encoder reads. */
export function itemText(item: Pick<ScoringItem, 'title' | 'body'>): string {
  return `${item.title}. ${(item.body ?? '').slice(0, BODY_CHARS)}`;
}

/**
 * The profile's texts, in the order of the weights' `profile` entries. The product's name is left out (a brand
 * name says little about who buys); a part left empty reads as the first of the others that is not, the name
 * only when all are.
 */
export function profileTexts(profile: ScoringProfile): string[] {
  const parts = [profile.pain, profile.solution, profile.targetUsers, profile.keywords.join(', ')].map(
    (t) => t?.trim() ?? '',
  );
  const fallback = parts.find(Boolean) || profile.name;
  return parts.map((t) => t || fallback);
}

/** The weights file as `npm run train` writes it. */
interface MeaningModel {
  /** Points per unit of the learned logit: 100 / the local score's own weight, so both share one scale. */
  scale: number;
  /** Subtracted from the logit so that the mean training pair moves by 0 points. */
  offset: number;
  /** Weights of the cosines of the post with each profile part. */
  profile: number[];
  /** Weights of the post vector's components (what an asking, buying post reads like, whatever the product). */
  post: number[];
}

const weights = model as MeaningModel & { about: string };
/** The dimension of the encoder's vectors the weights were trained for (0, an empty file: the stage is off). */
const MEANING_DIMENSION = weights.post.length;

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/** A vector scaled to length 1 (all zeros stay zeros). */
export function unit(v: ArrayLike<number>): Float32Array {
  const n = Math.sqrt(dot(v, v)) || 1;
  return Float32Array.from(v, (x) => x / n);
}

/** The stage's features for a pair: cosines with the profile's parts, then the post's vector. */
export function meaningFeatures(v: MeaningVectors): number[] {
  return [...v.profile.map((p) => dot(v.post, p)), ...v.post];
}

/** The points the meaning stage adds to (or takes from) a pair's local score, before the 0-100 bend. */
export function meaningPoints(v: MeaningVectors): number {
  if (v.post.length !== MEANING_DIMENSION) return 0;
  const z =
    dot(
      weights.profile,
      v.profile.map((p) => dot(v.post, p)),
    ) + dot(weights.post, v.post);
  return weights.scale * (z - weights.offset);
}
