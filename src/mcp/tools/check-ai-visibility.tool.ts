import { Type } from 'typebox';
import { NOT_BLANK } from '../../domain/nul-text.ts';
import { VisibilityCheck } from '../../insights/ai-visibility.schemas.ts';
import { AiNotConfiguredError } from '../../insights/ai-visibility.service.ts';
import { defineTool, ToolFailure } from '../tool.ts';
import { ProjectArgs } from './project-arg.ts';

export const checkAiVisibilityTool = defineTool({
  name: 'check_ai_visibility',
  title: 'Check AI visibility',
  description:
    'Asks every configured AI engine a buyer question (each engine its configured number of samples, in ' +
    'parallel) and reports per engine whether the answers name the product, its rank among the products ' +
    'recommended, the mention rate and mean rank over the samples, cited URLs (Reddit threads marked) and, with ' +
    "projectId, which of the project's competitors appear; results are then stored with the project.",
  inputSchema: Type.Object(
    {
      productName: Type.String({
        minLength: 1,
        maxLength: 200,
        pattern: NOT_BLANK,
        description: 'The product to look for.',
      }),
      question: Type.String({
        minLength: 1,
        maxLength: 2000,
        pattern: NOT_BLANK,
        description: 'The question a buyer would ask, e.g. "What is the best CRM for a small agency?"',
      }),
      projectId: Type.Optional({
        ...ProjectArgs.properties.projectId,
        description: 'A project whose competitors are looked for and with which the result is stored.',
      }),
      saveQuestion: Type.Optional(
        Type.Boolean({ default: false, description: 'With projectId: ask this question again every day.' }),
      ),
    },
    { additionalProperties: false },
  ),
  outputSchema: VisibilityCheck,
  annotations: {
    title: 'Check AI visibility',
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  scope: 'tools:read',
  async run({ services, caller }, args) {
    let competitors: string[] = [];
    if (args.projectId) {
      await services.projects.assertOwned(caller.userId, args.projectId);
      competitors = (await services.projects.getProject(caller.userId, args.projectId)).competitors;
    }
    try {
      return await services.aiVisibility.check({
        userId: caller.userId,
        productName: args.productName,
        question: args.question,
        projectId: args.projectId ?? null,
        competitors,
        save: args.saveQuestion ?? false,
      });
    } catch (err) {
      if (err instanceof AiNotConfiguredError) throw new ToolFailure(err.message);
      throw err;
    }
  },
});
