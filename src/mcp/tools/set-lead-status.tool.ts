import { Type } from 'typebox';
import { LeadStatusChanges, SetLeadStatusBody } from '../../leads/leads.schemas.ts';
import { defineTool } from '../tool.ts';
import { ProjectArgs } from './project-arg.ts';

export const setLeadStatusTool = defineTool({
  name: 'set_lead_status',
  title: 'Triage leads',
  description:
    "Moves 1 to 100 of a project's leads to a status: hidden (out of the queue), not_fit (not a lead for this " +
    'product) or new (back to the untriaged queue). All or nothing: if any id is not a lead of the project, ' +
    "nothing changes. Answers with each lead's previousStatus, so calling again with those undoes it. " +
    'list_leads and the REST API show the new status at once.',
  inputSchema: Type.Object(
    { ...ProjectArgs.properties, ...SetLeadStatusBody.properties },
    { additionalProperties: false },
  ),
  outputSchema: LeadStatusChanges,
  annotations: {
    title: 'Triage leads',
    readOnlyHint: false,
    // A status is the only thing written, and the answer carries what undoes it.
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  scope: 'tools:triage',
  run: ({ services, caller }, { projectId, leadIds, status }) =>
    services.leads.setLeadStatus(caller.userId, projectId, leadIds, status),
});
