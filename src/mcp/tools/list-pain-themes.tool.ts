import { Type } from 'typebox';
import { PainTheme } from '../../insights/insights.schemas.ts';
import { defineTool, READ_ONLY } from '../tool.ts';
import { ProjectArgs } from './project-arg.ts';

export const listPainThemesTool = defineTool({
  name: 'list_pain_themes',
  title: 'List pain themes',
  description:
    "The pain themes of the newest clustering of a project's leads, largest first, with the lead ids of each.",
  inputSchema: ProjectArgs,
  outputSchema: Type.Object({ themes: Type.Array(PainTheme) }),
  annotations: { title: 'List pain themes', ...READ_ONLY },
  scope: 'tools:read',
  async run({ services, caller }, args) {
    await services.projects.assertOwned(caller.userId, args.projectId);
    return { themes: await services.insights.listPainThemes(args.projectId) };
  },
});
