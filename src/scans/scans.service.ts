import type { Clock } from '../clock.ts';
import type { Config, TierLimits } from '../config/index.ts';
import { notFound } from '../contract/errors.ts';
import type { Db, Queryable } from '../db/client.ts';
import { createDeletionsRepo, type ForgottenLead } from '../deletions/deletions.repo.ts';
import {
  buildSearchQueries,
  compileMatcher,
  excludeContext,
  type Matcher,
  matchText,
  parseKeyword,
} from '../domain/matching.ts';
import { TRIAGE_MEMORY_LIMIT } from '../domain/scoring/triage.ts';
import { DEFAULT_SCORE_THRESHOLD } from '../domain/scoring/types.ts';
import {
  applyTriage,
  compileTriage,
  draftReply,
  itemText,
  type LeadScore,
  type MeaningVectors,
  profileTexts,
  type ScoringProfile,
  scoreItem,
  type TriageMemory,
} from '../domain/scoring.ts';
import type { EventBus, LeadCreatedEvent } from '../events.ts';
import type { Embedder } from '../scoring/embedder.ts';
import { createLeadScorer } from '../scoring/lead-scorer.ts';
import type { LlmScorer } from '../scoring/llm.service.ts';
import type { Fetched, RedditItem, ReportCall, UpstreamCall, UpstreamSource } from '../upstream/source.ts';
import type { SpendCapService, SpendCheck } from '../usage/spend-cap.service.ts';
import { guardProject, type ScanGuard } from './scan-guard.ts';
import {
  type CallRow,
  createScansRepo,
  type FetchRow,
  type NewLead,
  type ScanProject,
  ScanTakenOver,
} from './scans.repo.ts';
import type { ScanRecord, ScanVerbs } from './scans.types.ts';

/** A project's first scan of a listing is served from what was bought in this window before it. */
const FIRST_SCAN_LOOKBACK_MS = 7 * 86_400_000;
/** Threads read per scan when no tier limits it (self-hosted); the rest wait for the next scan. */
const THREAD_BATCH = 100;
/** About how many items a listing reaches (Reddit: ~1,000); a fetch that full may have skipped some. */
const LISTING_REACH = 1000;
/** A Run scan (dashboard, run_scan) asks for what is new now: it reuses only data bought this recently. */
const MANUAL_FRESHNESS_MS = 60_000;
/**
 * Reddit's search indexes new posts hours late: each search reaches back this far before its previous one, so a
 * post indexed after that search is still found (leads are unique, a post seen twice is one lead).
 */
export const SEARCH_INDEX_LAG_MS = 24 * 3_600_000;

/** Where scans are queued: pg-boss once jobs are started (src/jobs/), else run in this process. */
export interface ScanQueue {
  /** Enqueues the scan's job in the caller's transaction, so scan and job exist together or not at all. */
  send(scanId: string, tx: Queryable): Promise<void>;
  /** Enqueues again outside any transaction (recovery). */
  resend(scanId: string): Promise<void>;
}

export interface ScanLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

interface WatchingProject extends ScanProject {
  listings: Set<string>;
  /** The keywords that match (not exclusions), as the project spells them: a scan counts each one's matches. */
  matchKeywords: string[];
  /** Each of those by the text the matcher reports for it (of two that read the same, the first). */
  spelling: Map<string, string>;
  threshold: number;
  limits: TierLimits | null;
  profile: ScoringProfile;
}

interface Compiled {
  version: string;
  projects: Map<string, WatchingProject>;
  matcher: Matcher;
}

interface ThreadToRead {
  projectId: string;
  postId: string;
  postedAt: Date;
  subreddit: string;
}

/** A scan's standing against its account's daily spend cap (docs/decisions/0102-daily-spend-cap.md). */
interface Budget {
  userId: string;
  /** A cap is in force: a unit holds the account's spend lock, so units that may buy run one at a time. */
  capped: boolean;
  /** Set once the cap stopped this scan buying: from then on it only uses data already bought (free). */
  reached: SpendCheck | null;
}

/** A served project's model answer for one matched item: the score, and the reply when it makes a new lead. */
interface Refined {
  score: LeadScore;
  reply?: string;
}

/** What the model phase of one scan unit produced: answers by lead key, calls to record, errors to report. */
interface ModelPhase {
  refined: Map<string, Refined>;
  calls: { projectId: string; call: UpstreamCall }[];
  errors: { projectId: string; error: string }[];
}

/**
 * More than the most points the meaning stage added to any labeled pair (51; `npm run train` prints the largest
 * on its pairs): a post further below a project's threshold is not encoded for it.
 */
const MEANING_REACH = 55;

/** The meaning stage's vectors of a served project's matched post, when it has them. */
type MeaningOf = (projectId: string, item: RedditItem) => MeaningVectors | undefined;
const noMeaning: MeaningOf = () => undefined;

const leadKey = (projectId: string, item: RedditItem) =>
  `${projectId}/${item.postId}/${item.kind === 'comment' ? item.id : ''}`;

/** The reddit fullname, the model cache's item key. */
const itemKey = (item: RedditItem) => (item.kind === 'comment' ? `t1_${item.id}` : `t3_${item.postId}`);

/** Identical errors of one unit once, with how many items met them (a model that is down fails every item). */
function collapse(errors: string[]): string[] {
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(e, (counts.get(e) ?? 0) + 1);
  return [...counts].map(([e, n]) => (n > 1 ? `${e} (${n} items)` : e));
}

const limited = <T>(list: T[], max: number | null | undefined) => (max == null ? list : list.slice(0, max));

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

/** The keywords that match, as the project spells them, and each by the text the matcher reports for it. */
function keywordSpelling(keywords: readonly string[]) {
  const matchKeywords: string[] = [];
  const spelling = new Map<string, string>();
  for (const raw of keywords) {
    const kw = parseKeyword(raw);
    if (!kw || kw.exclude) continue;
    matchKeywords.push(raw);
    if (!spelling.has(kw.text)) spelling.set(kw.text, raw);
  }
  return { matchKeywords, spelling };
}

/**
 * Matches per keyword of one project as it spells them; every keyword it matches against is there, 0 or more.
 * Counted only where a unit read items: a keyword tried on nothing has not matched nothing.
 */
function keywordCounts(p: WatchingProject, matched: Map<string, number> | undefined): Map<string, number> {
  const counts = new Map(p.matchKeywords.map((k) => [k, 0]));
  for (const [text, n] of matched ?? []) {
    const k = p.spelling.get(text) ?? text;
    counts.set(k, (counts.get(k) ?? 0) + n);
  }
  return counts;
}

/** Items per subreddit (lower-case); a subreddit's own listing is counted at 0 when it returned nothing. */
function itemsBySubreddit(listing: string, items: readonly RedditItem[]): Map<string, number> {
  const counts = new Map<string, number>();
  const [kind, name = ''] = listing.split(':', 2);
  if (kind === 'new' || kind === 'comments') counts.set(name.toLowerCase(), 0);
  for (const item of items) {
    const key = item.subreddit.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function summarize(calls: UpstreamCall[]): FetchRow['apis'] {
  const by = new Map<string, { api: string; calls: number; costUsd: number }>();
  for (const c of calls) {
    const e = by.get(c.api) ?? { api: c.api, calls: 0, costUsd: 0 };
    e.calls++;
    e.costUsd += c.costUsd;
    by.set(c.api, e);
  }
  return [...by.values()];
}

/**
 * What a comment-listing fetch tells about coverage: a fetch short of the listing's reach saw everything
 * since the previous one (the first fetch: everything); a full one may have skipped older comments.
 */
function coverage(items: RedditItem[], first: boolean): Date | null | undefined {
  if (items.length < LISTING_REACH) return first ? new Date(0) : undefined;
  let oldest = items[0]!.createdAt;
  for (const i of items) if (i.createdAt < oldest) oldest = i.createdAt;
  return oldest;
}

export function createScansService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  events: EventBus;
  upstream: UpstreamSource;
  /** The optional model phase (docs/scoring.md); null or absent: the local scorer alone, synchronously. */
  llm?: LlmScorer | null;
  /** The meaning stage's encoder (MEANING, on by default); null or absent: the local score is not moved. */
  embedder?: Embedder | null;
  /** The daily spend cap (ADR 0102); null or absent: scans buy without one. */
  spendCap?: SpendCapService | null;
}) {
  const { db, clock, config, events, upstream } = deps;
  const repo = createScansRepo(db);
  const scorer = deps.llm ? createLeadScorer({ llm: deps.llm }) : null;
  const embedder = deps.embedder ?? null;
  const spendCap = deps.spendCap ?? null;
  const modelConcurrency = config.llm?.concurrency ?? 1;
  const freshnessMs = config.upstream.freshnessMinutes * 60_000;
  const staleMs = config.scanStaleSeconds * 1000;
  let queue: ScanQueue | null = null;
  let log: ScanLogger = { info() {}, warn() {} };
  let compiled: Compiled | null = null;
  let draining = false;
  const inProcess = new Set<Promise<void>>();
  /** The fencing token of each scan this process runs: every unit's write to the scan names it. */
  const owners = new Map<string, string>();
  /** When this process last re-sent each orphaned scan's job, so a busy queue is not flooded with copies. */
  const resent = new Map<string, number>();
  const listingLocks = new Map<string, Promise<unknown>>();
  const spendLocks = new Map<string, Promise<unknown>>();
  // Each project's latest reply-draft choices (openings, tips, questions back, disclosures), so that its drafts do
  // not read alike however few there are (draftReply). In memory: after a restart a project starts a fresh list.
  const recentChoices = new Map<string, string[]>();
  const recentOf = (projectId: string) => {
    const recent = recentChoices.get(projectId) ?? [];
    recentChoices.set(projectId, recent);
    return recent;
  };

  const intervalOf = (p: WatchingProject) =>
    p.limits ? p.limits.scanIntervalHours * 3_600_000 : config.scanIntervalMinutes * 60_000;

  /**
   * How recent a listing's last fetch must be for this scan to reuse it instead of buying: never more than half
   * the project's interval (else a scheduled scan finds its own previous fetch fresh and buys nothing new), and
   * a minute for a Run scan (docs/decisions/0100-fresh-scans.md).
   */
  function freshnessOf(p: WatchingProject, trigger: ScanRecord['trigger']): number {
    const manual = trigger === 'dashboard' || trigger === 'tool';
    return Math.min(freshnessMs, manual ? MANUAL_FRESHNESS_MS : intervalOf(p) / 2);
  }

  /** All projects' keywords in one matcher, compiled again only when a project changed. */
  async function compile(): Promise<Compiled> {
    const version = await repo.projectsVersion();
    if (compiled?.version === version) return compiled;
    const projects = new Map<string, WatchingProject>();
    for (const p of await repo.allProjects()) {
      const limits = config.selfHosted ? null : config.tierLimits[p.tier];
      const keywords = limited(p.keywords, limits?.keywordsPerProject);
      projects.set(p.id, {
        ...p,
        keywords,
        ...keywordSpelling(keywords),
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
        },
      });
    }
    const matcher = compileMatcher([...projects.values()].map((p) => ({ id: p.id, keywords: p.keywords })));
    compiled = { version, projects, matcher };
    return compiled;
  }

  /** Runs fn after every earlier fn of the same key in this process has settled. */
  function serially<T>(locks: Map<string, Promise<unknown>>, key: string, fn: () => Promise<T>): Promise<T> {
    const prev = locks.get(key) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const settled = next.catch(() => {});
    locks.set(key, settled);
    void settled.then(() => {
      if (locks.get(key) === settled) locks.delete(key);
    });
    return next;
  }

  /** One fetch of a listing at a time in this process, so two scans never buy the same page twice. */
  const withListingLock = <T>(listing: string, fn: () => Promise<T>) => serially(listingLocks, listing, fn);

  /**
   * Whether the scan may pay for upstream data or model calls now: the account's spend today leaves at least the
   * dearest call under its cap. The first refusal is written on the scan record; the scan then stops paying.
   */
  async function mayPay(scanId: string, budget: Budget): Promise<boolean> {
    if (!spendCap || !budget.capped) return true;
    if (budget.reached) return false;
    const check = await spendCap.check(budget.userId);
    if (check.canBuy) return true;
    budget.reached = check;
    await repo.markCapped(scanId, owners.get(scanId), check.capUsd ?? 0, check.spentUsd, clock.now());
    log.info({ scanId, ...check }, 'daily spend cap reached; the scan uses data already bought');
    return false;
  }

  /** The served projects' triage memories: what their hidden and not-a-fit leads look like. */
  async function loadTriage(
    r: ReturnType<typeof createScansRepo>,
    c: Compiled,
    served: Set<string>,
  ): Promise<Map<string, TriageMemory | null>> {
    const rows = await r.rejectedLeads([...served], TRIAGE_MEMORY_LIMIT);
    const by = new Map<string, { title: string; body: string | null }[]>();
    for (const row of rows) by.set(row.project_id, [...(by.get(row.project_id) ?? []), row]);
    const out = new Map<string, TriageMemory | null>();
    for (const [id, rejected] of by) {
      const p = c.projects.get(id);
      if (p) out.set(id, compileTriage(p.profile, rejected));
    }
    return out;
  }

  /**
   * Matches items against the served projects, scores the matches (lowered where a project's triage rejected
   * similar leads) and returns leads, threads to read, and each project's matches per keyword (matcher text),
   * those below the threshold included.
   */
  function matchItems(
    c: Compiled,
    items: RedditItem[],
    served: Set<string>,
    costOf: (projectId: string) => number,
    now: Date,
    triage: Map<string, TriageMemory | null>,
    meaningOf: MeaningOf,
    refined?: Map<string, Refined>,
  ): { leads: NewLead[]; threads: ThreadToRead[]; matched: Map<string, Map<string, number>> } {
    const leads: NewLead[] = [];
    const threads: ThreadToRead[] = [];
    const matched = new Map<string, Map<string, number>>();
    for (const item of items) {
      const scoring = {
        kind: item.kind,
        title: item.title,
        body: item.body,
        subreddit: item.subreddit,
        author: item.author,
      };
      c.matcher.forEachMatch(
        matchText(item),
        (projectId, keyword) => {
          if (!served.has(projectId)) return;
          const p = c.projects.get(projectId)!;
          const counts = matched.get(projectId) ?? new Map<string, number>();
          matched.set(projectId, counts.set(keyword, (counts.get(keyword) ?? 0) + 1));
          if (item.kind === 'post') {
            threads.push({
              projectId,
              postId: item.postId,
              postedAt: item.createdAt,
              subreddit: item.subreddit,
            });
          }
          const r = refined?.get(leadKey(projectId, item));
          const s = applyTriage(
            r ? r.score : scoreItem(scoring, p.profile, meaningOf(projectId, item)),
            scoring,
            triage.get(projectId) ?? null,
          );
          // Below the threshold a match is not a lead and is not stored (docs/decisions/0012-scan-pipeline.md).
          if (s.score < p.threshold) return;
          leads.push({
            projectId,
            item,
            score: s.score,
            stage: s.stage,
            reason: s.reason,
            matchedPhrase: keyword,
            sellerSide: s.sellerSide,
            // Written for the lead as scored (its stage decides how the draft answers).
            reply: r?.reply ?? draftReply(scoring, p.profile, s, recentOf(projectId)),
            scoredAt: now,
            costUsd: costOf(projectId),
          });
        },
        excludeContext(item),
      );
    }
    return { leads, threads, matched };
  }

  /**
   * The meaning phase, before the unit's transaction: the sentence vectors of the posts that match the given
   * projects (each post encoded once, whatever the number of projects) and of those projects' profiles. An
   * encoder that fails leaves the local scores as they are, with a warning.
   */
  async function readMeaning(c: Compiled, items: RedditItem[], projectIds: Set<string>): Promise<MeaningOf> {
    if (!embedder) return noMeaning;
    const posts = new Map<string, RedditItem>();
    const projects = new Set<string>();
    for (const item of items) {
      if (item.kind !== 'post') continue;
      c.matcher.forEachMatch(
        matchText(item),
        (projectId) => {
          if (!projectIds.has(projectId)) return;
          // Encoding costs milliseconds: a post the stage could not lift to the project's threshold stays local.
          const p = c.projects.get(projectId)!;
          const local = scoreItem(item, p.profile);
          if (local.sellerSide || local.score < p.threshold - MEANING_REACH) return;
          posts.set(item.postId, item);
          projects.add(projectId);
        },
        excludeContext(item),
      );
    }
    if (!posts.size) return noMeaning;
    const profiles = new Map([...projects].map((id) => [id, profileTexts(c.projects.get(id)!.profile)]));
    const texts = [...[...posts.values()].map(itemText), ...[...profiles.values()].flat()];
    let vectors: Float32Array[];
    try {
      vectors = await embedder.embed(texts);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'meaning stage failed; local scores kept');
      return noMeaning;
    }
    const byText = new Map(texts.map((t, i) => [t, vectors[i]!]));
    const ofProfile = new Map([...profiles].map(([id, ts]) => [id, ts.map((t) => byText.get(t)!)]));
    return (projectId, item) => {
      const profile = ofProfile.get(projectId);
      const post = item.kind === 'post' ? byText.get(itemText(item)) : undefined;
      return profile && post && profile.every(Boolean) ? { post, profile } : undefined;
    };
  }

  /**
   * The model phase, before the unit's transaction: the matched items of the given projects that are not leads
   * yet are scored by the lead scorer (the model sees those passing the pre-score) and those at or above the
   * threshold get the model's reply. Bounded by LLM_CONCURRENCY; failures keep the local result.
   */
  async function askModel(c: Compiled, items: RedditItem[], projectIds: Set<string>): Promise<ModelPhase> {
    const phase: ModelPhase = { refined: new Map(), calls: [], errors: [] };
    if (!scorer) return phase;
    const matched: { projectId: string; item: RedditItem }[] = [];
    for (const item of items) {
      c.matcher.forEachMatch(
        matchText(item),
        (projectId) => {
          if (projectIds.has(projectId)) matched.push({ projectId, item });
        },
        excludeContext(item),
      );
    }
    if (!matched.length) return phase;
    const stored = await repo.existingLeads(
      [...projectIds],
      matched.map((m) => m.item.postId),
    );
    const todo = matched.filter((m) => !stored.has(leadKey(m.projectId, m.item)));
    let next = 0;
    const work = async () => {
      for (let m = todo[next++]; m; m = todo[next++]) {
        const p = c.projects.get(m.projectId)!;
        const scoring = {
          kind: m.item.kind,
          title: m.item.title,
          body: m.item.body,
          subreddit: m.item.subreddit,
          author: m.item.author,
        };
        const key = itemKey(m.item);
        const s = await scorer.score(scoring, p.profile, key);
        const answer: Refined = { score: s.score };
        const calls = [...s.calls];
        const errors = [...s.errors];
        if (s.score.score >= p.threshold) {
          const d = await scorer.draft(scoring, p.profile, s.score, key);
          answer.reply = d.reply;
          calls.push(...d.calls);
          errors.push(...d.errors);
        }
        phase.refined.set(leadKey(m.projectId, m.item), answer);
        for (const call of calls) phase.calls.push({ projectId: m.projectId, call });
        for (const error of errors) phase.errors.push({ projectId: m.projectId, error });
      }
    };
    await Promise.all(Array.from({ length: Math.min(modelConcurrency, todo.length) }, work));
    return phase;
  }

  /**
   * The model calls as call rows (each project pays for its own items; only the scanned project's carry the
   * scan) and the scanned project's share for its scan record.
   */
  function modelCalls(phase: ModelPhase, scanId: string, projectId: string, at: Date) {
    const rows: CallRow[] = phase.calls.map(({ projectId: id, call }) => ({
      projectId: id,
      api: call.api,
      costUsd: call.costUsd,
      reused: false,
      ok: call.ok,
      calledAt: at,
      scanId: id === projectId ? scanId : null,
      fetchId: null,
    }));
    const own = phase.calls.filter((c) => c.projectId === projectId);
    return {
      rows,
      calls: own.length,
      costUsd: own.reduce((n, c) => n + c.call.costUsd, 0),
      errors: collapse(phase.errors.filter((e) => e.projectId === projectId).map((e) => e.error)),
    };
  }

  async function writeLeads(
    tx: Queryable,
    c: Compiled,
    leads: NewLead[],
    threads: ThreadToRead[],
    listing: string,
    now: Date,
  ): Promise<LeadCreatedEvent[]> {
    const r = createScansRepo(tx);
    const created = await r.insertLeads(leads);
    if (!listing.startsWith('thread:') && threads.length) {
      // A thread needs its own read only where the subreddit's comment listing may have missed comments.
      const covered = new Map<string, Date | null>();
      const needed: ThreadToRead[] = [];
      for (const th of threads) {
        const sub = th.subreddit.toLowerCase();
        if (!covered.has(sub)) covered.set(sub, await r.completeSince(`comments:${sub}`));
        const since = covered.get(sub);
        // Only a project reading the subreddit's comments (a new: listing) has them; search finds posts alone.
        if (!listing.startsWith('new:') || !since || th.postedAt < since) needed.push(th);
      }
      await r.queueThreads(needed, now);
    }
    return [...created].map(([l, leadId]) => ({
      leadId,
      projectId: l.projectId,
      projectName: c.projects.get(l.projectId)!.name,
      subreddit: l.item.subreddit,
      title: l.item.title,
      url: l.item.url,
      score: l.score,
      reply: l.reply,
      draftedAt: now,
    }));
  }

  function announceDeleted(forgotten: ForgottenLead[]) {
    if (!forgotten.length) return;
    try {
      events.emit('leads.deleted', { leadIds: forgotten.map((l) => l.id) });
    } catch (err) {
      log.warn({ err }, 'a leads.deleted listener threw');
    }
  }

  function emitCreated(created: LeadCreatedEvent[]) {
    for (const e of created) {
      try {
        events.emit('lead.created', e);
      } catch (err) {
        log.warn({ err, leadId: e.leadId }, 'a lead.created listener threw');
      }
    }
  }

  /** Serves the project the fetches of a listing bought before (by others) that it has not seen yet. */
  async function catchUp(
    scanId: string,
    c: Compiled,
    p: WatchingProject,
    listing: string,
    wm: string | null,
    upTo: string,
    pay: boolean,
  ) {
    const now = clock.now();
    const { fetches, items } = await repo.fetchesAfter(
      listing,
      wm,
      upTo,
      new Date(now.getTime() - FIRST_SCAN_LOOKBACK_MS),
    );
    const calls: CallRow[] = [];
    for (const f of fetches) {
      if (f.project_id === p.id) continue;
      for (const a of f.apis) {
        for (let i = 0; i < a.calls; i++) {
          calls.push({
            projectId: p.id,
            api: a.api,
            costUsd: 0,
            reused: true,
            ok: true,
            calledAt: now,
            scanId,
            fetchId: f.id,
          });
        }
      }
    }
    const served = new Set([p.id]);
    const phase = scorer && pay ? await askModel(c, items, served) : null;
    const model = phase ? modelCalls(phase, scanId, p.id, clock.now()) : null;
    const triage = await loadTriage(repo, c, served);
    const meaningOf = await readMeaning(c, items, served);
    const { leads, threads, matched } = matchItems(
      c,
      items,
      served,
      () => 0,
      now,
      triage,
      meaningOf,
      phase?.refined,
    );
    const created = await db.transaction(async (tx) => {
      const r = createScansRepo(tx);
      await r.insertCalls(model ? [...calls, ...model.rows] : calls);
      const out = await writeLeads(tx, c, leads, threads, listing, now);
      await r.setWatermark([p.id], listing, upTo);
      await r.addToScan(
        scanId,
        {
          calls: calls.length + (model?.calls ?? 0),
          costUsd: model?.costUsd ?? 0,
          itemsSeen: items.length,
          subreddits: itemsBySubreddit(listing, items),
          keywords: items.length ? keywordCounts(p, matched.get(p.id)) : undefined,
          newLeads: out.length,
          errors: model?.errors ?? [],
        },
        owners.get(scanId),
      );
      return out;
    });
    log.info(
      { scanId, listing, reused: calls.length, items: items.length, newLeads: created.length },
      'scan unit committed',
    );
    emitCreated(created);
  }

  function fetchListing(
    listing: string,
    cursor: string | null,
    last: FetchRow | null,
    report: ReportCall,
  ): Promise<Fetched> {
    const colon = listing.indexOf(':');
    const kind = listing.slice(0, colon);
    const arg = listing.slice(colon + 1);
    switch (kind) {
      case 'new':
        return upstream.subredditNew(arg, cursor, report);
      case 'comments':
        return upstream.subredditComments(arg, cursor, report);
      case 'search':
        return upstream.search(
          arg,
          last ? { since: new Date(last.fetched_at.getTime() - SEARCH_INDEX_LAG_MS) } : {},
          report,
        );
      case 'thread':
        return upstream.commentTree(arg, report).then((items) => ({ items, cursor: null }));
      default:
        throw new Error(`unknown listing ${listing}`);
    }
  }

  /**
   * Brings one project up to date on one listing: first what others already bought (reused, free), then,
   * when the last fetch is older than the freshness window, one incremental fetch that also serves every
   * other project up to date on the listing. Each step commits its items, cursor, calls and leads together.
   * False when the daily spend cap kept it from buying (the listing waits for tomorrow).
   */
  async function serveListing(
    scanId: string,
    c: Compiled,
    p: WatchingProject,
    listing: string,
    freshMs: number,
    budget: Budget,
  ): Promise<boolean> {
    const state = await repo.listingState(listing);
    const wm = await repo.watermark(p.id, listing);
    if (state.last && (wm === null || Number(wm) < Number(state.last.id))) {
      const pay = scorer ? await mayPay(scanId, budget) : true;
      await catchUp(scanId, c, p, listing, wm, state.last.id, pay);
    }
    const now = clock.now();
    if (state.last && state.last.fetched_at.getTime() > now.getTime() - freshMs) return true;
    if (!(await mayPay(scanId, budget))) return false;

    const reported: UpstreamCall[] = [];
    // Items the answers showed deleted or removed: forgotten with the fetch, at no extra cost (ADR 0103).
    const gone: string[] = [];
    const report: ReportCall = Object.assign((call: UpstreamCall) => void reported.push(call), {
      gone: (names: string[]) => void gone.push(...names),
    });
    let fetched: Fetched;
    try {
      fetched = await fetchListing(listing, state.cursor, state.last, report);
    } catch (err) {
      const at = clock.now();
      const message = (err as Error).message;
      const forgotten = await db.transaction(async (tx) => {
        const r = createScansRepo(tx);
        await r.insertCalls(
          reported.map((call) => ({
            projectId: p.id,
            api: call.api,
            costUsd: call.costUsd,
            reused: false,
            ok: call.ok,
            calledAt: at,
            scanId,
            fetchId: null,
          })),
        );
        await r.addToScan(
          scanId,
          {
            calls: reported.length,
            costUsd: reported.reduce((n, call) => n + call.costUsd, 0),
            subreddits: itemsBySubreddit(listing, []),
            errors: [`${listing}: ${message}`],
          },
          owners.get(scanId),
        );
        return createDeletionsRepo(tx).forget(gone, at);
      });
      announceDeleted(forgotten);
      log.warn({ scanId, listing, err: message }, 'upstream fetch failed; the scan goes on');
      return true;
    }

    const at = clock.now();
    const costUsd = reported.reduce((n, call) => n + call.costUsd, 0);
    // Each item's cost is that of the call that bought it; a fetch's calls share one api and price (a failed one
    // bought nothing and cost nothing).
    const bought = reported.filter((call) => call.ok).length;
    const itemCost = bought ? costUsd / bought : 0;
    // A walk that failed partway kept the pages bought before it; the scan says so and the next one goes on.
    const stopped = fetched.stoppedBy
      ? [`${listing}: ${fetched.stoppedBy} (kept the ${fetched.items.length} items read before it)`]
      : [];
    if (fetched.stoppedBy)
      log.warn({ scanId, listing, err: fetched.stoppedBy }, 'upstream walk stopped partway');
    const othersServed = (upToDate: string[] | 'all-new') =>
      (upToDate === 'all-new' ? [...c.projects.keys()] : upToDate).filter(
        (id) => id !== p.id && c.projects.get(id)?.listings.has(listing),
      );
    // The model answers before the transaction, for the projects this fetch will serve as far as can be told
    // now; one that turns up to date meanwhile gets the local result (the transaction decides who is served).
    let phase: ModelPhase | null = null;
    const likely = new Set([
      p.id,
      ...(scorer || embedder ? othersServed(await repo.upToDate(listing, state.last?.id ?? null)) : []),
    ]);
    if (scorer) phase = await askModel(c, fetched.items, likely);
    const meaningOf = await readMeaning(c, fetched.items, likely);
    const model = phase ? modelCalls(phase, scanId, p.id, clock.now()) : null;
    const { created, forgotten } = await db.transaction(async (tx) => {
      const r = createScansRepo(tx);
      const forgotten = await createDeletionsRepo(tx).forget(gone, at);
      const others = othersServed(await r.upToDate(listing, state.last?.id ?? null));
      const fetchId = await r.insertFetch({
        listing,
        projectId: p.id,
        scanId,
        at,
        calls: reported.length,
        costUsd,
        apis: summarize(reported),
        items: fetched.items,
        cursor: fetched.cursor,
        // A source without a comment listing (ScrapeCreators) makes no call for it and tells nothing.
        ...(listing.startsWith('comments:') && reported.length
          ? { completeSince: coverage(fetched.items, state.last === null) }
          : {}),
      });
      const calls: CallRow[] = reported.map((call) => ({
        projectId: p.id,
        api: call.api,
        costUsd: call.costUsd,
        reused: false,
        ok: call.ok,
        calledAt: at,
        scanId,
        fetchId,
      }));
      for (const id of others) {
        for (const call of reported) {
          if (call.ok)
            calls.push({
              projectId: id,
              api: call.api,
              costUsd: 0,
              reused: true,
              ok: true,
              calledAt: at,
              scanId: null,
              fetchId,
            });
        }
      }
      if (model) calls.push(...model.rows);
      await r.insertCalls(calls);
      const served = new Set([p.id, ...others]);
      const { leads, threads, matched } = matchItems(
        c,
        fetched.items,
        served,
        (id) => (id === p.id ? itemCost : 0),
        at,
        await loadTriage(r, c, served),
        meaningOf,
        phase?.refined,
      );
      const out = await writeLeads(tx, c, leads, threads, listing, at);
      await r.setWatermark([...served], listing, fetchId);
      await r.addToScan(
        scanId,
        {
          calls: reported.length + (model?.calls ?? 0),
          costUsd: costUsd + (model?.costUsd ?? 0),
          itemsSeen: fetched.items.length,
          subreddits: itemsBySubreddit(listing, fetched.items),
          keywords: fetched.items.length ? keywordCounts(p, matched.get(p.id)) : undefined,
          newLeads: out.filter((e) => e.projectId === p.id).length,
          errors: [...stopped, ...(model?.errors ?? [])],
        },
        owners.get(scanId),
      );
      return { created: out, forgotten };
    });
    log.info(
      {
        scanId,
        listing,
        calls: reported.length,
        items: fetched.items.length,
        newLeads: created.length,
        deletedLeads: forgotten.length,
      },
      'scan unit committed',
    );
    announceDeleted(forgotten);
    emitCreated(created);
    return true;
  }

  async function runScan(scanId: string): Promise<void> {
    const target = await repo.getScan(scanId);
    if (!target || target.status === 'done' || target.status === 'failed') return;
    const guard = await guardProject(db, target.projectId);
    if (!guard) {
      // The project's scan runs in another session now. A queued one is the next scan, waiting for the
      // previous runner to let go: failing the job makes the queue retry it shortly.
      if (target.status === 'queued')
        throw new Error(`project ${target.projectId} is being scanned elsewhere`);
      return;
    }
    try {
      const started = clock.now();
      // Holding the project's lock, no live runner can hold its running scan; else a stale heartbeat tells.
      const staleBefore = guard.exclusive ? null : new Date(started.getTime() - staleMs);
      const scan = await repo.claim(scanId, started, staleBefore);
      if (!scan) return;
      owners.set(scanId, scan.owner);
      try {
        await runClaimed(scan, scan.owner, guard);
      } finally {
        owners.delete(scanId);
      }
    } finally {
      await guard.release();
    }
  }

  async function runClaimed(scan: ScanRecord, owner: string, guard: ScanGuard): Promise<void> {
    const { scanId } = scan;
    const beat = setInterval(
      () => void repo.heartbeat(scanId, owner, clock.now()).catch(() => {}),
      Math.max(200, staleMs / 3),
    );
    beat.unref();
    const stopping = () => {
      if (guard.lost) throw new Error('database connection lost');
      return draining;
    };
    const unit = (listing: string) => () => serveListing(scanId, c, project, listing, freshMs, budget);
    // Under a cap, a unit holds the account's spend (here and across processes) from its check to its commit.
    const serve = (listing: string) =>
      withListingLock(listing, () =>
        guard.withListing(listing, () =>
          budget.capped
            ? serially(spendLocks, budget.userId, () => guard.withAccount(budget.userId, unit(listing)))
            : unit(listing)(),
        ),
      );
    let c: Compiled;
    let project: WatchingProject;
    let freshMs = freshnessMs;
    let budget: Budget = { userId: '', capped: false, reached: null };
    try {
      c = await compile();
      const found = c.projects.get(scan.projectId);
      if (!found) throw new Error('the project no longer exists');
      project = found;
      freshMs = freshnessOf(project, scan.trigger);
      const capUsd = spendCap ? (await spendCap.capOf(project.userId)).capUsd : null;
      budget = { userId: project.userId, capped: capUsd !== null, reached: null };
      if (!project.keywords.some((k) => !k.trim().startsWith('-'))) {
        // Nothing could match: buying data for it would be money spent on nothing.
        await repo.finish(scanId, owner, 'done', clock.now(), 'the project has no keywords to match');
        return;
      }
      log.info({ scanId, projectId: project.id }, 'scan started');
      for (const listing of project.listings) {
        if (stopping()) break;
        await serve(listing);
      }
      const threadLimit = project.limits ? project.limits.commentThreadsPerScan : THREAD_BATCH;
      const threads =
        stopping() || threadLimit === 0 ? [] : await repo.pendingThreads(project.id, threadLimit);
      for (const postId of threads) {
        if (stopping()) break;
        // A thread the cap kept from being read stays pending for the next scan that may buy.
        if (await serve(`thread:${postId}`)) await repo.threadDone(project.id, postId, clock.now());
      }
      if (draining) {
        // Everything done so far is committed; another worker (or the next start) resumes the rest.
        clearInterval(beat);
        if ((await repo.requeue(scanId, owner)) && queue) await queue.resend(scanId).catch(() => {});
        return;
      }
      await repo.finish(scanId, owner, 'done', clock.now());
      log.info({ scanId }, 'scan done');
    } catch (err) {
      clearInterval(beat);
      if (err instanceof ScanTakenOver) {
        log.warn({ scanId }, 'scan taken over by another worker; this runner stops');
        return;
      }
      log.warn({ scanId, err: (err as Error).message }, 'scan failed');
      await recordFailure(scanId, owner, (err as Error).message);
    } finally {
      clearInterval(beat);
    }
  }

  /**
   * Records a failed scan, retrying while the database is unreachable: the failure is written as soon as a
   * connection works again, not left for stale-scan recovery. Gives up at shutdown (recovery takes it then).
   */
  async function recordFailure(scanId: string, owner: string, message: string): Promise<void> {
    for (let wait = 250; ; wait = Math.min(wait * 2, 2000)) {
      try {
        await repo.finish(scanId, owner, 'failed', clock.now(), message);
        return;
      } catch (err) {
        if (draining) return;
        log.warn({ scanId, err: (err as Error).message }, 'cannot record the scan failure yet; retrying');
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  function runHere(scanId: string) {
    const run = runScan(scanId).catch((err) =>
      log.warn({ scanId, err: (err as Error).message }, 'scan crashed'),
    );
    inProcess.add(run);
    void run.finally(() => inProcess.delete(run));
  }

  /** Queues a scan (notSince: unless one was created since then); null when none was queued. */
  async function queueScan(
    projectId: string,
    trigger: ScanRecord['trigger'],
    notSince: Date | null,
  ): Promise<string | null> {
    const now = clock.now();
    const id = await db.transaction(async (tx) => {
      const scanId = await createScansRepo(tx).insertQueued(projectId, trigger, now, notSince);
      if (scanId && queue) await queue.send(scanId, tx);
      return scanId;
    });
    if (id && !queue) runHere(id);
    return id;
  }

  const verbs: ScanVerbs = {
    async requestScan(projectId, trigger) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const id = await queueScan(projectId, trigger, null);
        if (id) return (await repo.getScan(id))!;
        const active = await repo.activeScanOf(projectId);
        if (active) return active;
      }
      throw new Error('could not queue a scan');
    },

    async waitForScan(scanId, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const scan = await repo.getScan(scanId);
        if (!scan) throw new Error(`no scan ${scanId}`);
        // At shutdown a waiting caller gets the current status at once (the scan goes on in another worker).
        if (scan.status === 'done' || scan.status === 'failed' || Date.now() >= deadline || draining)
          return scan;
        await new Promise((r) => setTimeout(r, Math.min(200, Math.max(1, deadline - Date.now()))));
      }
    },

    getScan: (scanId) => repo.getScan(scanId),

    async getScanOfProject(userId, projectId, scanId) {
      const scan = await repo.getScanForUser(userId, projectId, scanId);
      if (!scan) throw notFound('scan');
      return scan;
    },

    async latestScans(userId) {
      return new Map((await repo.latestScansOfUser(userId)).map((s) => [s.projectId, s]));
    },
  };

  return {
    ...verbs,
    /** The job handler: runs a queued scan, or resumes one whose worker died. Safe to call twice. */
    runScan,

    /**
     * Queues a scan for every project whose interval has passed since its last scan. Any number of workers
     * may run this at once: the insert itself checks the interval, so each due scan is queued once.
     */
    async scheduleDueScans(): Promise<number> {
      const now = clock.now().getTime();
      const last = await repo.lastScanTimes();
      let queued = 0;
      for (const p of (await compile()).projects.values()) {
        if (!p.keywords.length) continue;
        const intervalMs = intervalOf(p);
        const at = last.get(p.id);
        if (at && at.getTime() > now - intervalMs) continue;
        if (await queueScan(p.id, 'schedule', new Date(now - intervalMs))) queued++;
      }
      return queued;
    },

    /**
     * Queues again the scans a dead worker left behind: on PostgreSQL a running scan whose project lock no
     * session holds (at once), else a stale heartbeat; `all` when no other worker can exist (PGlite start).
     */
    async recoverScans(opts: { all?: boolean } = {}): Promise<number> {
      const nowMs = clock.now().getTime();
      const staleBefore = opts.all ? null : new Date(nowMs - staleMs);
      const ids = await repo.staleScans(staleBefore, db.kind === 'postgres');
      let recovered = 0;
      for (const id of ids) {
        if (opts.all)
          await db.query(`UPDATE scans SET status = 'queued' WHERE id = $1 AND status = 'running'`, [id]);
        if (owners.has(id) || (resent.get(id) ?? 0) > nowMs - Math.max(staleMs, 10_000)) continue;
        resent.set(id, nowMs);
        recovered++;
        if (queue) await queue.resend(id);
        else runHere(id);
      }
      for (const [id, at] of resent) if (at < nowMs - 10 * Math.max(staleMs, 10_000)) resent.delete(id);
      return recovered;
    },

    attachQueue(q: ScanQueue | null) {
      queue = q;
    },
    setLogger(l: ScanLogger) {
      log = l;
    },

    /**
     * Stops starting new units (scans in progress go back to the queue for another worker or the next start)
     * and answers every waitForScan at once.
     */
    async drain(): Promise<void> {
      draining = true;
      await Promise.allSettled([...inProcess]);
    },
  };
}
export type ScansService = ReturnType<typeof createScansService>;
