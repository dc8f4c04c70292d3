// Loads the labeled eval data from ../shared and computes ranking and seller-side figures for a scorer.
import { readFileSync } from 'node:fs';
import type { LeadScore, ScoringItem, ScoringProfile } from '../src/domain/scoring.ts';

const SHARED = new URL('../../shared/', import.meta.url);

export interface EvalProject extends ScoringProfile {
  key: string;
  subreddits: string[];
}
interface Label {
  project: string;
  postId: string;
  grade: number;
  sellerSide: boolean;
  stage: string | null;
}
interface TagLabel {
  postId: string;
  subreddit: string;
  sellerSide: boolean;
}
interface Post {
  id: string;
  subreddit: string;
  author: string | null;
  title: string;
  body: string;
}

export interface EvalData {
  projects: EvalProject[];
  labels: Label[];
  tags: TagLabel[];
  posts: Map<string, Post>;
}

function read(path: string): string {
  const url = new URL(path, SHARED);
  try {
    return readFileSync(url, 'utf8');
  } catch (err) {
    throw new Error(
      `eval data not found: ${url.pathname} (${(err as Error).message}); the eval reads ../shared/ beside the repo`,
    );
  }
}

function jsonl<T>(path: string): T[] {
  return read(path)
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

export function loadEvalData(): EvalData {
  const projects = JSON.parse(
    readFileSync(new URL('eval/projects-dev.json', SHARED), 'utf8'),
  ) as EvalProject[];
  const posts = new Map(jsonl<Post>('data/reddit-posts.jsonl').map((p) => [p.id, p]));
  return {
    projects,
    labels: jsonl<Label>('eval/labels-dev.jsonl'),
    tags: jsonl<TagLabel>('eval/seller-side-by-tag.jsonl'),
    posts,
  };
}

export function toItem(post: Post): ScoringItem {
  return {
    kind: 'post',
    title: post.title,
    body: post.body ?? '',
    subreddit: post.subreddit,
    author: post.author,
  };
}

export type Scorer = (item: ScoringItem, profile: ScoringProfile) => LeadScore;

/** The reference ordering: how many times the project's keywords occur (whole words, case-insensitive). */
export const keywordCountScorer: Scorer = (item, profile) => {
  const text = `${item.title}\n${item.body}`.toLowerCase();
  let n = 0;
  for (const k of profile.keywords) {
    const re = new RegExp(
      `(?<![a-z0-9])${k.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z0-9])`,
      'g',
    );
    n += text.match(re)?.length ?? 0;
  }
  return { score: n, stage: null, reason: null, sellerSide: false, matchedPhrase: null };
};

function dcg(grades: number[]): number {
  return grades.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
}

export interface ProjectFigures {
  project: string;
  pairs: number;
  ndcg10: number;
  precision10: number;
  sellersInTop10: number;
  stageAccuracy: number | null;
  stagePairs: number;
}

export interface Figures {
  projects: ProjectFigures[];
  ndcg10Mean: number;
  precision10Mean: number;
  maxSellersInTop10: number;
  stageAccuracy: number;
  seller: { precision: number; recall: number; tp: number; fp: number; fn: number };
}

/** Ranks each project's labeled pairs by score (ties keep file order) and measures the ranking. */
export function evaluate(data: EvalData, scorer: Scorer): Figures {
  const projects: ProjectFigures[] = [];
  let stageRight = 0;
  let stageAll = 0;
  const conf = { tp: 0, fp: 0, fn: 0 };
  const countSeller = (predicted: boolean, truth: boolean) => {
    if (predicted && truth) conf.tp++;
    else if (predicted) conf.fp++;
    else if (truth) conf.fn++;
  };
  for (const project of data.projects) {
    const rows = data.labels
      .filter((l) => l.project === project.key)
      .map((l, i) => ({ l, i, s: scorer(toItem(data.posts.get(l.postId)!), project) }));
    for (const r of rows) countSeller(r.s.sellerSide, r.l.sellerSide);
    const ranked = [...rows].sort((a, b) => b.s.score - a.s.score || a.i - b.i);
    const top = ranked.slice(0, 10);
    const ideal = rows.map((r) => r.l.grade).sort((a, b) => b - a);
    const staged = rows.filter((r) => r.l.grade >= 2);
    const right = staged.filter((r) => r.s.stage === r.l.stage).length;
    stageRight += right;
    stageAll += staged.length;
    projects.push({
      project: project.key,
      pairs: rows.length,
      ndcg10: dcg(top.map((r) => r.l.grade)) / (dcg(ideal.slice(0, 10)) || 1),
      precision10: top.filter((r) => r.l.grade >= 2).length / Math.min(10, rows.length),
      sellersInTop10: top.filter((r) => r.l.sellerSide).length,
      stageAccuracy: staged.length ? right / staged.length : null,
      stagePairs: staged.length,
    });
  }
  // The tag-labeled set: scored against the dev project that watches its subreddit, else the first one.
  for (const t of data.tags) {
    const post = data.posts.get(t.postId);
    if (!post) continue;
    const project = data.projects.find((p) => p.subreddits.includes(t.subreddit)) ?? data.projects[0]!;
    countSeller(scorer(toItem(post), project).sellerSide, t.sellerSide);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
  return {
    projects,
    ndcg10Mean: mean(projects.map((p) => p.ndcg10)),
    precision10Mean: mean(projects.map((p) => p.precision10)),
    maxSellersInTop10: Math.max(...projects.map((p) => p.sellersInTop10)),
    stageAccuracy: stageAll ? stageRight / stageAll : 0,
    seller: {
      precision: conf.tp + conf.fp ? conf.tp / (conf.tp + conf.fp) : 0,
      recall: conf.tp + conf.fn ? conf.tp / (conf.tp + conf.fn) : 0,
      ...conf,
    },
  };
}
