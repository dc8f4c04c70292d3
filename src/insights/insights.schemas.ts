import { type Static, Type } from 'typebox';
import { DateTime, Nullable } from '../http/common.schemas.ts';

export const SeoOpportunity = Type.Object({
  id: Type.String(),
  keyword: Type.String(),
  position: Nullable(Type.Integer({ minimum: 1, description: 'Search result position.' })),
  competitorPresent: Type.Boolean(),
  refreshedAt: DateTime,
  post: Nullable(
    Type.Object({ id: Type.String(), title: Type.String(), subreddit: Type.String(), url: Type.String() }),
  ),
  searchVolume: Nullable(
    Type.Integer({
      minimum: 0,
      description:
        "Monthly searches of the keyword: null unless the tier's seoSearchVolume allows it and the provider tells it.",
    }),
  ),
});
export type SeoOpportunity = Static<typeof SeoOpportunity>;

export const PainTheme = Type.Object({
  id: Type.String(),
  label: Type.String(),
  summary: Nullable(Type.String()),
  leadIds: Type.Array(Type.String()),
  generatedAt: DateTime,
});
export type PainTheme = Static<typeof PainTheme>;
