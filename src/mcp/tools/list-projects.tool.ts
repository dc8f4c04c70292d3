import { Type } from 'typebox';
import { Project } from '../../projects/projects.schemas.ts';
import { defineTool, READ_ONLY } from '../tool.ts';

export const listProjectsTool = defineTool({
  name: 'list_projects',
  title: 'List projects',
  description:
    'The projects (product profiles) on your account, oldest first, each with its count of untriaged leads. ' +
    'Start here to find the projectId the other tools take.',
  inputSchema: Type.Object({}, { additionalProperties: false }),
  outputSchema: Type.Object({ projects: Type.Array(Project) }),
  annotations: { title: 'List projects', ...READ_ONLY },
  scope: 'tools:read',
  run: async ({ services, caller }) => ({ projects: await services.projects.listProjects(caller.userId) }),
});
