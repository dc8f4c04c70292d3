import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { exportFileName, leadsCsv } from '../../leads/leads.csv.ts';
import {
  BelowThreshold,
  DashboardLead,
  DashboardLeadFilters,
  DashboardLeadList,
  DashboardLeadQuery,
  EditReplyBody,
  LeadReply,
  LeadStatusChanges,
  LeadSummary,
  MarkRepliedBody,
  RestoreLeadStatusesBody,
  SetLeadStatusBody,
} from '../../leads/leads.schemas.ts';
import type { Services } from '../../services.ts';

const ProjectParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 100 }) });
const LeadParams = Type.Object({
  projectId: ProjectParams.properties.projectId,
  leadId: Type.String({ minLength: 1, maxLength: 100 }),
});

/**
 * The lead queue's routes (docs/decisions/0064-lead-triage.md), registered inside the dashboard plugin so that
 * its session and cross-site guard apply. Every answer is about one project of the signed-in account.
 */
export const dashboardLeadsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { leads } = services;
  const userId = (request: { account?: { userId: string } }) => request.account!.userId;

  app.get(
    '/projects/:projectId/leads',
    {
      schema: {
        params: ProjectParams,
        querystring: DashboardLeadQuery,
        response: { 200: DashboardLeadList },
      },
    },
    async (request) =>
      leads.listLeads(
        userId(request),
        request.params.projectId,
        { ...request.query, include: 'body' },
        { withReply: true },
      ),
  );

  app.get(
    '/projects/:projectId/leads/summary',
    { schema: { params: ProjectParams, querystring: DashboardLeadFilters, response: { 200: LeadSummary } } },
    async (request) => leads.summarizeLeads(userId(request), request.params.projectId, request.query),
  );

  app.get(
    '/projects/:projectId/leads.csv',
    { schema: { params: ProjectParams, querystring: DashboardLeadFilters } },
    async (request, reply) => {
      const { projectName, pages } = await leads.exportLeads(
        userId(request),
        request.params.projectId,
        request.query,
      );
      const day = services.clock.now().toISOString().slice(0, 10);
      const file = exportFileName(projectName, request.query.status ?? 'new', day);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'no-store')
        .send(leadsCsv(pages));
    },
  );

  app.get(
    '/projects/:projectId/leads/:leadId',
    { schema: { params: LeadParams, response: { 200: DashboardLead } } },
    async (request) => leads.getLead(userId(request), request.params.projectId, request.params.leadId),
  );

  app.post(
    '/projects/:projectId/leads/status',
    { schema: { params: ProjectParams, body: SetLeadStatusBody, response: { 200: LeadStatusChanges } } },
    async (request) =>
      leads.setLeadStatus(
        userId(request),
        request.params.projectId,
        request.body.leadIds,
        request.body.status,
      ),
  );

  app.post(
    '/projects/:projectId/leads/status/restore',
    {
      schema: { params: ProjectParams, body: RestoreLeadStatusesBody, response: { 200: LeadStatusChanges } },
    },
    async (request) =>
      leads.restoreLeadStatuses(userId(request), request.params.projectId, request.body.leads),
  );

  app.post(
    '/projects/:projectId/leads/replied',
    { schema: { params: ProjectParams, body: MarkRepliedBody, response: { 200: LeadStatusChanges } } },
    async (request) => leads.markReplied(userId(request), request.params.projectId, request.body.leadIds),
  );

  app.put(
    '/projects/:projectId/leads/:leadId/reply',
    { schema: { params: LeadParams, body: EditReplyBody, response: { 200: LeadReply } } },
    async (request) =>
      leads.editReply(userId(request), request.params.projectId, request.params.leadId, request.body.text),
  );

  app.post(
    '/projects/:projectId/leads/:leadId/reply/restore',
    { schema: { params: LeadParams, response: { 200: LeadReply } } },
    async (request) => leads.restoreReply(userId(request), request.params.projectId, request.params.leadId),
  );

  app.get(
    '/projects/:projectId/leads/below-threshold',
    { schema: { params: ProjectParams, response: { 200: BelowThreshold } } },
    async (request) => leads.countBelowThreshold(userId(request), request.params.projectId),
  );

  app.post(
    '/projects/:projectId/leads/below-threshold/hide',
    { schema: { params: ProjectParams, response: { 200: LeadStatusChanges } } },
    async (request) => leads.hideBelowThreshold(userId(request), request.params.projectId),
  );
};
