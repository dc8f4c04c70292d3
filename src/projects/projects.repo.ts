import type { AlertInput } from '../alerts/alerts.service.ts';
import type { Queryable } from '../db/client.ts';
import type { ReplyTone } from '../domain/scoring.ts';
import type { Project, ProjectDetail, ProjectInput } from './projects.schemas.ts';

/** A project's profile as the scorer and the scanner read it: ProjectDetail without the counts and dates. */
export type ProjectProfile = Omit<ProjectDetail, 'createdAt' | 'newLeads'>;

/** A project's own columns without the watch list (alias `p`). */
const SCALAR_COLUMNS = `p.id, p.name, p.url, p.pain, p.solution, p.target_users, p.geography, p.budget_fit,
  p.score_threshold, p.reply_tone, p.reply_signature`;

/** The profile's columns, for every statement that reads a project (alias `p`). */
export const PROFILE_COLUMNS = `${SCALAR_COLUMNS}, p.keywords, p.subreddits, p.competitors`;

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
  reply_tone: ReplyTone;
  reply_signature: string | null;
  keywords: string[];
  subreddits: string[];
  competitors: string[];
}

type ScalarRow = Omit<ProfileRow, 'keywords' | 'subreddits' | 'competitors'>;

function toScalars(r: ScalarRow) {
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
    replyTone: r.reply_tone,
    replySignature: r.reply_signature,
  };
}

export function toProfile(r: ProfileRow): ProjectProfile {
  return { ...toScalars(r), keywords: r.keywords, subreddits: r.subreddits, competitors: r.competitors };
}

interface ProjectRow extends ProfileRow {
  created_at: Date;
  new_leads: number;
}

/** The project's new leads in the lead list's default window; $2 is the window start. */
const NEW_LEADS = `(SELECT count(*)::int FROM leads l
    WHERE l.project_id = p.id AND l.status = 'new' AND l.posted_at >= $2 AND l.deleted_at IS NULL) AS new_leads`;

const COLUMNS = `${PROFILE_COLUMNS}, p.created_at, ${NEW_LEADS}`;

function toDetail(r: ProjectRow): ProjectDetail {
  return { ...toProfile(r), createdAt: r.created_at.toISOString(), newLeads: r.new_leads };
}

/**
 * The list's columns: the detail's without the watch list (its arrays cost the most to send and parse), the
 * date formatted in SQL (docs/reliability.md, "Load").
 */
const LIST_COLUMNS = `${SCALAR_COLUMNS},
  to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, ${NEW_LEADS}`;

type ListRow = ScalarRow & { created_at: string; new_leads: number };

function toProject(r: ListRow): Project {
  return { ...toScalars(r), createdAt: r.created_at, newLeads: r.new_leads };
}

/** Ids are ours (UUIDs); anything else cannot name a project, and must not reach SQL (a NUL byte would fail there). */
export function isProjectId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(id);
}

/** The project columns' values in statement order, from name to competitors, then the reply's tone and signature. */
function inputValues(p: ProjectInput) {
  return [
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
    p.replyTone ?? 'plain',
    p.replySignature ?? null,
  ];
}

/** An alert destination as the export reads it, before it takes the file's to/url form. */
type ExportedAlert = Omit<AlertInput, 'to' | 'url'> & { target: string };

export function createProjectsRepo(db: Queryable) {
  return {
    /** windowStart bounds newLeads to the same window as the default lead list. */
    async listByUser(userId: string, windowStart: Date): Promise<Project[]> {
      const rows = await db.query<ListRow>(
        `SELECT ${LIST_COLUMNS} FROM projects p WHERE p.user_id = $1 ORDER BY p.created_at, p.name, p.id`,
        [userId, windowStart],
        { prepare: true },
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
        { prepare: true },
      );
      return rows[0] && toDetail(rows[0]);
    },
    async existsForUser(userId: string, projectId: string): Promise<boolean> {
      if (!isProjectId(projectId)) return false;
      const rows = await db.query(
        'SELECT 1 FROM projects WHERE user_id = $1 AND id = $2',
        [userId, projectId],
        {
          prepare: true,
        },
      );
      return rows.length > 0;
    },
    async namesOf(userId: string): Promise<string[]> {
      const rows = await db.query<{ name: string }>('SELECT name FROM projects WHERE user_id = $1', [userId]);
      return rows.map((r) => r.name);
    },
    /** Serialises changes to one account's projects (the tier's project count is checked under it). */
    async lockAccount(userId: string): Promise<void> {
      await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    },
    async idOfName(userId: string, name: string): Promise<string | undefined> {
      const rows = await db.query<{ id: string }>(
        'SELECT id FROM projects WHERE user_id = $1 AND name = $2',
        [userId, name],
      );
      return rows[0]?.id;
    },
    async countOf(userId: string): Promise<number> {
      const rows = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM projects WHERE user_id = $1',
        [userId],
      );
      return rows[0]!.n;
    },
    /** Replaces every field of the account's project; false when there is no such project. */
    async update(userId: string, projectId: string, p: Required<ProjectInput>): Promise<boolean> {
      if (!isProjectId(projectId)) return false;
      const rows = await db.query(
        `UPDATE projects SET name = $3, url = $4, pain = $5, solution = $6, target_users = $7, geography = $8,
                budget_fit = $9, score_threshold = $10, keywords = $11, subreddits = $12, competitors = $13,
                reply_tone = $14, reply_signature = $15, updated_at = clock_timestamp()
          WHERE user_id = $1 AND id = $2 RETURNING id`,
        [userId, projectId, ...inputValues(p)],
      );
      return rows.length > 0;
    },
    /** What deleting the project takes with it. */
    async dependentsOf(userId: string, projectId: string) {
      if (!isProjectId(projectId)) return undefined;
      const rows = await db.query<{ leads: number; webhooks: number; scans: number; active_scans: number }>(
        `SELECT (SELECT count(*)::int FROM leads WHERE project_id = p.id AND deleted_at IS NULL) AS leads,
                (SELECT count(*)::int FROM webhooks WHERE project_id = p.id AND deleted_at IS NULL) AS webhooks,
                (SELECT count(*)::int FROM scans WHERE project_id = p.id) AS scans,
                (SELECT count(*)::int FROM scans WHERE project_id = p.id AND status IN ('queued', 'running'))
                  AS active_scans
           FROM projects p WHERE p.user_id = $1 AND p.id = $2`,
        [userId, projectId],
      );
      const r = rows[0];
      return r && { leads: r.leads, webhooks: r.webhooks, scans: r.scans, activeScans: r.active_scans };
    },
    /**
     * Deletes the project; its leads, webhooks, scans and insights go with it (ON DELETE CASCADE). Its upstream
     * calls were paid: they keep the account and the project's name, and stay in the account's usage.
     */
    async delete(userId: string, projectId: string): Promise<boolean> {
      if (!isProjectId(projectId)) return false;
      await db.query(
        `UPDATE upstream_calls c SET user_id = p.user_id, project_name = p.name
           FROM projects p WHERE p.id = $2 AND p.user_id = $1 AND c.project_id = p.id`,
        [userId, projectId],
      );
      const rows = await db.query('DELETE FROM projects WHERE user_id = $1 AND id = $2 RETURNING id', [
        userId,
        projectId,
      ]);
      return rows.length > 0;
    },
    /**
     * Every project of the account with its active webhooks' URLs, oldest first: the projects file. Ties by name
     * (one import creates several projects within the same clock tick on the embedded database).
     */
    async exportOf(
      userId: string,
    ): Promise<(ProjectProfile & { webhooks: string[]; alerts?: AlertInput[] })[]> {
      const rows = await db.query<ProfileRow & { webhooks: string[]; alerts: ExportedAlert[] }>(
        `SELECT ${PROFILE_COLUMNS},
                coalesce((SELECT array_agg(w.url ORDER BY w.created_at, w.id) FROM webhooks w
                           WHERE w.project_id = p.id AND w.deleted_at IS NULL), '{}') AS webhooks,
                coalesce((SELECT json_agg(json_build_object('channel', d.channel, 'target', d.target,
                                   'cadence', d.cadence, 'minScore', d.min_score, 'dailyHour', d.daily_hour,
                                   'timeZone', d.time_zone) ORDER BY d.created_at, d.id)
                            FROM alert_destinations d WHERE d.project_id = p.id), '[]') AS alerts
           FROM projects p WHERE p.user_id = $1 ORDER BY p.created_at, p.name`,
        [userId],
      );
      return rows.map((r) => {
        // The reply's tone and signature only when set, so that files of projects without them read as before.
        const { replyTone, replySignature, ...profile } = toProfile(r);
        return {
          ...profile,
          ...(replyTone !== 'plain' ? { replyTone } : {}),
          ...(replySignature ? { replySignature } : {}),
          webhooks: r.webhooks,
          // Listed only when there are some, so that files without alerts read as before.
          ...(r.alerts.length
            ? {
                alerts: r.alerts.map(({ target, ...a }) =>
                  a.channel === 'email' ? { ...a, to: target } : { ...a, url: target },
                ),
              }
            : {}),
        };
      });
    },
    /** Creates the project, or updates the one of the same name on this account. */
    /** Each project's keywords and subreddits, for telling whether a change watches something new. */
    async watchListsOf(
      userId: string,
    ): Promise<{ id: string; name: string; keywords: string[]; subreddits: string[] }[]> {
      return db.query(
        'SELECT id, name, keywords, subreddits FROM projects WHERE user_id = $1 ORDER BY created_at, id',
        [userId],
      );
    },

    async upsertByName(userId: string, p: ProjectInput): Promise<{ id: string; name: string }> {
      const rows = await db.query<{ id: string; name: string }>(
        `INSERT INTO projects (user_id, name, url, pain, solution, target_users, geography, budget_fit,
                               score_threshold, keywords, subreddits, competitors, reply_tone, reply_signature)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         ON CONFLICT (user_id, name) DO UPDATE SET
           url = EXCLUDED.url, pain = EXCLUDED.pain, solution = EXCLUDED.solution,
           target_users = EXCLUDED.target_users, geography = EXCLUDED.geography, budget_fit = EXCLUDED.budget_fit,
           score_threshold = EXCLUDED.score_threshold, keywords = EXCLUDED.keywords,
           subreddits = EXCLUDED.subreddits, competitors = EXCLUDED.competitors,
           reply_tone = EXCLUDED.reply_tone, reply_signature = EXCLUDED.reply_signature,
           updated_at = clock_timestamp()
         RETURNING id, name`,
        [userId, ...inputValues(p)],
      );
      return rows[0]!;
    },
  };
}
export type ProjectsRepo = ReturnType<typeof createProjectsRepo>;
