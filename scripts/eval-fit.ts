// Fit figures (issue 33): how the leads at a project's threshold read, besides how the labelled pairs rank.
// Precision at the threshold, off-target posts high in the queue, decoys (another category's buyers scored against
// a profile), the spread of the top scores, and founder-style profiles (eval/projects-founder.json: a labelled
// profile as a founder fills the form, broad words and a broad competitor added, scored on the same labels), and
// fresh founder-style profiles (eval/projects-fresh.json: products in fields no other profile covers, written the
// same way, graded on their own pools in eval/labels-fresh.jsonl; scripts/fresh-pool.ts prints the pools).
// The definitions are in docs/scoring.md ("Fit on founder-style profiles").
import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_SCORE_THRESHOLD } from '../src/domain/scoring.ts';
import {
  type EvalData,
  type EvalProject,
  HELD_OUT,
  type Label,
  measureProject,
  type ProjectFigures,
  rankProject,
  type Scorer,
  toItem,
} from './eval-lib.ts';

const OWN = new URL('../eval/', import.meta.url);

/**
 * The founder-style groups: FD, variants of developed profiles (read); FH, of held-out ones (measured only); FND,
 * fresh profiles developed on (read); FNH, fresh profiles held out (measured only, their rows never read).
 */
export const FOUNDER_GROUPS = ['FD', 'FH', 'FND', 'FNH'] as const;
export type FounderGroup = (typeof FOUNDER_GROUPS)[number];
/** The founder-style groups kept out of development: only their group lines are printed. */
export const FOUNDER_HELD_OUT: readonly FounderGroup[] = ['FH', 'FNH'];

/** A fresh profile (eval/projects-fresh.json): a whole profile with its own labels, no `sameAs`. */
type FreshEntry = Omit<EvalProject, 'group' | 'family'> & { group: FounderGroup };

interface FounderEntry {
  key: string;
  sameAs: string;
  group: FounderGroup;
  keywords: string[];
  competitors: string[];
}

export interface FounderData {
  data: EvalData;
  groupOf: Map<string, FounderGroup>;
}

/**
 * The founder-style profiles as their own eval data: each variant is its `sameAs` profile with the founder's
 * keywords and competitors, and the labels of that profile under the variant's key (the posts stay the labelled
 * ones; a held-out profile's labels are the ones the eval measures it on). Each fresh profile comes with its own
 * labels only (eval/labels-fresh.jsonl); no other profile's labels apply to it.
 */
export function loadFounderData(data: EvalData): FounderData | null {
  const url = new URL('projects-founder.json', OWN);
  const freshUrl = new URL('projects-fresh.json', OWN);
  if (!existsSync(url) && !existsSync(freshUrl)) return null;
  const entries = existsSync(url) ? (JSON.parse(readFileSync(url, 'utf8')) as FounderEntry[]) : [];
  const byKey = new Map(data.projects.map((p) => [p.key, p]));
  const projects: EvalProject[] = [];
  const labels: Label[] = [];
  const groupOf = new Map<string, FounderGroup>();
  for (const e of entries) {
    const base = byKey.get(e.sameAs);
    if (!base)
      throw new Error(`eval/projects-founder.json: ${e.key} is sameAs ${e.sameAs}, no labelled profile`);
    projects.push({
      ...base,
      key: e.key,
      keywords: e.keywords,
      competitors: e.competitors,
      family: base.family ?? base.key,
    });
    groupOf.set(e.key, e.group);
    for (const l of data.labels) if (l.project === base.key) labels.push({ ...l, project: e.key });
  }
  const fresh = existsSync(freshUrl) ? (JSON.parse(readFileSync(freshUrl, 'utf8')) as FreshEntry[]) : [];
  const freshLabels = existsSync(new URL('labels-fresh.jsonl', OWN))
    ? readFileSync(new URL('labels-fresh.jsonl', OWN), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Label)
    : [];
  for (const { group, ...e } of fresh) {
    const own = freshLabels.filter((l) => l.project === e.key);
    if (!own.length) continue; // a profile written before its labels are in is left out until it has some
    for (const l of own)
      if (!data.posts.has(l.postId))
        throw new Error(`eval/labels-fresh.jsonl: ${e.key} labels ${l.postId}, which is no corpus post`);
    projects.push({ ...e, family: e.key });
    groupOf.set(e.key, group);
    labels.push(...own);
  }
  return { data: { ...data, projects, labels }, groupOf };
}

/** The product category of every profile (eval/categories.json), by its own key or its family's. */
export function loadCategories(): Map<string, string> {
  const url = new URL('categories.json', OWN);
  return new Map(Object.entries(JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>));
}

export interface FitProject {
  project: string;
  figures: ProjectFigures;
  /** Pairs at or above the threshold, and those of them graded 2 or 3. */
  leads: number;
  goodLeads: number;
  /** Off-target: graded 0 and not labelled the selling side. At 60 or above, and in the top 10. */
  offTarget60: number;
  offTargetTop10: number;
  decoys: number;
  decoysAt40: number;
  /** Leads at 90 or above; distinct scores among the top 10. */
  leadsAt90: number;
  distinctTop10: number;
}

/** At most this many decoys per profile, picked by a hash of the post id (the same ones on every run). */
const DECOYS_PER_PROFILE = 80;

function hash(s: string): number {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/**
 * The decoys of a profile: posts graded 3 for a profile of another category (never a post labelled for this one).
 * A developed profile's decoys come from developed profiles' labels only, so reading them reads no held-out post.
 */
function decoysFor(
  project: EvalProject,
  data: EvalData,
  source: EvalData,
  categories: Map<string, string>,
  heldOut: boolean,
): string[] {
  const categoryOf = (key: string) => {
    const p = source.projects.find((x) => x.key === key);
    return categories.get(p?.family ?? key) ?? categories.get(key);
  };
  const own = categoryOf(project.family ?? project.key) ?? categories.get(project.family ?? project.key);
  if (!own) throw new Error(`eval/categories.json has no category for ${project.family ?? project.key}`);
  const groupOf = new Map(source.projects.map((p) => [p.key, p.group]));
  const mine = new Set(
    [...source.labels, ...data.labels]
      .filter((l) => l.project === (project.family ?? project.key) || l.project === project.key)
      .map((l) => l.postId),
  );
  const ids = new Set<string>();
  for (const l of source.labels) {
    if (l.grade < 3 || mine.has(l.postId)) continue;
    if (!heldOut && HELD_OUT.includes(groupOf.get(l.project)!)) continue;
    const c = categoryOf(l.project);
    if (c && c !== own) ids.add(l.postId);
  }
  return [...ids].sort((a, b) => hash(a + project.key) - hash(b + project.key)).slice(0, DECOYS_PER_PROFILE);
}

/** The fit figures of every project of `data`; decoys are drawn from `source` (the labelled eval data). */
export function fitFigures(
  data: EvalData,
  source: EvalData,
  scorer: Scorer,
  categories: Map<string, string>,
  isHeldOut: (p: EvalProject) => boolean,
): FitProject[] {
  return data.projects.map((project) => {
    const ranked = rankProject(data, project, scorer);
    const threshold = DEFAULT_SCORE_THRESHOLD;
    const leads = ranked.filter((r) => r.score.score >= threshold);
    const off = (r: (typeof ranked)[number]) => r.label.grade === 0 && !r.label.sellerSide;
    const decoys = decoysFor(project, data, source, categories, isHeldOut(project));
    const decoysAt40 = decoys.filter(
      (id) => scorer(toItem(source.posts.get(id)!), project).score >= 40,
    ).length;
    return {
      project: project.key,
      figures: measureProject(project, ranked),
      leads: leads.length,
      goodLeads: leads.filter((r) => r.label.grade >= 2).length,
      offTarget60: ranked.filter((r) => off(r) && r.score.score >= 60).length,
      offTargetTop10: ranked.slice(0, 10).filter(off).length,
      decoys: decoys.length,
      decoysAt40,
      leadsAt90: leads.filter((r) => r.score.score >= 90).length,
      distinctTop10: new Set(ranked.slice(0, 10).map((r) => r.score.score)).size,
    };
  });
}

export interface FitSummary {
  projects: number;
  ndcg10Mean: number;
  /** Leads at the threshold graded 2 or more, pooled over the projects' leads (1 when there are none). */
  precisionAtThreshold: number;
  offTarget60: number;
  maxOffTargetTop10: number;
  decoyShareAt40: number;
  /** The largest share of one project's leads at 90 or above, and the fewest distinct scores in a top 10. */
  maxShareAt90: number;
  minDistinctTop10: number;
}

export function summarizeFit(rows: FitProject[]): FitSummary {
  const sum = (f: (r: FitProject) => number) => rows.reduce((a, r) => a + f(r), 0);
  const leads = sum((r) => r.leads);
  const decoys = sum((r) => r.decoys);
  return {
    projects: rows.length,
    ndcg10Mean: sum((r) => r.figures.ndcg10) / (rows.length || 1),
    precisionAtThreshold: leads ? sum((r) => r.goodLeads) / leads : 1,
    offTarget60: sum((r) => r.offTarget60),
    maxOffTargetTop10: Math.max(0, ...rows.map((r) => r.offTargetTop10)),
    decoyShareAt40: decoys ? sum((r) => r.decoysAt40) / decoys : 0,
    maxShareAt90: Math.max(0, ...rows.map((r) => (r.leads ? r.leadsAt90 / r.leads : 0))),
    minDistinctTop10: Math.min(...rows.map((r) => r.distinctTop10)),
  };
}

const f = (x: number) => x.toFixed(3);

/** A summary's checked figures by their names in the floors file ("max…" are ceilings there). */
export function flattenFit(prefix: string, s: FitSummary): Record<string, number> {
  return {
    [`${prefix}.ndcg10Mean`]: s.ndcg10Mean,
    [`${prefix}.precisionAtThreshold`]: s.precisionAtThreshold,
    [`${prefix}.maxOffTarget60`]: s.offTarget60,
    [`${prefix}.maxOffTargetTop10`]: s.maxOffTargetTop10,
    [`${prefix}.maxDecoyShareAt40`]: s.decoyShareAt40,
    [`${prefix}.maxShareAt90`]: s.maxShareAt90,
    [`${prefix}.minDistinctTop10`]: s.minDistinctTop10,
  };
}

export function fitLine(name: string, s: FitSummary): string {
  return `${name.padEnd(10)} NDCG@10 ${f(s.ndcg10Mean)}  precision@threshold ${f(s.precisionAtThreshold)}  off-target >=60 ${s.offTarget60}, top-10 max ${s.maxOffTargetTop10}  decoys >=40 ${f(s.decoyShareAt40)}  leads >=90 max share ${f(s.maxShareAt90)}  distinct top-10 scores min ${s.minDistinctTop10}`;
}

/** One project's line (developed projects only: a held-out project's rows are not read). */
export function fitProjectLine(r: FitProject): string {
  return `  ${r.project.padEnd(20)} leads ${String(r.leads).padStart(3)} precision ${f(r.leads ? r.goodLeads / r.leads : 1)}  off-target >=60 ${r.offTarget60} top-10 ${r.offTargetTop10}  decoys ${r.decoysAt40}/${r.decoys}  >=90 ${r.leadsAt90} (${f(r.leads ? r.leadsAt90 / r.leads : 0)})  distinct top-10 ${r.distinctTop10}`;
}
