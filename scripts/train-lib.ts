// The learned ranker's training: logistic regression (plain code, full-batch Adam with L2) over the rule signals
// and hashed word n-grams, cross-validated leave-one-profile-out. Used by scripts/train.ts and the eval.

import { FEATURE_COUNT } from '../src/domain/scoring/features.ts';
import {
  adjust,
  compileProfile,
  type Features,
  featuresOfItem,
  readSignals,
  weigh,
} from '../src/domain/scoring/internals.ts';
import { blend } from '../src/domain/scoring/model.ts';
import { type EvalData, type Group, ndcg10, SHARED_GROUPS, toItem } from './eval-lib.ts';

export interface Example {
  project: string;
  /** The profile's family (a `sameAs` profile is its shared one's): left out together in cross-validation. */
  family: string;
  group: Group | null;
  grade: number;
  rule: number;
  /** The rule score before the profile's judgements of the author, and those judgements (weigh.ts). */
  base: number;
  factor: number;
  bonus: number;
  sellerSide: boolean;
  features: Features;
}

/** What training reads of an example: the profile it belongs to, its group and grade, and its features. */
export type TrainExample = Pick<Example, 'project' | 'group' | 'grade' | 'features'>;

export function buildExamples(data: EvalData): Example[] {
  const out: Example[] = [];
  for (const project of data.projects) {
    const p = compileProfile(project);
    for (const l of data.labels) {
      if (l.project !== project.key) continue;
      const item = toItem(data.posts.get(l.postId)!);
      const s = readSignals(item, p);
      const w = weigh(s);
      out.push({
        project: project.key,
        family: project.family ?? project.key,
        group: project.group ?? null,
        grade: l.grade,
        rule: w.score,
        base: w.base,
        factor: w.factor,
        bonus: w.bonus,
        sellerSide: w.sellerSide,
        features: featuresOfItem(item, p, s, w),
      });
    }
  }
  return out;
}

export interface TrainOptions {
  epochs: number;
  l2: number;
  rate: number;
  /** Weight of the pairwise ranking loss beside the per-post one (0: per post only). */
  pairwise: number;
}
export const DEFAULT_TRAIN: TrainOptions = { epochs: 600, l2: 0.001, rate: 0.05, pairwise: 0.3 };

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * The pairs of one profile's posts where the first is graded higher, each with its weight: the gain the order
 * wins ((2^a - 2^b) / 7, as NDCG counts grades), divided by the profile's number of pairs so that a profile with
 * many graded posts does not outweigh the others (as each profile weighs the same in the per-post loss).
 */
interface RankPair {
  higher: number;
  lower: number;
  weight: number;
}
function rankPairs(examples: TrainExample[], total: number): RankPair[] {
  const byProject = new Map<string, number[]>();
  examples.forEach((e, i) => {
    const list = byProject.get(e.project);
    if (list) list.push(i);
    else byProject.set(e.project, [i]);
  });
  const out: RankPair[] = [];
  const share = 1 / byProject.size;
  for (const idx of byProject.values()) {
    const pairs: RankPair[] = [];
    for (const a of idx)
      for (const b of idx) {
        const ga = examples[a]!.grade;
        const gb = examples[b]!.grade;
        if (ga > gb) pairs.push({ higher: a, lower: b, weight: (2 ** ga - 2 ** gb) / 7 });
      }
    for (const p of pairs) p.weight *= (total * share) / pairs.length;
    out.push(...pairs);
  }
  return out;
}

/**
 * Weights fitted to examples: target grade/3 (soft labels), each profile weighing the same in total, plus a
 * pairwise ranking loss (RankNet: log(1 + e^-(z_higher - z_lower)) over each profile's pairs graded apart) at
 * `opts.pairwise`. The per-post loss keeps the probability a calibrated share of the blend; the pairs teach the
 * order within a profile, which is what NDCG@10 reads and what carries to products not trained on.
 */
export function train(examples: TrainExample[], opts: TrainOptions = DEFAULT_TRAIN): Float64Array {
  const w = new Float64Array(FEATURE_COUNT);
  const m = new Float64Array(FEATURE_COUNT);
  const v = new Float64Array(FEATURE_COUNT);
  const per = new Map<string, number>();
  for (const e of examples) per.set(e.project, (per.get(e.project) ?? 0) + 1);
  const share = 1 / per.size;
  const weightOf = (e: TrainExample) => share / per.get(e.project)!;
  const used = new Set<number>();
  for (const e of examples) for (const i of e.features.index) used.add(i);
  const grad = new Float64Array(FEATURE_COUNT);
  const b1 = 0.9;
  const b2 = 0.999;
  const pairs = opts.pairwise > 0 ? rankPairs(examples, opts.pairwise) : [];
  const z = new Float64Array(examples.length);
  const g = new Float64Array(examples.length);
  for (let t = 1; t <= opts.epochs; t++) {
    grad.fill(0);
    examples.forEach((e, i) => {
      z[i] = predictLogit(e, w);
      g[i] = (sigmoid(z[i]!) - e.grade / 3) * weightOf(e);
    });
    for (const p of pairs) {
      const d = p.weight * sigmoid(z[p.lower]! - z[p.higher]!);
      g[p.higher]! -= d;
      g[p.lower]! += d;
    }
    examples.forEach((e, i) => {
      const f = e.features;
      for (let k = 0; k < f.index.length; k++) grad[f.index[k]!]! += g[i]! * f.value[k]!;
    });
    for (const i of used) {
      const gi = grad[i]! + (i === 0 ? 0 : opts.l2 * w[i]!);
      m[i] = b1 * m[i]! + (1 - b1) * gi;
      v[i] = b2 * v[i]! + (1 - b2) * gi * gi;
      const mh = m[i]! / (1 - b1 ** t);
      const vh = v[i]! / (1 - b2 ** t);
      w[i] = w[i]! - (opts.rate * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  calibrate(examples, w, weightOf);
  return w;
}

/**
 * Platt scaling on the shared groups: the logit z becomes a·z + b, with a and b fitted (logistic loss, each post
 * weighing as in training) to their grades / 3. The score's level and spread stay the ones its
 * thresholds (stage, hot leads, webhook filters) were set on, however many weak candidates our own groups add to
 * training; the order within the model does not change (a > 0).
 */
function calibrate(examples: TrainExample[], w: Float64Array, weightOf: (e: TrainExample) => number): void {
  const ref = examples.filter((e) => e.group && SHARED_GROUPS.includes(e.group));
  if (!ref.length) return;
  const weight = ref.map(weightOf);
  const z = ref.map((e) => predictLogit(e, w));
  let a = 1;
  let b = 0;
  // Newton's method on the two parameters (the loss is convex in them).
  for (let k = 0; k < 50; k++) {
    let ga = 0;
    let gb = 0;
    let haa = 0;
    let hab = 0;
    let hbb = 0;
    ref.forEach((e, i) => {
      const p = sigmoid(a * z[i]! + b);
      const r = weight[i]! * (p - e.grade / 3);
      const h = weight[i]! * p * (1 - p);
      ga += r * z[i]!;
      gb += r;
      haa += h * z[i]! * z[i]!;
      hab += h * z[i]!;
      hbb += h;
    });
    const det = haa * hbb - hab * hab;
    if (!(det > 0)) break;
    a -= (hbb * ga - hab * gb) / det;
    b -= (haa * gb - hab * ga) / det;
  }
  if (!(a > 0) || !Number.isFinite(b)) return;
  for (let i = 0; i < w.length; i++) w[i] = w[i]! * a;
  w[0] = w[0]! + b;
}

export function predictLogit(e: TrainExample, w: ArrayLike<number>): number {
  let z = 0;
  for (let k = 0; k < e.features.index.length; k++)
    z += (w[e.features.index[k]!] ?? 0) * e.features.value[k]!;
  return z;
}

export function predict(e: Example, w: ArrayLike<number>): number {
  return sigmoid(predictLogit(e, w));
}

export interface CvRow {
  project: string;
  group: Group | null;
  rules: number;
  model: number;
  blend: number;
}

/** The score shipped for a pair at a model share, as scoreItem computes it. */
export function shipped(e: Example, probability: number, share: number): number {
  return adjust(blend(e.base, probability, share), e.factor, e.bonus, e.sellerSide);
}

/**
 * Leave-one-profile-out: each profile ranked by a model trained on the other profiles only (new posts for the same
 * profile, such as invoiceowl-g for invoiceowl, are left out with it).
 */
export function crossValidate(examples: Example[], modelShare: number, opts = DEFAULT_TRAIN): CvRow[] {
  const projects = [...new Set(examples.map((e) => e.project))];
  const familyOf = new Map(examples.map((e) => [e.project, e.family]));
  return projects.map((project) => {
    const w = train(
      examples.filter((e) => e.family !== familyOf.get(project)),
      opts,
    );
    const held = examples.filter((e) => e.project === project);
    const rank = (score: (e: Example) => number) =>
      ndcg10(
        held
          .map((e, i) => ({ e, i, s: score(e) }))
          .sort((a, b) => b.s - a.s || a.i - b.i)
          .map((x) => x.e.grade),
      );
    return {
      project,
      group: held[0]!.group,
      rules: rank((e) => e.rule),
      model: rank((e) => shipped(e, predict(e, w), 1)),
      blend: rank((e) => shipped(e, predict(e, w), modelShare)),
    };
  });
}
