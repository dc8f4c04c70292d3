import { Type } from 'typebox';
import { ProjectDetail } from '../../projects/projects.schemas.ts';
import { defineTool, READ_ONLY } from '../tool.ts';
import { ProjectArgs } from './project-arg.ts';

export const getProjectTool = defineTool({
  name: 'get_project',
  title: 'Get a project',
  description: 'One project with its pain, solution, target users, keywords, subreddits and competitors.',
  inputSchema: ProjectArgs,
  outputSchema: Type.Object({ project: ProjectDetail }),
  annotations: { title: 'Get a project', ...READ_ONLY },
  scope: 'tools:read',
  run: async ({ services, caller }, args) => ({
    project: await services.projects.getProject(caller.userId, args.projectId),
  }),
});
