import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiKey, CreatedApiKey } from '../../accounts/accounts.schemas.ts';
import { StringEnum } from '../../contract/schemas.ts';
import { DashboardProject, ProjectDetail } from '../../projects/projects.schemas.ts';
import { ScanResult, toScanResult } from '../../scans/scans.schemas.ts';
import type { Services } from '../../services.ts';
import { LinkRequestBody, LinkRequested, SessionMe, SignInBody } from '../../sessions/sessions.schemas.ts';
import { CreatedWebhook, Webhook, WebhookAttempt } from '../../webhooks/webhooks.schemas.ts';
import { guardDashboard, SESSION_COOKIE } from '../dashboard.guard.ts';
import { dashboardAlertRoutes } from './dashboard-alerts.routes.ts';
import { dashboardLeadsRoutes } from './dashboard-leads.routes.ts';
import { dashboardOnboardingRoutes } from './dashboard-onboarding.routes.ts';
import { dashboardProjectRoutes } from './dashboard-projects.routes.ts';
import { insightsRoutes } from './insights.routes.ts';

export const DASHBOARD_API_PREFIX = '/dashboard/api';

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });
const ProjectParams = Type.Object({ projectId: Id('Project id') });
const ScanParams = Type.Object({ projectId: Id('Project id'), scanId: Id('Scan id') });
const WebhookParams = Type.Object({ webhookId: Id('Webhook id') });
const KeyParams = Type.Object({ keyId: Id('Key id') });
const EmptyBody = Type.Object({});

/**
 * The dashboard's JSON API (docs/decisions/0060-dashboard.md): a signed-in person's verbs, each route validating,
 * calling one service verb and returning. Not part of the public OpenAPI document.
 */
export const dashboardRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { sessions, accounts, projects, scans, webhooks } = services;
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  const session = await guardDashboard(app, { sessions, publicBaseUrl: services.config.publicBaseUrl });
  const userId = (request: { account?: { userId: string } }) => request.account!.userId;
  await insightsRoutes(app, services);

  app.post('/sign-in', { config: { public: true }, schema: { body: SignInBody } }, async (request, reply) => {
    const { sessionToken, expiresAt } = await sessions.signIn(request.body.token);
    session.setSession(reply, sessionToken, expiresAt);
    return reply.status(204).send();
  });

  app.post(
    '/sign-in-links',
    { config: { public: true }, schema: { body: LinkRequestBody, response: { 202: LinkRequested } } },
    async (request, reply) => {
      const answer = await sessions.requestSignInLink({ email: request.body.email, clientIp: request.ip });
      return reply.status(202).send(answer);
    },
  );

  app.post('/sign-out', { config: { public: true }, schema: { body: EmptyBody } }, async (request, reply) => {
    await sessions.signOut(request.cookies[SESSION_COOKIE]);
    session.clearSession(reply);
    return reply.status(204).send();
  });

  app.get('/me', { schema: { response: { 200: SessionMe } } }, async (request) => {
    const { userId, email, tier } = request.account!;
    const { selfHosted, upstream } = services.config;
    return { userId, email, tier, selfHosted, sampleData: upstream.sample };
  });

  app.get(
    '/projects',
    { schema: { response: { 200: Type.Object({ projects: Type.Array(DashboardProject) }) } } },
    async (request) => {
      const [list, latest] = await Promise.all([
        projects.listProjects(userId(request)),
        scans.latestScans(userId(request)),
      ]);
      return {
        projects: list.map((p) => {
          const scan = latest.get(p.id);
          return { ...p, lastScan: scan ? toScanResult(scan) : null };
        }),
      };
    },
  );

  app.get(
    '/projects/:projectId',
    { schema: { params: ProjectParams, response: { 200: ProjectDetail } } },
    async (request) => projects.getProject(userId(request), request.params.projectId),
  );

  await app.register(dashboardLeadsRoutes, { services });

  app.post(
    '/projects/:projectId/scans',
    { schema: { params: ProjectParams, body: EmptyBody, response: { 202: ScanResult } } },
    async (request, reply) => {
      await projects.assertOwned(userId(request), request.params.projectId);
      const scan = await scans.requestScan(request.params.projectId, 'dashboard');
      return reply.status(202).send(toScanResult(scan));
    },
  );

  app.get(
    '/projects/:projectId/scans/:scanId',
    { schema: { params: ScanParams, response: { 200: ScanResult } } },
    async (request) => {
      const { projectId, scanId } = request.params;
      return toScanResult(await scans.getScanOfProject(userId(request), projectId, scanId));
    },
  );

  app.get(
    '/projects/:projectId/webhooks',
    { schema: { params: ProjectParams, response: { 200: Type.Object({ webhooks: Type.Array(Webhook) }) } } },
    async (request) => ({ webhooks: await webhooks.list(userId(request), request.params.projectId) }),
  );

  app.post(
    '/projects/:projectId/webhooks',
    {
      schema: {
        params: ProjectParams,
        body: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2000 }) }),
        response: { 201: CreatedWebhook },
      },
    },
    async (request, reply) => {
      const created = await webhooks.register(userId(request), request.params.projectId, request.body.url);
      return reply.status(201).send(created);
    },
  );

  app.delete('/webhooks/:webhookId', { schema: { params: WebhookParams } }, async (request, reply) => {
    await webhooks.delete(userId(request), request.params.webhookId);
    return reply.status(204).send();
  });

  app.get(
    '/webhooks/:webhookId/attempts',
    {
      schema: {
        params: WebhookParams,
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
          leadId: Type.Optional(Id('Only the attempts of this lead')),
        }),
        response: { 200: Type.Object({ attempts: Type.Array(WebhookAttempt) }) },
      },
    },
    async (request) => ({
      attempts: await webhooks.listAttempts(userId(request), request.params.webhookId, request.query),
    }),
  );

  app.post(
    '/webhooks/:webhookId/redeliver',
    {
      schema: {
        params: WebhookParams,
        body: Type.Object({ leadId: Id('The lead whose event is sent again') }),
        response: { 201: WebhookAttempt },
      },
    },
    async (request, reply) => {
      const attempt = await webhooks.redeliver(
        userId(request),
        request.params.webhookId,
        request.body.leadId,
      );
      return reply.status(201).send(attempt);
    },
  );

  app.post(
    '/webhooks/:webhookId/test',
    { schema: { params: WebhookParams, response: { 201: WebhookAttempt } } },
    async (request, reply) =>
      reply.status(201).send(await webhooks.sendTest(userId(request), request.params.webhookId)),
  );

  app.get(
    '/keys',
    { schema: { response: { 200: Type.Object({ keys: Type.Array(ApiKey) }) } } },
    async (request) => ({
      keys: await accounts.listKeys(userId(request)),
    }),
  );

  app.post(
    '/keys',
    {
      schema: {
        body: Type.Object({ kind: StringEnum(['rest', 'mcp']) }),
        response: { 201: CreatedApiKey },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await accounts.issueKey(userId(request), request.body.kind)),
  );

  app.delete('/keys/:keyId', { schema: { params: KeyParams } }, async (request, reply) => {
    await accounts.revokeKey(userId(request), request.params.keyId);
    return reply.status(204).send();
  });

  await app.register(dashboardProjectRoutes, { services });
  await app.register(dashboardAlertRoutes, { services });
  await app.register(dashboardOnboardingRoutes, { services });
};
