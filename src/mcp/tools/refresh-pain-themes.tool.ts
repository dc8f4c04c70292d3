import { Type } from 'typebox';
import { DateTime } from '../../contract/schemas.ts';
import { PainTheme } from '../../insights/insights.schemas.ts';
import { defineTool } from '../tool.ts';
import { ProjectArgs } from './project-arg.ts';

export const refreshPainThemesTool = defineTool({
  name: 'refresh_pain_themes',
  title: 'Refresh pain themes',
  description:
    "Clusters the project's leads of the last 30 days (seller-side leads left out) into pain themes now, and " +
    'returns the new clustering, which replaces the previous one; list_pain_themes lists it.',
  inputSchema: ProjectArgs,
  outputSchema: Type.Object({
    generatedAt: DateTime,
    method: Type.String({ description: 'tfidf, or embeddings:<model> with the LLM provider’s embeddings.' }),
    leadsConsidered: Type.Integer({ minimum: 0 }),
    leadsThemed: Type.Integer({ minimum: 0 }),
    errors: Type.Array(Type.String()),
    themes: Type.Array(PainTheme),
  }),
  annotations: {
    title: 'Refresh pain themes',
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
  scope: 'tools:read',
  async run({ services, caller }, { projectId }) {
    await services.projects.assertOwned(caller.userId, projectId);
    const run = await services.painThemes.refresh(projectId, 'tool', services.clock.now());
    const themes = (await services.insights.listPainThemes(projectId)).filter(
      (t) => t.generatedAt === run.generatedAt,
    );
    return {
      generatedAt: run.generatedAt,
      method: run.method,
      leadsConsidered: run.leadsConsidered,
      leadsThemed: run.leadsThemed,
      errors: run.errors,
      themes,
    };
  },
});
