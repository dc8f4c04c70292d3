import { Type } from 'typebox';
import { SeoOpportunity } from '../../insights/insights.schemas.ts';
import { defineTool, READ_ONLY } from '../tool.ts';
import { ProjectArgs } from './project-arg.ts';

export const listSeoOpportunitiesTool = defineTool({
  name: 'list_seo_opportunities',
  title: 'List SEO opportunities',
  description:
    'Threads already ranking in a search engine for one of the project keywords, best position first, ' +
    'and whether a competitor is already present in them.',
  inputSchema: ProjectArgs,
  outputSchema: Type.Object({ opportunities: Type.Array(SeoOpportunity) }),
  annotations: { title: 'List SEO opportunities', ...READ_ONLY },
  scope: 'tools:read',
  async run({ services, caller }, args) {
    await services.projects.assertOwned(caller.userId, args.projectId);
    return { opportunities: await services.insights.listSeoOpportunities(args.projectId) };
  },
});
