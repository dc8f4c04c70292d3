// Pain themes on the dev profiles' leads (../shared/eval/projects-dev*.json over ../shared/data/): what the
// scanner would keep as leads for each profile, clustered as a project's leads are. Used by docs/insights.md
// (npm run themes) and test/themes.test.ts.
import { readFileSync } from 'node:fs';
import { compileMatcher, matchText } from '../src/domain/matching.ts';
import { scoreItem } from '../src/domain/scoring.ts';
import { clusterThemes, coherence, DEFAULT_THEME_OPTIONS, type ThemeCluster } from '../src/domain/themes.ts';
import type { EvalProject } from './eval-lib.ts';

const SHARED = new URL('../../shared/', import.meta.url);
/** The default score threshold of a project (DEFAULT_SCORE_THRESHOLD in the scanner). */
const THRESHOLD = 40;
/** The service clusters at most this many leads per project (PAIN_THEME_MAX_LEADS). */
const MAX_LEADS = 400;

interface Post {
  id: string;
  subreddit: string;
  author: string | null;
  title: string;
  body: string;
}

export interface ProfileThemes {
  key: string;
  name: string;
  leads: number;
  themed: number;
  within: number;
  between: number;
  clusters: (ThemeCluster & { titles: string[] })[];
}

export function loadProfiles(): { projects: EvalProject[]; posts: Post[] } {
  const read = (p: string) => readFileSync(new URL(p, SHARED), 'utf8');
  const projects = [
    ...(JSON.parse(read('eval/projects-dev.json')) as EvalProject[]),
    ...(JSON.parse(read('eval/projects-dev-b.json')) as EvalProject[]),
  ];
  const posts = read('data/reddit-posts.jsonl')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Post);
  return { projects, posts };
}

/** A profile's leads: posts in its subreddits matching a keyword, scored at or above the threshold, buyers only. */
export function leadsOf(project: EvalProject, posts: Post[]): Post[] {
  const matcher = compileMatcher([{ id: project.key, keywords: project.keywords }]);
  const subs = new Set(project.subreddits.map((s) => s.toLowerCase()));
  const scored = posts
    .filter((p) => subs.has(p.subreddit.toLowerCase()))
    .filter((p) => matcher.match(matchText({ kind: 'post', title: p.title, body: p.body ?? '' })).size > 0)
    .map((p) => ({
      p,
      s: scoreItem(
        { kind: 'post', title: p.title, body: p.body ?? '', subreddit: p.subreddit, author: p.author },
        project,
      ),
    }))
    .filter((x) => x.s.score >= THRESHOLD && !x.s.sellerSide)
    .sort((a, b) => b.s.score - a.s.score);
  return scored.slice(0, MAX_LEADS).map((x) => x.p);
}

export function themesOf(project: EvalProject, posts: Post[]): ProfileThemes {
  const leads = leadsOf(project, posts);
  const docs = leads.map((p) => ({ id: p.id, title: p.title, body: p.body ?? '' }));
  const { clusters, sim } = clusterThemes(
    docs,
    DEFAULT_THEME_OPTIONS,
    undefined,
    project.keywords,
    project.competitors,
  );
  const index = new Map(docs.map((d, i) => [d.id, i]));
  const { within, between } = coherence(
    clusters.map((c) => ({ indices: c.ids.map((id) => index.get(id)!) })),
    sim,
  );
  const title = new Map(docs.map((d) => [d.id, d.title]));
  return {
    key: project.key,
    name: project.name,
    leads: docs.length,
    themed: clusters.reduce((n, c) => n + c.ids.length, 0),
    within,
    between,
    clusters: clusters.map((c) => ({ ...c, titles: c.ids.slice(0, 3).map((id) => title.get(id)!) })),
  };
}
