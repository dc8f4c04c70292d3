import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../errors.ts';
import { leadWindowStart } from '../leads/leads.service.ts';
import { createProjectsRepo } from './projects.repo.ts';
import type { Project, ProjectDetail, ProjectInput } from './projects.schemas.ts';

export function createProjectsService(deps: { db: Db; clock: Clock }) {
  const repo = createProjectsRepo(deps.db);
  const window = () => leadWindowStart(deps.clock.now());

  return {
    listProjects: (userId: string): Promise<Project[]> => repo.listByUser(userId, window()),

    async getProject(userId: string, projectId: string): Promise<ProjectDetail> {
      const project = await repo.findForUser(userId, projectId, window());
      if (!project) throw notFound();
      return project;
    },

    /** Throws not_found unless the project is on this account; for operations that only need the check. */
    async assertOwned(userId: string, projectId: string): Promise<void> {
      if (!(await repo.existsForUser(userId, projectId))) throw notFound();
    },

    upsertProject: (userId: string, input: ProjectInput) => repo.upsertByName(userId, input),
  };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;
