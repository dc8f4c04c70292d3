import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TObject } from 'typebox';
import { AppError } from '../../contract/errors.ts';
import { Preview, PreviewInput, SuggestInput, Suggestion } from '../../onboarding/onboarding.schemas.ts';
import type { Services } from '../../services.ts';

/**
 * Refuses a field the body schema does not know before validation would drop it: a misspelt "urll" is a mistake to
 * name, as the suggest_project tool names an unknown argument.
 */
const onlyKnownFields = (schema: TObject) => async (request: { body: unknown }) => {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const known = Object.keys(schema.properties);
  const unknown = Object.keys(body).find((k) => !known.includes(k));
  if (unknown !== undefined) {
    const name = /^[\w.-]{1,64}$/.test(unknown) ? unknown : JSON.stringify(unknown.slice(0, 64));
    throw new AppError('invalid_request', `Unknown field ${name}: allowed are ${known.join(', ')}.`);
  }
};

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
    {
      preValidation: onlyKnownFields(SuggestInput),
      schema: { body: SuggestInput, response: { 200: Suggestion } },
    },
    async (request) => onboarding.suggest({ userId: request.account!.userId }, request.body),
  );

  app.post(
    '/projects/preview',
    {
      preValidation: onlyKnownFields(PreviewInput),
      schema: { body: PreviewInput, response: { 200: Preview } },
    },
    async (request) => onboarding.preview({ userId: request.account!.userId }, request.body),
  );
};
