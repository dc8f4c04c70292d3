import { Type } from 'typebox';
import { Usage } from '../../usage/usage.schemas.ts';
import { defineTool, READ_ONLY } from '../tool.ts';
import { ProjectArgs } from './project-arg.ts';

export const getUsageTool = defineTool({
  name: 'get_usage',
  title: "Today's upstream usage",
  description:
    "Today's (UTC) upstream calls and spend in USD for one project, grouped by upstream endpoint; " +
    'reused calls were served from data another project had already bought, at no cost here.',
  inputSchema: ProjectArgs,
  outputSchema: Type.Object({ usage: Usage }),
  annotations: { title: "Today's upstream usage", ...READ_ONLY },
  scope: 'tools:read',
  async run({ services, caller }, args) {
    return { usage: await services.usage.getUsageOwned(caller.userId, args.projectId) };
  },
});
