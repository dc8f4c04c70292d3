import { Type } from 'typebox';
import { LeadList, LeadListQuery } from '../../leads/leads.schemas.ts';
import { defineTool, READ_ONLY } from '../tool.ts';
import { ProjectArgs } from './project-arg.ts';

export const listLeadsTool = defineTool({
  name: 'list_leads',
  title: 'List leads',
  description:
    "A project's scored buyer-intent leads, highest score first, with the REST API's filters, rules and " +
    'defaults: without filters the untriaged queue (status new) over posts from the last 30 days. ' +
    'To reconcile missed webhook events, pass since = your last sync time (it filters on scoredAt) and page ' +
    'with offset while pagination.hasMore is true. A lead whose post or comment was deleted or removed on ' +
    'Reddit is no longer listed.',
  // The REST query schema itself, so rules, defaults and validation messages cannot drift apart.
  inputSchema: Type.Object(
    { ...ProjectArgs.properties, ...LeadListQuery.properties },
    { additionalProperties: false },
  ),
  outputSchema: LeadList,
  annotations: { title: 'List leads', ...READ_ONLY },
  scope: 'tools:read',
  run: ({ services, caller }, { projectId, ...query }) =>
    services.leads.listLeads(caller.userId, projectId, query),
});
