import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Preview, PreviewInput, SuggestInput, Suggestion } from '../../onboarding/onboarding.schemas.ts';
import type { Services } from '../../services.ts';

/**
 * The new-project page's suggestion and preview (docs/onboarding.md): the same service as the suggest_project tool.
 * Registered inside dashboardRoutes, so its session guard and cross-site rules apply; nothing is saved.
 */
export const dashboardOnboardingRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { onboarding } = services;

  app.post(
    '/projects/suggest',
    { schema: { body: SuggestInput, response: { 200: Suggestion } } },
    async (request) => onboarding.suggest({ userId: request.account!.userId }, request.body),
  );

  app.post(
    '/projects/preview',
    { schema: { body: PreviewInput, response: { 200: Preview } } },
    async (request) => onboarding.preview(request.body),
  );
};
