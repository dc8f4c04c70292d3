import { type Static, Type } from 'typebox';
import { DateTime, Nullable } from '../contract/schemas.ts';

export const SeoOpportunity = Type.Object({
  id: Type.String(),
  keyword: Type.String(),
  position: Nullable(Type.Integer({ minimum: 1, description: 'Search result position.' })),
  competitorPresent: Type.Boolean({
    description:
      "True when one of the project's competitors is named in the thread (its title, post or comments); false when " +
      'none is, or when the thread could not be read (then competitorKnown is false).',
  }),
  competitorKnown: Type.Boolean({
    description:
      'False when the thread could not be read at the last refresh (a failed read, or the daily spend cap reached ' +
      'first): competitorPresent false then means unknown, not "no competitor".',
  }),
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

/** The list and when it was computed: an empty list with refreshedAt null is "not computed yet", not "none found". */
export const SeoOpportunities = Type.Object({
  opportunities: Type.Array(SeoOpportunity),
  refreshedAt: Nullable({
    ...DateTime,
    description:
      "When the project's opportunities were last computed; null when not yet (a new project before its first " +
      'scan ends, or no SEO provider configured).',
  }),
});
export type SeoOpportunities = Static<typeof SeoOpportunities>;

export const PainTheme = Type.Object({
  id: Type.String(),
  label: Type.String(),
  summary: Nullable(Type.String()),
  leadIds: Type.Array(Type.String()),
  generatedAt: DateTime,
});
export type PainTheme = Static<typeof PainTheme>;
