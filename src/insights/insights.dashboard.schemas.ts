import { type Static, Type } from 'typebox';
import { DateTime, Nullable } from '../contract/schemas.ts';
import { SavedQuestion, VisibilityPoint } from './ai-visibility.schemas.ts';
import { PainTheme, SeoOpportunity } from './insights.schemas.ts';

// The dashboard's pain-theme, SEO and AI-visibility answers (not part of the public OpenAPI document).

const ThemeLead = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url: Type.String(),
  subreddit: Type.String(),
  score: Type.Integer(),
  /** For a comment lead (whose title is its post's): the comment's first words. */
  comment: Nullable(Type.String()),
});

const ThemeRun = Type.Object({
  generatedAt: DateTime,
  trigger: Type.String(),
  method: Type.String(),
  leadsConsidered: Type.Integer(),
  leadsThemed: Type.Integer(),
  themes: Type.Integer(),
  errors: Type.Array(Type.String()),
});

export const DashboardPainThemes = Type.Object({
  lastRun: Nullable(ThemeRun),
  /** The newest clustering's themes, largest first (as the REST API lists them). */
  themes: Type.Array(PainTheme),
  /** The leads of the newest clustering's themes, for titles and links. */
  leads: Type.Array(ThemeLead),
});

/** A SEO opportunity as the dashboard shows it: which competitors the thread names, besides whether any does. */
export const DashboardSeoOpportunity = Type.Object({
  ...SeoOpportunity.properties,
  competitorsNamed: Type.Array(Type.String()),
});
export type DashboardSeoOpportunity = Static<typeof DashboardSeoOpportunity>;

export const DashboardSeo = Type.Object({
  provider: Nullable(Type.Object({ name: Type.String(), sample: Type.Boolean() })),
  lastRefresh: Nullable(
    Type.Object({
      provider: Type.String(),
      refreshedAt: DateTime,
      keywords: Type.Integer(),
      calls: Type.Integer(),
      costUsd: Type.Number(),
      opportunities: Type.Integer(),
      errors: Type.Array(Type.String()),
    }),
  ),
  opportunities: Type.Array(DashboardSeoOpportunity),
});

export const DashboardAiVisibility = Type.Object({
  engines: Type.Array(Type.Object({ name: Type.String(), model: Type.String(), samples: Type.Integer() })),
  questions: Type.Array(SavedQuestion),
  history: Type.Array(VisibilityPoint),
});
export type DashboardPainThemes = Static<typeof DashboardPainThemes>;
export type DashboardSeo = Static<typeof DashboardSeo>;
export type DashboardAiVisibility = Static<typeof DashboardAiVisibility>;
