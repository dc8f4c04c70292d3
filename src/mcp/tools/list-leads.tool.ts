import { Type } from 'typebox';
import { LeadListQuery, LeadWithReplyList } from '../../leads/leads.schemas.ts';
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
    "Reddit is no longer listed. withReply: true adds each lead's reply awaiting review (the drafted reply, or a " +
    "person's edit of it in the dashboard), for a human to review before anything is posted.",
  // The REST query schema itself, so rules, defaults and validation messages cannot drift apart.
  inputSchema: Type.Object(
    {
      ...ProjectArgs.properties,
      ...LeadListQuery.properties,
      withReply: Type.Optional(
        Type.Boolean({
          default: false,
          description: "Add each lead's reply awaiting review (never posted for you; a person reviews it).",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  // The REST LeadList; with withReply each lead also carries reply.
  outputSchema: LeadWithReplyList,
  annotations: { title: 'List leads', ...READ_ONLY },
  scope: 'tools:read',
  run: ({ services, caller }, { projectId, withReply, ...query }) =>
    services.leads.listLeads(caller.userId, projectId, query, { reply: withReply === true }),
});
