import { Type } from 'typebox';
import { defineTool } from '../tool.ts';
import {
  looseArguments,
  PROJECT_FIELDS,
  ProjectArgs,
  SavedProjectResult,
  toSavedResult,
} from './project-fields.ts';

export const updateProjectTool = defineTool({
  name: 'update_project',
  title: 'Update a project',
  description:
    'Changes the given fields of a project and keeps the others; a list given (keywords, subreddits, ' +
    "competitors) replaces the project's list. When it adds a keyword or a subreddit, a scan starts at once and " +
    'matches the last 7 days again (it may buy upstream data: scan.costUsd). All or nothing: a field that is ' +
    'not valid, or a list past the plan, is the tool error and nothing changes.',
  inputSchema: Type.Object(
    {
      ...ProjectArgs.properties,
      ...Object.fromEntries(Object.entries(PROJECT_FIELDS).map(([k, v]) => [k, Type.Optional(v)])),
    },
    { additionalProperties: false },
  ),
  argumentsSchema: looseArguments(ProjectArgs),
  outputSchema: SavedProjectResult,
  annotations: {
    title: 'Update a project',
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  scope: 'tools:projects',
  run: async ({ services, caller }, { projectId, ...changes }) =>
    toSavedResult(await services.projects.patchProject(caller, projectId as string, changes)),
});
