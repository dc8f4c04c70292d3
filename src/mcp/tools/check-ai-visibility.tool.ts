import { Type } from 'typebox';
import { Nullable } from '../../http/common.schemas.ts';
import { defineTool, ToolFailure } from '../tool.ts';

/** Provisional output shape; the intelligence work (AI engines) owns it and may refine it. */
const EngineAnswer = Type.Object({
  engine: Type.String({ description: 'Which AI engine answered.' }),
  mentioned: Type.Boolean({ description: 'Whether the answer names the product.' }),
  position: Nullable(Type.Integer({ minimum: 1, description: 'Rank of the product among those named.' })),
  answer: Type.String({ description: "The engine's answer, as text." }),
});

export const checkAiVisibilityTool = defineTool({
  name: 'check_ai_visibility',
  title: 'Check AI visibility',
  description:
    'Asks the configured AI engines a buyer question and reports whether, and how high, each answer ' +
    'mentions the product.',
  inputSchema: Type.Object(
    {
      productName: Type.String({ minLength: 1, maxLength: 200, description: 'The product to look for.' }),
      question: Type.String({
        minLength: 1,
        maxLength: 2000,
        description: 'The question a buyer would ask, e.g. "What is the best CRM for a small agency?"',
      }),
    },
    { additionalProperties: false },
  ),
  outputSchema: Type.Object({
    productName: Type.String(),
    question: Type.String(),
    engines: Type.Array(EngineAnswer),
  }),
  annotations: {
    title: 'Check AI visibility',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  scope: 'tools:read',
  async run() {
    throw new ToolFailure(
      'No AI engines are configured on this instance, so AI visibility cannot be checked.',
    );
  },
});
