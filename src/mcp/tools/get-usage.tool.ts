import { Type } from 'typebox';
import { SpendCap } from '../../usage/spend-cap.schemas.ts';
import { Usage } from '../../usage/usage.schemas.ts';
import { defineTool, READ_ONLY } from '../tool.ts';
import { ProjectArgs } from './project-arg.ts';

export const getUsageTool = defineTool({
  name: 'get_usage',
  title: "Today's upstream usage",
  description:
    "Today's (UTC) upstream calls and spend in USD for one project, grouped by upstream endpoint; " +
    'reused calls were served from data another project had already bought, at no cost here; failed calls ' +
    '(after retries) bought nothing, cost nothing and are counted apart from calls. ' +
    "spendCap: the account's daily upstream spend cap, today's spend of the whole account against it, and " +
    'whether scans still buy today.',
  inputSchema: ProjectArgs,
  outputSchema: Type.Object({ usage: Usage, spendCap: SpendCap }),
  annotations: { title: "Today's upstream usage", ...READ_ONLY },
  scope: 'tools:read',
  async run({ services, caller }, args) {
    const usage = await services.usage.getUsageOwned(caller.userId, args.projectId);
    return { usage, spendCap: await services.spendCap.state(caller.userId) };
  },
});
