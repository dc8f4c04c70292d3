import { Type } from 'typebox';
import { defineTool } from '../tool.ts';
import { looseArguments, PROJECT_FIELDS, SavedProjectResult, toSavedResult } from './project-fields.ts';

export const createProjectTool = defineTool({
  name: 'create_project',
  title: 'Create a project',
  description:
    'Creates a project (a product whose buyers to find) and starts its first scan at once, over the last 7 days ' +
    'where the upstream reaches back: it buys upstream data, so it costs money (scan.costUsd), within the ' +
    "account's daily spend cap. Leads come in as the scan reads them: list_leads shows them within seconds. " +
    'A field that is not valid, a name already used or a plan at its project limit is the tool error, and ' +
    'nothing is created.',
  inputSchema: Type.Object(PROJECT_FIELDS, { additionalProperties: false }),
  argumentsSchema: looseArguments(null),
  outputSchema: SavedProjectResult,
  annotations: {
    title: 'Create a project',
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  scope: 'tools:projects',
  run: async ({ services, caller }, args) =>
    toSavedResult(await services.projects.createProject(caller, args)),
});
