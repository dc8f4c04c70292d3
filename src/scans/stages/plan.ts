import type { Config, TierLimits } from '../../config/index.ts';
import { buildSearchQueries, compileMatcher, type Matcher, parseKeyword } from '../../domain/matching.ts';
import { DEFAULT_SCORE_THRESHOLD } from '../../domain/scoring/types.ts';
import type { ScoringProfile } from '../../domain/scoring.ts';
import { watchGrew } from '../../domain/watch-list.ts';
import type { ScanProject, ScansRepo } from '../scans.repo.ts';
import type { ScanRecord } from '../scans.types.ts';

/** Threads read per scan when no tier limits it (self-hosted); the rest wait for the next scan. */
const THREAD_BATCH = 100;
/** A Run scan (dashboard, run_scan) asks for what is new now: it reuses only data bought this recently. */
const MANUAL_FRESHNESS_MS = 60_000;

/** What planning reads of the configuration. */
export type PlanConfig = Pick<
  Config,
  'selfHosted' | 'tierLimits' | 'scanIntervalMinutes' | 'scanIntervalSeconds' | 'upstream'
>;

/** A project as every stage of a scan sees it: its watch list compiled, its tier's limits applied. */
export interface WatchingProject extends ScanProject {
  listings: Set<string>;
  /** The keywords that match (not exclusions), as the project spells them: a scan counts each one's matches. */
  matchKeywords: string[];
  threshold: number;
  limits: TierLimits | null;
  profile: ScoringProfile;
}

/** Every project's watch list, with all their keywords in one matcher. */
export interface Watchlist {
  version: string;
  projects: Map<string, WatchingProject>;
  matcher: Matcher;
}

/** What one scan of one project will do: the listings it reads in order, how fresh reused data must be. */
export interface ScanPlan {
  project: WatchingProject;
  listings: string[];
  freshMs: number;
  /** Comment threads read after the listings at most (0: none; null: every pending one). */
  threadLimit: number | null;
  /** False when no keyword could match: buying data for the scan would be money spent on nothing. */
  canMatch: boolean;
  /**
   * The first scan of a new or changed watch list (trigger `first`): every listing is matched again over what was
   * bought in the last 7 days, so that new keywords find the posts already stored (docs/decisions/0119).
   */
  rematch: boolean;
}

export const limited = <T>(list: T[], max: number | null | undefined) =>
  max == null ? list : list.slice(0, max);

/** The listings a project's scan reads: its subreddits' new posts and comments, else site-wide searches. */
export function listingsOf(
  p: Pick<ScanProject, 'keywords' | 'subreddits'>,
  limits: TierLimits | null,
): string[] {
  const subs = [...new Set(limited(p.subreddits, limits?.subredditsPerProject).map((s) => s.toLowerCase()))];
  // Comments first: what they cover decides which matched posts' threads still need a read.
  if (subs.length) return subs.flatMap((s) => [`comments:${s}`, `new:${s}`]);
  return buildSearchQueries(limited(p.keywords, limits?.keywordsPerProject)).map((q) => `search:${q}`);
}

/** The keywords that match (not exclusions), as the project spells them: the matcher reports them so. */
const includedKeywords = (keywords: readonly string[]) =>
  keywords.filter((raw) => {
    const kw = parseKeyword(raw);
    return kw !== null && !kw.exclude;
  });

/** The projects' watch lists under their tiers' limits, compiled into one matcher. */
export function watchProjects(rows: ScanProject[], config: PlanConfig, version: string): Watchlist {
  const projects = new Map<string, WatchingProject>();
  for (const p of rows) {
    const limits = config.selfHosted ? null : config.tierLimits[p.tier];
    const keywords = limited(p.keywords, limits?.keywordsPerProject);
    projects.set(p.id, {
      ...p,
      keywords,
      matchKeywords: includedKeywords(keywords),
      listings: new Set(listingsOf(p, limits)),
      threshold: p.scoreThreshold ?? DEFAULT_SCORE_THRESHOLD,
      limits,
      profile: {
        name: p.name,
        url: p.url,
        pain: p.pain,
        solution: p.solution,
        targetUsers: p.targetUsers,
        geography: p.geography,
        budgetFit: p.budgetFit,
        keywords,
        competitors: limited(p.competitors, limits?.competitors),
        replyTone: p.replyTone,
        replySignature: p.replySignature,
      },
    });
  }
  const matcher = compileMatcher([...projects.values()].map((p) => ({ id: p.id, keywords: p.keywords })));
  return { version, projects, matcher };
}

/** How often the project is scanned: its tier's interval, else the configured one (self-hosted). */
export const intervalOf = (p: WatchingProject, config: PlanConfig) =>
  p.limits
    ? p.limits.scanIntervalHours * 3_600_000
    : (config.scanIntervalSeconds ?? config.scanIntervalMinutes * 60) * 1000;

/**
 * How recent a listing's last fetch must be for this scan to reuse it instead of buying: never more than half
 * the project's interval (else a scheduled scan finds its own previous fetch fresh and buys nothing new), and
 * a minute for a Run scan (docs/decisions/0100-fresh-scans.md).
 */
export function freshnessOf(p: WatchingProject, trigger: ScanRecord['trigger'], config: PlanConfig): number {
  const manual = trigger === 'dashboard' || trigger === 'tool';
  return Math.min(
    config.upstream.freshnessMinutes * 60_000,
    manual ? MANUAL_FRESHNESS_MS : intervalOf(p, config) / 2,
  );
}

/** The plan of a scan of one project; throws when the project is gone. */
export function planScan(
  w: Watchlist,
  scan: Pick<ScanRecord, 'projectId' | 'trigger'>,
  config: PlanConfig,
): ScanPlan {
  const project = w.projects.get(scan.projectId);
  if (!project) throw new Error('the project no longer exists');
  return {
    project,
    listings: [...project.listings],
    freshMs: freshnessOf(project, scan.trigger, config),
    threadLimit: project.limits ? project.limits.commentThreadsPerScan : THREAD_BATCH,
    canMatch: project.keywords.some((k) => !k.trim().startsWith('-')),
    rematch: scan.trigger === 'first',
  };
}

/** Whether a project's watch list gained a listing or a keyword since `before` (a scan of it is due at once). */
export const grewWatch = (
  before: Pick<WatchingProject, 'listings' | 'keywords' | 'subreddits'>,
  after: Pick<WatchingProject, 'listings' | 'keywords' | 'subreddits'>,
) => watchGrew(before, after) || [...after.listings].some((l) => !before.listings.has(l));

/** All projects' watch lists, compiled again only when a project changed. */
export function createPlanner(deps: {
  repo: Pick<ScansRepo, 'projectsVersion' | 'allProjects'>;
  config: PlanConfig;
}) {
  let watchlist: Watchlist | null = null;
  return {
    async watchlist(): Promise<Watchlist> {
      const version = await deps.repo.projectsVersion();
      if (watchlist?.version === version) return watchlist;
      watchlist = watchProjects(await deps.repo.allProjects(), deps.config, version);
      return watchlist;
    },
  };
}
export type Planner = ReturnType<typeof createPlanner>;
