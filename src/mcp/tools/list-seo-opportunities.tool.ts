import { SeoOpportunities } from '../../insights/insights.schemas.ts';
import { defineTool, READ_ONLY } from '../tool.ts';
import { ProjectArgs } from './project-arg.ts';

export const listSeoOpportunitiesTool = defineTool({
  name: 'list_seo_opportunities',
  title: 'List SEO opportunities',
  description:
    'Threads already ranking in a search engine for one of the project keywords, best position first, ' +
    'and whether a competitor is already present in them; refreshedAt null means not computed yet.',
  inputSchema: ProjectArgs,
  outputSchema: SeoOpportunities,
  annotations: { title: 'List SEO opportunities', ...READ_ONLY },
  scope: 'tools:read',
  async run({ services, caller }, args) {
    await services.projects.assertOwned(caller.userId, args.projectId);
    return services.insights.seoOpportunities(args.projectId);
  },
});
