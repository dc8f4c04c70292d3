import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../contract/errors.ts';
import { NOT_BLANK } from '../../domain/nul-text.ts';
import { VisibilityCheck } from '../../insights/ai-visibility.schemas.ts';
import { AiNotConfiguredError } from '../../insights/ai-visibility.service.ts';
import {
  DashboardAiVisibility,
  DashboardPainThemes,
  DashboardSeo,
} from '../../insights/insights.dashboard.schemas.ts';
import type { Services } from '../../services.ts';

const ProjectParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 100 }) });

/** The dashboard's pain-theme, SEO and AI-visibility routes (registered inside the dashboard API's guard). */
export async function insightsRoutes(app: FastifyInstance, services: Services) {
  const { projects, insights, painThemes, seo, aiVisibility } = services;
  const userId = (request: { account?: { userId: string } }) => request.account!.userId;
  const owned = async (request: { account?: { userId: string }; params: unknown }) => {
    const { projectId } = request.params as { projectId: string };
    await projects.assertOwned(userId(request), projectId);
    return projectId;
  };

  const painThemesOf = async (projectId: string) => {
    const [lastRun, themes] = await Promise.all([
      painThemes.lastRun(projectId),
      insights.listPainThemes(projectId),
    ]);
    const leads = await painThemes.themeLeads(
      projectId,
      themes.flatMap((t) => t.leadIds),
    );
    return { lastRun, themes, leads };
  };

  app.get(
    '/projects/:projectId/pain-themes',
    { schema: { params: ProjectParams, response: { 200: DashboardPainThemes } } },
    async (request) => painThemesOf(await owned(request)),
  );

  app.post(
    '/projects/:projectId/pain-themes',
    { schema: { params: ProjectParams, body: Type.Object({}), response: { 201: DashboardPainThemes } } },
    async (request, reply) => {
      const projectId = await owned(request);
      await painThemes.refresh(projectId, 'dashboard', services.clock.now());
      return reply.status(201).send(await painThemesOf(projectId));
    },
  );

  const seoOf = async (projectId: string) => ({
    provider: seo.provider(),
    lastRefresh: await seo.lastRefresh(projectId),
    opportunities: await insights.listDashboardSeoOpportunities(projectId),
  });

  app.get(
    '/projects/:projectId/seo',
    { schema: { params: ProjectParams, response: { 200: DashboardSeo } } },
    async (request) => seoOf(await owned(request)),
  );

  app.post(
    '/projects/:projectId/seo',
    { schema: { params: ProjectParams, body: Type.Object({}), response: { 201: DashboardSeo } } },
    async (request, reply) => {
      const projectId = await owned(request);
      if (!seo.provider()) {
        throw new AppError(
          'invalid_request',
          'No SEO provider is configured: set SEO_PROVIDER and its API key.',
        );
      }
      await seo.refresh(projectId, services.clock.now());
      return reply.status(201).send(await seoOf(projectId));
    },
  );

  app.get(
    '/projects/:projectId/ai-visibility',
    { schema: { params: ProjectParams, response: { 200: DashboardAiVisibility } } },
    async (request) => {
      const projectId = await owned(request);
      return {
        engines: aiVisibility.configured(),
        questions: await aiVisibility.questions(projectId),
        history: await aiVisibility.history(projectId),
      };
    },
  );

  app.post(
    '/projects/:projectId/ai-visibility',
    {
      schema: {
        params: ProjectParams,
        body: Type.Object(
          {
            question: Type.String({ minLength: 1, maxLength: 2000, pattern: NOT_BLANK }),
            productName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
            save: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 201: VisibilityCheck },
      },
    },
    async (request, reply) => {
      const projectId = await owned(request);
      const body = request.body as { question: string; productName?: string; save?: boolean };
      const project = await projects.getProject(userId(request), projectId);
      try {
        const result = await aiVisibility.check({
          userId: userId(request),
          productName: body.productName?.trim() || project.name,
          question: body.question.trim(),
          projectId,
          competitors: project.competitors,
          save: body.save ?? false,
        });
        return reply.status(201).send(result);
      } catch (err) {
        if (err instanceof AiNotConfiguredError) throw new AppError('invalid_request', err.message);
        throw err;
      }
    },
  );

  app.delete(
    '/projects/:projectId/ai-visibility/questions',
    {
      schema: {
        params: ProjectParams,
        body: Type.Object(
          { question: Type.String({ minLength: 1, maxLength: 2000 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const projectId = await owned(request);
      const found = await aiVisibility.forgetQuestion(
        projectId,
        (request.body as { question: string }).question,
      );
      if (!found) throw new AppError('not_found', 'No such saved question on this project.');
      return reply.status(204).send();
    },
  );
}
