import type { Tier } from '../../accounts/tiers.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config/index.ts';
import { notFound } from '../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { mentions } from '../../domain/mentions.ts';
import { withoutNul } from '../../domain/nul-text.ts';
import { type CallRow, createFetchesRepo } from '../../scans/fetches.repo.ts';
import { createPriceTable, dearestCallOf } from '../../upstream/prices.ts';
import type { RedditItem, UpstreamCall, UpstreamSource } from '../../upstream/source.ts';
import { spendCapReached } from '../../usage/spend-cap.schemas.ts';
import type { SpendCapService } from '../../usage/spend-cap.service.ts';
import { createSeoProvider, redditThread, type SeoCall, type SeoProvider } from './seo-provider.ts';

/** Self-hosted projects have no tier: they refresh weekly and ask for every keyword up to this many. */
const SELF_HOSTED_REFRESH_DAYS = 7;
const SELF_HOSTED_MAX_KEYWORDS = 100;
const DAY_MS = 86_400_000;

export interface SeoRefresh {
  provider: string;
  refreshedAt: string;
  keywords: number;
  calls: number;
  costUsd: number;
  opportunities: number;
  errors: string[];
}

interface RefreshRow {
  provider: string;
  refreshed_at: Date;
  keywords: number;
  calls: number;
  cost_usd: number;
  opportunities: number;
  errors: string[];
}

const toRefresh = (r: RefreshRow): SeoRefresh => ({
  provider: r.provider,
  refreshedAt: r.refreshed_at.toISOString(),
  keywords: r.keywords,
  calls: r.calls,
  costUsd: Math.round(r.cost_usd * 1e6) / 1e6,
  opportunities: r.opportunities,
  errors: r.errors,
});

interface ProjectRow {
  id: string;
  keywords: string[];
  competitors: string[];
  tier: Tier;
  user_id: string;
}

/** What a thread's post says: its title and body. */
interface PostText {
  title: string;
  body: string;
}

interface Found {
  keyword: string;
  position: number;
  postId: string;
  title: string;
  subreddit: string;
  url: string;
  searchVolume: number | null;
}

/**
 * SEO opportunities (docs/decisions/0071-seo-opportunities.md): Reddit threads ranking on Google for a project's
 * keywords, and whether a competitor is named in them. refresh() is the job handler, one (project, now) at a time.
 */
export function createSeoService(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'seo' | 'selfHosted' | 'tierLimits' | 'upstream'>;
  upstream: UpstreamSource;
  fetch?: typeof fetch;
  /** The daily spend cap (ADR 0102): a refresh stops paying once it is reached; null or absent: none. */
  spendCap?: SpendCapService | null;
}) {
  const { db, config, upstream } = deps;
  const priceOf = createPriceTable(config.upstream);
  const provider: SeoProvider | null = createSeoProvider(config.seo, { priceOf, fetch: deps.fetch });
  const freshnessMs = config.upstream.freshnessMinutes * 60_000;
  const limitsOf = (tier: Tier) => (config.selfHosted ? null : config.tierLimits[tier]);
  const spendCap = deps.spendCap ?? null;
  const dearestSearch = provider
    ? dearestCallOf(config.upstream, provider.name === 'replay' ? 'seo-replay' : provider.name)
    : 0;

  async function project(projectId: string): Promise<ProjectRow> {
    const rows = await db.query<ProjectRow>(
      `SELECT p.id, p.keywords, p.competitors, u.tier, u.id AS user_id FROM projects p JOIN users u ON u.id = p.user_id
        WHERE p.id = $1`,
      [projectId],
    );
    if (!rows[0]) throw notFound('project');
    return rows[0];
  }

  /**
   * A thread's post and comments through the upstream source, like a scan's thread read: a fetch of it within the
   * freshness window is reused at no cost when the post is stored too; otherwise it is bought with its post (the
   * same answer) and logged, so scans can reuse the comments. post null: the post is deleted or not answered.
   */
  async function readThread(
    projectId: string,
    postId: string,
    now: Date,
  ): Promise<{ post: PostText | null; items: RedditItem[]; calls: CallRow[] }> {
    const repo = createFetchesRepo(db);
    const listing = `thread:${postId}`;
    const state = await repo.listingState(listing);
    const stored = await storedPost(postId);
    if (stored && state.last && state.last.fetched_at.getTime() > now.getTime() - freshnessMs) {
      const { items } = await repo.fetchesAfter(listing, null, state.last.id, state.last.fetched_at);
      const calls = state.last.apis.flatMap((a) =>
        Array.from({ length: a.calls }, () => ({
          projectId,
          api: a.api,
          costUsd: 0,
          reused: true,
          ok: true,
          calledAt: now,
          scanId: null,
          fetchId: state.last!.id,
        })),
      );
      return { post: stored, items, calls };
    }
    const reported: UpstreamCall[] = [];
    const rows = (fetchId: string | null): CallRow[] =>
      reported.map((c) => ({
        projectId,
        api: c.api,
        costUsd: c.costUsd,
        reused: false,
        ok: c.ok,
        calledAt: now,
        scanId: null,
        fetchId,
      }));
    let answer: RedditItem[];
    try {
      answer = await upstream.commentTree(postId, (c) => reported.push(c), { withPost: true });
    } catch (err) {
      throw Object.assign(err as Error, { calls: rows(null) });
    }
    // The thread's listing keeps its comments only, as a scan's read of it does; the post is stored beside it.
    const bought = answer.find((i) => i.kind === 'post' && i.id === postId);
    const post = bought ?? stored;
    const items = answer.filter((i) => i.kind === 'comment');
    const costUsd = reported.reduce((n, c) => n + c.costUsd, 0);
    const byApi = new Map<string, { api: string; calls: number; costUsd: number }>();
    for (const c of reported) {
      const e = byApi.get(c.api) ?? { api: c.api, calls: 0, costUsd: 0 };
      e.calls++;
      e.costUsd += c.costUsd;
      byApi.set(c.api, e);
    }
    const fetchId = await repo.insertFetch({
      listing,
      projectId,
      scanId: null,
      at: now,
      calls: reported.length,
      costUsd,
      apis: [...byApi.values()],
      items,
      alsoStored: bought ? [bought] : [],
      cursor: null,
    });
    return { post, items, calls: rows(fetchId) };
  }

  /** The post as bought before (by a scan's listing), or null. */
  async function storedPost(postId: string): Promise<PostText | null> {
    const rows = await db.query<PostText>('SELECT title, body FROM upstream_items WHERE id = $1', [
      `t3_${postId}`,
    ]);
    return rows[0] ?? null;
  }

  interface DueRow {
    id: string;
    tier: Tier;
    last: Date | null;
  }
  const DUE_ROWS = `SELECT p.id, u.tier, (SELECT max(refreshed_at) FROM seo_refreshes r WHERE r.project_id = p.id) AS last
           FROM projects p JOIN users u ON u.id = p.user_id`;
  const isDue = (r: DueRow, now: Date) => {
    const days = limitsOf(r.tier)?.seoRefreshDays ?? SELF_HOSTED_REFRESH_DAYS;
    return !r.last || r.last.getTime() <= now.getTime() - days * DAY_MS;
  };

  async function refresh(projectId: string, now: Date): Promise<SeoRefresh | null> {
    if (!provider) return null;
    const p = await project(projectId);
    const limits = limitsOf(p.tier);
    const max = limits ? (limits.seoKeywords ?? Number.POSITIVE_INFINITY) : SELF_HOSTED_MAX_KEYWORDS;
    const keywords = [
      ...new Set(p.keywords.map((k) => k.trim()).filter((k) => k && !k.startsWith('-'))),
    ].slice(0, max);
    const competitors =
      limits?.competitors == null ? p.competitors : p.competitors.slice(0, limits.competitors);
    const volumeAllowed = limits ? limits.seoSearchVolume : true;
    const seoCalls: SeoCall[] = [];
    const threadCalls: CallRow[] = [];
    const errors: string[] = [];
    const found = new Map<string, Found>();
    // Before each paid call: the refresh's own calls are recorded only at its end, so they count as pending.
    let capped = false;
    const mayPay = async (nextCallUsd: number) => {
      if (!spendCap || capped) return !capped;
      const pendingUsd =
        seoCalls.reduce((n, c) => n + c.costUsd, 0) + threadCalls.reduce((n, c) => n + c.costUsd, 0);
      const check = await spendCap.check(p.user_id, { pendingUsd, nextCallUsd });
      if (check.canBuy) return true;
      capped = true;
      errors.push(
        spendCapReached(check.capUsd ?? 0, check.spentUsd, now).message.replace('This scan', 'This refresh'),
      );
      return false;
    };

    for (const keyword of keywords) {
      if (!(await mayPay(dearestSearch))) break;
      let answer: Awaited<ReturnType<SeoProvider['search']>>;
      try {
        answer = await provider.search(keyword, (c) => seoCalls.push(c));
      } catch (err) {
        errors.push(`"${keyword}": ${(err as Error).message}`);
        continue;
      }
      if (!answer) continue;
      for (const r of answer.results) {
        const thread = redditThread(r.url);
        if (!thread) continue;
        const key = `${keyword}\n${thread.postId}`;
        if (found.has(key)) continue;
        found.set(key, {
          keyword,
          position: r.position,
          postId: thread.postId,
          title:
            r.title
              .replace(/\s*:\s*r\/\w+$/i, '')
              .replace(/\s*-\s*Reddit$/i, '')
              .trim() || thread.url,
          subreddit: thread.subreddit,
          url: thread.url,
          searchVolume: volumeAllowed ? answer.searchVolume : null,
        });
      }
    }

    // Each thread is read once per refresh, whichever keywords it ranks for: its title, its post and its comments.
    // The competitors each thread names, in the project's order; null when it could not be read (a failed read, the
    // spend cap): unknown, not "no competitor".
    const present = new Map<string, string[] | null>();
    if (competitors.length) {
      for (const f of found.values()) {
        if (present.has(f.postId)) continue;
        if (!(await mayPay(0))) break;
        try {
          const { post, items, calls } = await readThread(projectId, f.postId, now);
          threadCalls.push(...calls);
          const text = [f.title, post?.title ?? '', post?.body ?? '', ...items.map((i) => i.body)].join('\n');
          present.set(
            f.postId,
            competitors.filter((c) => mentions(text, c)),
          );
        } catch (err) {
          threadCalls.push(...((err as { calls?: CallRow[] }).calls ?? []));
          errors.push(`thread ${f.postId}: ${(err as Error).message}`);
          present.set(f.postId, null);
        }
      }
    }
    const competitorPresent = (postId: string) => {
      if (!competitors.length) return false;
      const named = present.get(postId);
      return named === undefined || named === null ? null : named.length > 0;
    };

    const calls = seoCalls.length + threadCalls.filter((c) => !c.reused).length;
    const costUsd =
      seoCalls.reduce((n, c) => n + c.costUsd, 0) + threadCalls.reduce((n, c) => n + c.costUsd, 0);
    const result: SeoRefresh = {
      provider: provider.name,
      refreshedAt: now.toISOString(),
      keywords: keywords.length,
      calls,
      costUsd,
      opportunities: found.size,
      errors,
    };
    await db.transaction(async (tx) => {
      await createFetchesRepo(tx).insertCalls([
        ...seoCalls.map((c) => ({
          projectId,
          api: c.api,
          costUsd: c.costUsd,
          reused: false,
          ok: c.ok,
          calledAt: now,
          scanId: null,
          fetchId: null,
        })),
        ...threadCalls,
      ]);
      // A refresh where every keyword failed keeps the previous opportunities rather than showing none.
      const failedAll = keywords.length > 0 && errors.length >= keywords.length && found.size === 0;
      if (!failedAll) {
        await tx.query('DELETE FROM seo_opportunities WHERE project_id = $1', [projectId]);
        for (const f of found.values()) {
          await tx.query(
            `INSERT INTO seo_opportunities (project_id, keyword, position, competitor_present, refreshed_at, post_id,
                                            post_title, post_subreddit, post_url, search_volume, competitors_named)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [
              projectId,
              f.keyword,
              f.position,
              competitorPresent(f.postId),
              now,
              f.postId,
              withoutNul(f.title),
              f.subreddit,
              f.url,
              f.searchVolume,
              present.get(f.postId) ?? [],
            ],
          );
        }
      }
      await tx.query(
        `INSERT INTO seo_refreshes (project_id, provider, refreshed_at, keywords, calls, cost_usd, opportunities, errors)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [projectId, provider.name, now, keywords.length, calls, costUsd, found.size, errors.map(withoutNul)],
      );
    });
    return result;
  }

  return {
    /** Which provider answers, for the dashboard's empty state; null when none is configured. */
    provider(): { name: string; sample: boolean } | null {
      return provider ? { name: provider.name, sample: config.seo.sample } : null;
    },

    refresh,

    async lastRefresh(projectId: string): Promise<SeoRefresh | null> {
      const rows = await db.query<RefreshRow>(
        `SELECT provider, refreshed_at, keywords, calls, cost_usd, opportunities, errors FROM seo_refreshes
          WHERE project_id = $1 ORDER BY refreshed_at DESC, id DESC LIMIT 1`,
        [projectId],
      );
      return rows[0] ? toRefresh(rows[0]) : null;
    },

    /** Projects whose last refresh is older than their tier's seoRefreshDays (or never happened). */
    async refreshDue(now: Date): Promise<number> {
      if (!provider) return 0;
      const rows = await db.query<DueRow>(`${DUE_ROWS} WHERE cardinality(p.keywords) > 0`);
      let n = 0;
      for (const r of rows) {
        if (!isDue(r, now)) continue;
        await refresh(r.id, now);
        n++;
      }
      return n;
    },

    /**
     * After a scan of the project: its opportunities when it has none computed yet (a new project) or they are
     * due, so a new project does not wait for the hourly pass.
     */
    async refreshAfterScan(projectId: string, now: Date): Promise<SeoRefresh | null> {
      if (!provider) return null;
      const [row] = await db.query<DueRow>(`${DUE_ROWS} WHERE p.id = $1 AND cardinality(p.keywords) > 0`, [
        projectId,
      ]);
      return row && isDue(row, now) ? refresh(projectId, now) : null;
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;
