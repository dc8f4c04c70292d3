import { type Static, Type } from 'typebox';
import { DateTime, Nullable } from '../contract/schemas.ts';

export const Citation = Type.Object({
  url: Type.String(),
  redditThread: Type.Boolean({ description: 'True for a Reddit thread URL (/r/<sub>/comments/<id>).' }),
});

export const EngineAnswer = Type.Object({
  engine: Type.String({ description: 'Which AI engine answered (its configured name).' }),
  model: Type.String(),
  samples: Type.Integer({ minimum: 1, description: 'Answers asked, in parallel.' }),
  answered: Type.Integer({ minimum: 0, description: 'Answers received (the rest failed; see error).' }),
  mentioned: Nullable(
    Type.Boolean({
      description:
        'Whether any answer names the product (its whole name, simple variants); null when no answer came.',
    }),
  ),
  position: Nullable(
    Type.Integer({
      minimum: 1,
      description: 'Best rank of the product among the products an answer recommends; null when never named.',
    }),
  ),
  mentionRate: Nullable(
    Type.Number({
      minimum: 0,
      maximum: 1,
      description: 'Share of answers naming the product; null with no answer.',
    }),
  ),
  meanPosition: Nullable(
    Type.Number({ minimum: 1, description: 'Mean rank over the answers naming the product.' }),
  ),
  competitorsMentioned: Type.Array(Type.String(), {
    description: "The project's competitors named in any answer (with projectId).",
  }),
  citations: Type.Array(Citation, { description: 'URLs cited in the answers, once each.' }),
  excerpt: Type.String({ description: 'A short part of the first answer, around the product when named.' }),
  answer: Type.String({ description: "The first answer's text." }),
  error: Nullable(Type.String({ description: 'Why this engine gave no answer (or fewer than asked).' })),
});
export type EngineAnswer = Static<typeof EngineAnswer>;

export const VisibilityCheck = Type.Object({
  productName: Type.String(),
  question: Type.String(),
  projectId: Nullable(Type.String()),
  checkedAt: DateTime,
  engines: Type.Array(EngineAnswer),
});
export type VisibilityCheck = Static<typeof VisibilityCheck>;

/** One engine's result of one past check, for the dashboard's history. */
export const VisibilityPoint = Type.Object({
  question: Type.String(),
  engine: Type.String(),
  checkedAt: DateTime,
  mentionRate: Nullable(Type.Number()),
  meanPosition: Nullable(Type.Number()),
  competitorsMentioned: Type.Array(Type.String()),
  error: Nullable(Type.String()),
});
export type VisibilityPoint = Static<typeof VisibilityPoint>;

export const SavedQuestion = Type.Object({
  question: Type.String(),
  productName: Type.String(),
  lastCheckedAt: Nullable(DateTime),
});
export type SavedQuestion = Static<typeof SavedQuestion>;
