import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { leadsCsv } from '../../leads/leads.csv.ts';
import {
  DashboardLeadFilters,
  DashboardLeadList,
  DashboardLeadQuery,
  LeadStatusChanges,
  LeadSummary,
  RestoreLeadStatusesBody,
  SetLeadStatusBody,
} from '../../leads/leads.schemas.ts';
import type { Services } from '../../services.ts';

const ProjectParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 100 }) });

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
      const pages = await leads.exportLeads(userId(request), request.params.projectId, request.query);
      const day = services.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="leads-${request.query.status ?? 'new'}-${day}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(leadsCsv(pages));
    },
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
};
