import type { Queryable } from '../db/client.ts';
import type { Project, ProjectDetail, ProjectInput } from './projects.schemas.ts';

/** A project's profile as the scorer and the scanner read it: ProjectDetail without the counts and dates. */
export type ProjectProfile = Omit<ProjectDetail, 'createdAt' | 'newLeads'>;

/** The profile's columns, for every statement that reads a project (alias `p`). */
export const PROFILE_COLUMNS = `p.id, p.name, p.url, p.pain, p.solution, p.target_users, p.geography, p.budget_fit,
  p.score_threshold, p.keywords, p.subreddits, p.competitors`;

export interface ProfileRow {
  id: string;
  name: string;
  url: string | null;
  pain: string | null;
  solution: string | null;
  target_users: string | null;
  geography: string | null;
  budget_fit: string | null;
  score_threshold: number | null;
  keywords: string[];
  subreddits: string[];
  competitors: string[];
}

export function toProfile(r: ProfileRow): ProjectProfile {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    pain: r.pain,
    solution: r.solution,
    targetUsers: r.target_users,
    geography: r.geography,
    budgetFit: r.budget_fit,
    scoreThreshold: r.score_threshold,
    keywords: r.keywords,
    subreddits: r.subreddits,
    competitors: r.competitors,
  };
}

interface ProjectRow extends ProfileRow {
  created_at: Date;
  new_leads: number;
}

const COLUMNS = `${PROFILE_COLUMNS}, p.created_at,
  (SELECT count(*)::int FROM leads l
    WHERE l.project_id = p.id AND l.status = 'new' AND l.posted_at >= $2) AS new_leads`;

function toDetail(r: ProjectRow): ProjectDetail {
  return { ...toProfile(r), createdAt: r.created_at.toISOString(), newLeads: r.new_leads };
}

/** The list's shape: the detail without the watch list. */
function toProject(r: ProjectRow): Project {
  const { keywords: _k, subreddits: _s, competitors: _c, ...project } = toDetail(r);
  return project;
}

/** Ids are ours (UUIDs); anything else cannot name a project, and must not reach SQL (a NUL byte would fail there). */
export function isProjectId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(id);
}

export function createProjectsRepo(db: Queryable) {
  return {
    /** windowStart bounds newLeads to the same window as the default lead list. */
    async listByUser(userId: string, windowStart: Date): Promise<Project[]> {
      const rows = await db.query<ProjectRow>(
        `SELECT ${COLUMNS} FROM projects p WHERE p.user_id = $1 ORDER BY p.created_at, p.id`,
        [userId, windowStart],
      );
      return rows.map(toProject);
    },
    async findForUser(
      userId: string,
      projectId: string,
      windowStart: Date,
    ): Promise<ProjectDetail | undefined> {
      if (!isProjectId(projectId)) return undefined;
      const rows = await db.query<ProjectRow>(
        `SELECT ${COLUMNS} FROM projects p WHERE p.user_id = $1 AND p.id = $3`,
        [userId, windowStart, projectId],
      );
      return rows[0] && toDetail(rows[0]);
    },
    async existsForUser(userId: string, projectId: string): Promise<boolean> {
      if (!isProjectId(projectId)) return false;
      const rows = await db.query('SELECT 1 FROM projects WHERE user_id = $1 AND id = $2', [
        userId,
        projectId,
      ]);
      return rows.length > 0;
    },
    async namesOf(userId: string): Promise<string[]> {
      const rows = await db.query<{ name: string }>('SELECT name FROM projects WHERE user_id = $1', [userId]);
      return rows.map((r) => r.name);
    },
    /** Creates the project, or updates the one of the same name on this account. */
    async upsertByName(userId: string, p: ProjectInput): Promise<{ id: string; name: string }> {
      const rows = await db.query<{ id: string; name: string }>(
        `INSERT INTO projects (user_id, name, url, pain, solution, target_users, geography, budget_fit,
                               score_threshold, keywords, subreddits, competitors)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (user_id, name) DO UPDATE SET
           url = EXCLUDED.url, pain = EXCLUDED.pain, solution = EXCLUDED.solution,
           target_users = EXCLUDED.target_users, geography = EXCLUDED.geography, budget_fit = EXCLUDED.budget_fit,
           score_threshold = EXCLUDED.score_threshold, keywords = EXCLUDED.keywords,
           subreddits = EXCLUDED.subreddits, competitors = EXCLUDED.competitors, updated_at = clock_timestamp()
         RETURNING id, name`,
        [
          userId,
          p.name,
          p.url ?? null,
          p.pain ?? null,
          p.solution ?? null,
          p.targetUsers ?? null,
          p.geography ?? null,
          p.budgetFit ?? null,
          p.scoreThreshold ?? null,
          p.keywords ?? [],
          p.subreddits ?? [],
          p.competitors ?? [],
        ],
      );
      return rows[0]!;
    },
  };
}
export type ProjectsRepo = ReturnType<typeof createProjectsRepo>;
