import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { KeywordStats } from '../../keywords/keywords.schemas.ts';
import {
  DeletionImpact,
  ImportResult,
  ProjectDetail,
  ProjectLimits,
  ProjectsFile,
} from '../../projects/projects.schemas.ts';
import { ScanResult } from '../../scans/scans.schemas.ts';
import type { Services } from '../../services.ts';
import { SpendCap } from '../../usage/spend-cap.schemas.ts';
import { UsageReport } from '../../usage/usage.schemas.ts';

const ProjectParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 100 }) });
/** An import file may be larger than the dashboard's usual 64 KiB of JSON. */
const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;
const USAGE_DAYS = 30;
/** Keyword performance looks back this many days unless asked for another window (1 to 90). */
const KEYWORD_DAYS = 30;

/**
 * The dashboard's project editing, import and export, scan history, usage and keyword performance
 * (docs/decisions/0067, 0068, 0099):
 * registered inside dashboardRoutes, so its session guard and cross-site rules apply.
 */
export const dashboardProjectRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { projects, scanHistory, usage, keywords, spendCap } = services;
  const owner = (request: { account?: { userId: string; tier: 'free' | 'connected' } }) => {
    const { userId, tier } = request.account!;
    return { userId, tier };
  };

  app.get('/limits', { schema: { response: { 200: ProjectLimits } } }, async (request) =>
    projects.limits(owner(request)),
  );

  // Project bodies are checked by the service (unknown fields refused, not dropped), as an import file is. The
  // first scan starts at once; the project list shows it as the project's lastScan.
  app.post('/projects', { schema: { response: { 201: ProjectDetail } } }, async (request, reply) =>
    reply.status(201).send((await projects.createProject(owner(request), request.body)).project),
  );

  app.put(
    '/projects/:projectId',
    { schema: { params: ProjectParams, response: { 200: ProjectDetail } } },
    async (request) =>
      (await projects.updateProject(owner(request), request.params.projectId, request.body)).project,
  );

  app.get(
    '/projects/:projectId/deletion',
    { schema: { params: ProjectParams, response: { 200: DeletionImpact } } },
    async (request) => projects.deletionImpact(owner(request).userId, request.params.projectId),
  );

  app.delete('/projects/:projectId', { schema: { params: ProjectParams } }, async (request, reply) => {
    await projects.deleteProject(owner(request).userId, request.params.projectId);
    return reply.status(204).send();
  });

  app.get('/projects/export', { schema: { response: { 200: ProjectsFile } } }, async (request) =>
    projects.exportProjects(owner(request).userId),
  );

  // The body is checked by the service (the same path as `npm run setup --import`), so its messages match.
  app.post(
    '/projects/import',
    { bodyLimit: IMPORT_BODY_LIMIT, schema: { response: { 200: ImportResult } } },
    async (request) => {
      const outcome = await projects.importProjects(owner(request), request.body);
      return {
        projects: outcome.map((p) => ({
          id: p.id,
          name: p.name,
          created: p.created,
          webhooks: p.webhooks.map((w) => ({ id: w.id, url: w.url, secret: w.created ? w.secret : null })),
          alerts: p.alerts,
        })),
      };
    },
  );

  app.get(
    '/projects/:projectId/scans',
    {
      schema: {
        params: ProjectParams,
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
          offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
        }),
        response: {
          200: Type.Object({
            scans: Type.Array(ScanResult),
            pagination: Type.Object({
              limit: Type.Integer(),
              offset: Type.Integer(),
              hasMore: Type.Boolean(),
            }),
          }),
        },
      },
    },
    async (request) => {
      await projects.assertOwned(owner(request).userId, request.params.projectId);
      const { limit = 25, offset = 0 } = request.query;
      return scanHistory.listScans(request.params.projectId, { limit, offset });
    },
  );

  app.get(
    '/projects/:projectId/keywords',
    {
      schema: {
        params: ProjectParams,
        querystring: Type.Object({
          days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: KEYWORD_DAYS })),
        }),
        response: { 200: KeywordStats },
      },
    },
    async (request) =>
      keywords.keywordStats(owner(request), request.params.projectId, request.query.days ?? KEYWORD_DAYS),
  );

  app.get('/usage', { schema: { response: { 200: UsageReport } } }, async (request) =>
    usage.usageReport(owner(request).userId, null, USAGE_DAYS),
  );

  app.get(
    '/projects/:projectId/usage',
    { schema: { params: ProjectParams, response: { 200: UsageReport } } },
    async (request) => {
      const { userId } = owner(request);
      await projects.assertOwned(userId, request.params.projectId);
      return usage.usageReport(userId, request.params.projectId, USAGE_DAYS);
    },
  );

  app.get('/spend-cap', { schema: { response: { 200: SpendCap } } }, async (request) =>
    spendCap.state(owner(request).userId),
  );

  // The value is checked by the service, so a string or a negative number gets its words, not a schema's.
  app.put(
    '/spend-cap',
    {
      schema: {
        body: Type.Object({ dailyCapUsd: Type.Unknown() }, { additionalProperties: false }),
        response: { 200: SpendCap },
      },
    },
    async (request) => spendCap.setOwnCap(owner(request).userId, request.body.dailyCapUsd),
  );
};
