import type { Tier } from '../accounts/tiers.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import { AppError, InvalidFields, notFound } from '../contract/errors.ts';
import type { Db } from '../db/client.ts';
import { watchGrew } from '../domain/watch-list.ts';
import { leadWindowStart } from '../leads/leads.service.ts';
import type { ScanRecord } from '../scans/scans.types.ts';
import { createAddressCheck } from '../webhooks/webhooks.guard.ts';
import { type ImportOutcome, readProjectsFile, writeProjects } from './projects.import.ts';
import { checkProjectLimits, parseProjectInput } from './projects.input.ts';
import { createProjectsRepo } from './projects.repo.ts';
import type {
  Project,
  ProjectDetail,
  ProjectInput,
  ProjectLimits,
  ProjectsFile,
} from './projects.schemas.ts';

/** Who is changing projects: the account and its tier (the limits come from config). */
export interface ProjectOwner {
  userId: string;
  tier: Tier;
}

/** Queues the first scan of a new or changed watch list (the scans service's requestScan, trigger `first`). */
export type StartFirstScan = (projectId: string) => Promise<ScanRecord>;

/** A project as saved, and the scan its change started at once (null: it watches nothing new). */
export interface SavedProject {
  project: ProjectDetail;
  scan: ScanRecord | null;
}

export function createProjectsService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  /** Absent (a CLI on the database alone): the workers' schedule starts the first scans instead. */
  startFirstScan?: StartFirstScan | null;
}) {
  const repo = createProjectsRepo(deps.db);
  const window = () => leadWindowStart(deps.clock.now());
  const limitsOf = (tier: Tier) => (deps.config.selfHosted ? null : deps.config.tierLimits[tier]);
  const isAllowed = createAddressCheck(deps.config.webhooks);

  async function getProject(userId: string, projectId: string): Promise<ProjectDetail> {
    const project = await repo.findForUser(userId, projectId, window());
    if (!project) throw notFound();
    return project;
  }

  /** After the change committed: its scan at once, when it watches something new (ADR 0119). */
  const scanIfGrew = async (projectId: string, grew: boolean): Promise<ScanRecord | null> =>
    grew && deps.startFirstScan ? deps.startFirstScan(projectId) : null;

  const nameTaken = (name: string) =>
    new InvalidFields([{ field: 'name', message: `A project named "${name}" is already on this account.` }]);

  /**
   * Replaces every field of the project with the input's; all or nothing. A keyword or subreddit it did not
   * watch before starts a scan at once, which matches the last 7 days again (ADR 0119).
   */
  async function updateProject(
    owner: ProjectOwner,
    projectId: string,
    input: unknown,
  ): Promise<SavedProject> {
    const clean = parseProjectInput(input);
    const grew = await deps.db.transaction(async (tx) => {
      const txRepo = createProjectsRepo(tx);
      await txRepo.lockAccount(owner.userId);
      const before = (await txRepo.watchListsOf(owner.userId)).find((p) => p.id === projectId);
      if (!before) throw notFound();
      const holder = await txRepo.idOfName(owner.userId, clean.name);
      if (holder && holder !== projectId) throw nameTaken(clean.name);
      checkProjectLimits(limitsOf(owner.tier), owner.tier, {
        projects: await txRepo.countOf(owner.userId),
        lists: [{ project: clean, at: '' }],
      });
      await txRepo.update(owner.userId, projectId, clean);
      return watchGrew(before, clean);
    });
    const scan = await scanIfGrew(projectId, grew);
    return { project: await getProject(owner.userId, projectId), scan };
  }

  return {
    listProjects: (userId: string): Promise<Project[]> => repo.listByUser(userId, window()),

    getProject,

    /** Throws not_found unless the project is on this account; for operations that only need the check. */
    async assertOwned(userId: string, projectId: string): Promise<void> {
      if (!(await repo.existsForUser(userId, projectId))) throw notFound();
    },

    upsertProject: (userId: string, input: ProjectInput) => repo.upsertByName(userId, input),

    /** The tier's limits on projects, their lists and keys (null: none), and how many projects the account has. */
    async limits(owner: ProjectOwner): Promise<ProjectLimits> {
      const l = limitsOf(owner.tier);
      return {
        tier: owner.tier,
        projects: l ? l.projects : null,
        keywordsPerProject: l ? l.keywordsPerProject : null,
        subredditsPerProject: l ? l.subredditsPerProject : null,
        competitorsPerProject: l ? l.competitors : null,
        projectCount: await repo.countOf(owner.userId),
        apiKeys: l ? l.apiKeys : null,
      };
    },

    /**
     * A new project; refused whole (nothing written) when invalid, a duplicate name or past the tier. Its first
     * scan starts at once (a look back over the last 7 days) when it has a keyword to match.
     */
    async createProject(owner: ProjectOwner, input: unknown): Promise<SavedProject> {
      const clean = parseProjectInput(input);
      const id = await deps.db.transaction(async (tx) => {
        const txRepo = createProjectsRepo(tx);
        await txRepo.lockAccount(owner.userId);
        if (await txRepo.idOfName(owner.userId, clean.name)) throw nameTaken(clean.name);
        checkProjectLimits(limitsOf(owner.tier), owner.tier, {
          projects: (await txRepo.countOf(owner.userId)) + 1,
          lists: [{ project: clean, at: '' }],
        });
        return (await txRepo.upsertByName(owner.userId, clean)).id;
      });
      const scan = await scanIfGrew(id, watchGrew(null, clean));
      return { project: await getProject(owner.userId, id), scan };
    },

    updateProject,

    /**
     * Changes the given fields of the project and keeps the others (a list given replaces the project's list);
     * checked as updateProject checks a whole project, all or nothing, with the same scan at once.
     */
    async patchProject(owner: ProjectOwner, projectId: string, changes: unknown): Promise<SavedProject> {
      if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
        throw new AppError('invalid_request', 'the changes are a JSON object of project fields');
      }
      const { id: _id, createdAt: _at, newLeads: _n, ...current } = await getProject(owner.userId, projectId);
      return updateProject(owner, projectId, { ...current, ...changes });
    },

    /** What deleting the project would take with it. */
    async deletionImpact(userId: string, projectId: string) {
      const impact = await repo.dependentsOf(userId, projectId);
      if (!impact) throw notFound();
      return impact;
    },

    /** Deletes the project with its leads, webhooks, scans and insights; refused while a scan of it runs. */
    async deleteProject(userId: string, projectId: string): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const txRepo = createProjectsRepo(tx);
        await txRepo.lockAccount(userId);
        const impact = await txRepo.dependentsOf(userId, projectId);
        if (!impact) throw notFound();
        if (impact.activeScans > 0) {
          throw new AppError(
            'invalid_request',
            'A scan of this project is queued or running; delete the project when it has finished.',
          );
        }
        await txRepo.delete(userId, projectId);
      });
    },

    /** The account's projects as the projects file (`npm run setup --import` reads it back). */
    async exportProjects(userId: string): Promise<ProjectsFile> {
      return (await repo.exportOf(userId)).map(({ id: _id, ...p }) => p);
    },

    /**
     * Imports a projects file: checked whole, then written in one transaction, or refused with nothing written.
     * Each project created, or updated to watch something new, gets its first scan at once.
     */
    async importProjects(owner: ProjectOwner, file: unknown): Promise<ImportOutcome[]> {
      const projects = await readProjectsFile(file, isAllowed);
      const outcome = await deps.db.transaction((tx) =>
        writeProjects(tx, { ...owner, limits: limitsOf(owner.tier) }, projects),
      );
      for (const p of outcome) await scanIfGrew(p.id, p.watchGrew);
      return outcome;
    },
  };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;
