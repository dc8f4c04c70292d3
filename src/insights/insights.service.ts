import type { Db } from '../db/client.ts';
import type { DashboardSeoOpportunity } from './insights.dashboard.schemas.ts';
import type { PainTheme, SeoOpportunities, SeoOpportunity } from './insights.schemas.ts';

interface SeoRow {
  id: string;
  keyword: string;
  position: number | null;
  /** null: the thread could not be read (docs/decisions/0115). */
  competitor_present: boolean | null;
  refreshed_at: Date;
  post_id: string | null;
  post_title: string | null;
  post_subreddit: string | null;
  post_url: string | null;
  search_volume: number | null;
  competitors_named: string[];
}

interface ThemeRow {
  id: string;
  label: string;
  summary: string | null;
  lead_ids: string[];
  generated_at: Date;
}

/** Read side of SEO opportunities and pain themes; the project is checked by the caller. */
export function createInsightsService(deps: { db: Db }) {
  const { db } = deps;
  /** Best position first; unranked last; id keeps the order stable. The public shape (REST, the tool). */
  async function listSeoOpportunities(projectId: string): Promise<SeoOpportunity[]> {
    return (await listSeoRows(projectId)).map(({ competitorsNamed: _, ...o }) => o);
  }

  /** The same list for the dashboard, which also names the competitors each thread names. */
  async function listSeoRows(projectId: string): Promise<DashboardSeoOpportunity[]> {
    const rows = await db.query<SeoRow>(
      `SELECT id, keyword, position, competitor_present, refreshed_at, post_id, post_title, post_subreddit, post_url,
              search_volume, competitors_named
         FROM seo_opportunities WHERE project_id = $1
        ORDER BY position ASC NULLS LAST, refreshed_at DESC, id`,
      [projectId],
    );
    return rows.map((r) => ({
      id: r.id,
      keyword: r.keyword,
      position: r.position,
      competitorPresent: r.competitor_present === true,
      competitorKnown: r.competitor_present !== null,
      refreshedAt: r.refreshed_at.toISOString(),
      post:
        r.post_id && r.post_title && r.post_subreddit && r.post_url
          ? { id: r.post_id, title: r.post_title, subreddit: r.post_subreddit, url: r.post_url }
          : null,
      searchVolume: r.search_volume,
      competitorsNamed: r.competitors_named,
    }));
  }

  return {
    listSeoOpportunities,
    listDashboardSeoOpportunities: listSeoRows,

    /** The REST and tool answer: the list, and when it was computed (null: not yet). */
    async seoOpportunities(projectId: string): Promise<SeoOpportunities> {
      const [opportunities, last] = await Promise.all([
        listSeoOpportunities(projectId),
        db.query<{ at: Date | null }>(
          'SELECT max(refreshed_at) AS at FROM seo_refreshes WHERE project_id = $1',
          [projectId],
        ),
      ]);
      return { opportunities, refreshedAt: last[0]?.at?.toISOString() ?? null };
    },

    /**
     * The themes of the newest clustering only (none when it found none), the largest first. Older clusterings'
     * themes are deleted when a new one is stored, but two refreshes committing at once on PostgreSQL can each
     * leave the other's rows, so the read names the newest run (ADR 0070).
     */
    async listPainThemes(projectId: string): Promise<PainTheme[]> {
      const rows = await db.query<ThemeRow>(
        `SELECT id, label, summary, lead_ids, generated_at FROM pain_themes
          WHERE project_id = $1
            AND generated_at = (SELECT max(generated_at) FROM pain_theme_runs WHERE project_id = $1)
          ORDER BY cardinality(lead_ids) DESC, id`,
        [projectId],
      );
      return rows.map((r) => ({
        id: r.id,
        label: r.label,
        summary: r.summary,
        leadIds: r.lead_ids,
        generatedAt: r.generated_at.toISOString(),
      }));
    },
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
