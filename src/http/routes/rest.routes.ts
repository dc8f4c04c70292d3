import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Me, toApiTierLimits } from '../../accounts/accounts.schemas.ts';
import { type Allowance, type Caller, rateLimitHeaders } from '../../accounts/accounts.service.ts';
import { bearerToken } from '../../accounts/keys.ts';
import { AppError } from '../../contract/errors.ts';
import { ProjectIdParams } from '../../contract/schemas.ts';
import { PainTheme, SeoOpportunities } from '../../insights/insights.schemas.ts';
import { LeadList, LeadListQuery } from '../../leads/leads.schemas.ts';
import { Project, ProjectDetail } from '../../projects/projects.schemas.ts';
import type { Services } from '../../services.ts';
import { Usage } from '../../usage/usage.schemas.ts';
import { errorResponses } from '../openapi.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    allowance?: Allowance;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

/** The seven read-only operations of /api/v1; each validates, calls one service verb and returns. */
export const restRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { accounts, projects, leads, insights, usage } = services;

  // onRequest runs before validation, so a bad key is 401 even when the query is also bad.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.public) return;
    let key: string | undefined;
    let authorized: Awaited<ReturnType<typeof accounts.authorizeRequest>>;
    try {
      key = bearerToken(request.headers.authorization);
      authorized = await accounts.authorizeRequest(key, 'rest');
    } catch (err) {
      // RFC 6750: a 401 names the scheme, and says when the key sent is the problem.
      if (!(err instanceof AppError) || err.code !== 'unauthorized') throw err;
      const challenge = key === undefined ? 'Bearer' : 'Bearer error="invalid_token"';
      throw new AppError(err.code, err.message, { ...err.headers, 'WWW-Authenticate': challenge });
    }
    const { caller, allowance } = authorized;
    request.caller = caller;
    request.allowance = allowance;
    reply.headers(rateLimitHeaders(allowance));
  });

  const caller = (request: { caller?: Caller }) => request.caller!;

  app.get(
    '/me',
    {
      schema: {
        operationId: 'getMe',
        tags: ['account'],
        summary: "The account behind the key, its limits and today's request count",
        response: { 200: Me, ...errorResponses() },
      },
    },
    async (request) => {
      const c = caller(request);
      const allowance = request.allowance!;
      return {
        user: { id: c.userId, email: c.email, createdAt: c.userCreatedAt.toISOString() },
        tier: c.tier,
        selfHosted: services.config.selfHosted,
        limits: toApiTierLimits(accounts.limitsFor(c.tier)),
        key: { prefix: c.keyPrefix, scopes: c.scopes as Me['key']['scopes'] },
        requestsToday: allowance.requestsToday,
        requestsPerDay: allowance.requestsPerDay,
      };
    },
  );

  app.get(
    '/projects',
    {
      schema: {
        operationId: 'listProjects',
        tags: ['projects'],
        summary: 'Projects on the account, oldest first',
        response: { 200: Type.Object({ projects: Type.Array(Project) }), ...errorResponses() },
      },
    },
    async (request) => ({ projects: await projects.listProjects(caller(request).userId) }),
  );

  app.get(
    '/projects/:id',
    {
      schema: {
        operationId: 'getProject',
        tags: ['projects'],
        summary: 'One project with its keywords, subreddits and competitors',
        params: ProjectIdParams,
        response: { 200: Type.Object({ project: ProjectDetail }), ...errorResponses('not_found') },
      },
    },
    async (request) => ({ project: await projects.getProject(caller(request).userId, request.params.id) }),
  );

  app.get(
    '/projects/:id/leads',
    {
      schema: {
        operationId: 'listLeads',
        tags: ['projects'],
        summary: 'Scored leads, highest score first',
        description:
          'Without filters: the untriaged queue (status=new) over posts from the last 30 days. ' +
          '`since` filters on scoredAt only, for incremental sync. Ties are broken by id, so paging is stable. ' +
          'Each parameter is given at most once, integers are plain decimal digits (not 0x10 or 1e1), and a ' +
          'parameter not listed here (minscore, minScore[]) is 400. A lead whose post or comment was deleted ' +
          'by its author or removed on Reddit is no longer listed, under any filter.',
        params: ProjectIdParams,
        querystring: LeadListQuery,
        response: { 200: LeadList, ...errorResponses('not_found') },
      },
    },
    async (request) => leads.listLeads(caller(request).userId, request.params.id, request.query),
  );

  app.get(
    '/projects/:id/seo-opportunities',
    {
      schema: {
        operationId: 'listSeoOpportunities',
        tags: ['insights'],
        summary: 'Threads already ranking in a search engine for a project keyword, best position first',
        params: ProjectIdParams,
        response: {
          200: SeoOpportunities,
          ...errorResponses('not_found'),
        },
      },
    },
    async (request) => {
      await projects.assertOwned(caller(request).userId, request.params.id);
      return insights.seoOpportunities(request.params.id);
    },
  );

  app.get(
    '/projects/:id/pain-themes',
    {
      schema: {
        operationId: 'listPainThemes',
        tags: ['insights'],
        summary: 'Pain themes of the newest clustering of the leads, largest first',
        params: ProjectIdParams,
        response: { 200: Type.Object({ themes: Type.Array(PainTheme) }), ...errorResponses('not_found') },
      },
    },
    async (request) => {
      await projects.assertOwned(caller(request).userId, request.params.id);
      return { themes: await insights.listPainThemes(request.params.id) };
    },
  );

  app.get(
    '/projects/:id/usage',
    {
      schema: {
        operationId: 'getProjectUsage',
        tags: ['insights'],
        summary: "Today's (UTC) upstream calls and spend, grouped by upstream endpoint",
        params: ProjectIdParams,
        response: { 200: Type.Object({ usage: Usage }), ...errorResponses('not_found') },
      },
    },
    async (request) => ({ usage: await usage.getUsageOwned(caller(request).userId, request.params.id) }),
  );

  app.get('/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
};
