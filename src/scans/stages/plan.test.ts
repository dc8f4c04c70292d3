import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_TIER_LIMITS, loadConfig } from '../../config/index.ts';
import type { ScanProject } from '../scans.repo.ts';
import { createPlanner, listingsOf, planScan, watchProjects } from './plan.ts';

const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', SEO_PROVIDER: 'none' });
const hosted = { ...config, selfHosted: false };

function project(id: string, over: Partial<ScanProject> = {}): ScanProject {
  return {
    id,
    name: id,
    url: null,
    pain: null,
    solution: null,
    targetUsers: null,
    geography: null,
    budgetFit: null,
    scoreThreshold: null,
    keywords: ['crm'],
    subreddits: [],
    competitors: [],
    tier: 'free',
    userId: `owner-${id}`,
    ...over,
  };
}

test('a project with subreddits reads their comments before their new posts, each subreddit once', () => {
  const p = project('a', { subreddits: ['SmallBusiness', 'smallbusiness', 'sales'] });
  assert.deepEqual(listingsOf(p, null), [
    'comments:smallbusiness',
    'new:smallbusiness',
    'comments:sales',
    'new:sales',
  ]);
});

test('a project without subreddits searches site-wide for its keywords', () => {
  const listings = listingsOf(project('a', { keywords: ['crm', 'invoice tool'] }), null);
  assert.ok(listings.length > 0);
  assert.ok(listings.every((l) => l.startsWith('search:')));
  assert.ok(listings.some((l) => l.includes('invoice tool')));
});

test('projects sharing a subreddit watch the same listings, and one matcher finds each by its keyword', () => {
  const w = watchProjects(
    [
      project('a', { keywords: ['crm'], subreddits: ['sales'] }),
      project('b', { keywords: ['invoice'], subreddits: ['Sales'] }),
    ],
    config,
    'v1',
  );
  assert.deepEqual([...w.projects.get('a')!.listings], [...w.projects.get('b')!.listings]);
  assert.deepEqual(w.matcher.match('which crm for a tiny team?'), new Map([['a', 'crm']]));
  assert.deepEqual(w.matcher.match('my invoice app broke'), new Map([['b', 'invoice']]));
});

test("a hosted project's tier limits its keywords, subreddits and thread reads", () => {
  const limits = DEFAULT_TIER_LIMITS.free;
  const keywords = Array.from({ length: (limits.keywordsPerProject ?? 0) + 3 }, (_, i) => `word${i}`);
  const subreddits = Array.from({ length: (limits.subredditsPerProject ?? 0) + 2 }, (_, i) => `sub${i}`);
  const w = watchProjects([project('a', { keywords, subreddits })], hosted, 'v1');
  const plan = planScan(w, { projectId: 'a', trigger: 'schedule' }, hosted);
  assert.equal(plan.project.keywords.length, limits.keywordsPerProject);
  assert.equal(plan.listings.length, 2 * (limits.subredditsPerProject ?? 0));
  assert.equal(plan.threadLimit, limits.commentThreadsPerScan);
});

test('a Run scan reuses only a minute-old fetch; a scheduled one up to half its interval', () => {
  const w = watchProjects([project('a', { subreddits: ['sales'] })], hosted, 'v1');
  const run = planScan(w, { projectId: 'a', trigger: 'dashboard' }, hosted);
  const scheduled = planScan(w, { projectId: 'a', trigger: 'schedule' }, hosted);
  assert.equal(run.freshMs, Math.min(60_000, config.upstream.freshnessMinutes * 60_000));
  assert.equal(
    scheduled.freshMs,
    Math.min(
      config.upstream.freshnessMinutes * 60_000,
      (DEFAULT_TIER_LIMITS.free.scanIntervalHours * 3_600_000) / 2,
    ),
  );
});

test('a project with only exclusions cannot match, and a project gone cannot be planned', () => {
  const w = watchProjects([project('a', { keywords: ['-spam'] })], config, 'v1');
  assert.equal(planScan(w, { projectId: 'a', trigger: 'tool' }, config).canMatch, false);
  assert.throws(() => planScan(w, { projectId: 'gone', trigger: 'tool' }, config), /no longer exists/);
});

test('the planner compiles the watch lists again only when a project changed', async () => {
  let version = 'v1';
  let reads = 0;
  const planner = createPlanner({
    repo: {
      projectsVersion: async () => version,
      allProjects: async () => {
        reads++;
        return [project('a')];
      },
    },
    config,
  });
  const first = await planner.watchlist();
  assert.equal(await planner.watchlist(), first);
  assert.equal(reads, 1);
  version = 'v2';
  assert.notEqual(await planner.watchlist(), first);
  assert.equal(reads, 2);
});
