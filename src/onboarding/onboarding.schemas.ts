import { type Static, Type } from 'typebox';
import { DateTime, Nullable, StringEnum } from '../contract/schemas.ts';
import { STAGES } from '../domain/scoring/types.ts';
import { ProjectInput, profileFields, profileTextInputs } from '../projects/projects.schemas.ts';

const Keywords = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
  maxItems: 50,
  description: "Keywords to preview instead of the suggestion's (`-word` excludes, as in a project).",
});
const Subreddits = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  maxItems: 50,
  description:
    "Subreddits to preview instead of the suggestion's (`freelance`, `r/freelance` or its address).",
});

/** What suggest_project and POST /dashboard/api/projects/suggest take: a page, a paragraph or both. */
export const SuggestInput = Type.Object(
  {
    url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2000,
        description: "The product's page (https), read once to suggest the profile.",
      }),
    ),
    description: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 4000,
        description: 'A paragraph about the product: what it does, the pain it solves, who buys it.',
      }),
    ),
    keywords: Type.Optional(Keywords),
    subreddits: Type.Optional(Subreddits),
    fresh: Type.Optional(
      Type.Boolean({
        description:
          'Also read the last 7 days of the subreddits (at most 5) from the upstream now; this costs as a scan does ' +
          "and is recorded on the account's usage. Without it, counts come from data already bought, at no cost.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type SuggestInput = Static<typeof SuggestInput>;

/** The profile fields a preview scores its examples against (a suggestion's, or the form's as a person edits it). */
export const PreviewProfile = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    ...profileTextInputs,
    competitors: ProjectInput.properties.competitors,
  },
  { additionalProperties: false },
);

/** POST /dashboard/api/projects/preview: keywords and subreddits as the form holds them, before saving. */
export const PreviewInput = Type.Object(
  {
    keywords: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 50 }),
    subreddits: Type.Optional(Subreddits),
    profile: Type.Optional(PreviewProfile),
    fresh: Type.Optional(
      Type.Boolean({
        description:
          'Also read the last 7 days of the subreddits (at most 5) from the upstream now; this costs as a scan does ' +
          "and is recorded on the account's usage. Without it, counts come from data already bought, at no cost.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type PreviewInput = Static<typeof PreviewInput>;

export const SuggestedProject = Type.Object({
  ...profileFields,
  keywords: Type.Array(Type.String(), {
    description:
      'What a person writes when they need the product, then `-word` exclusions for ambiguous ones.',
  }),
  subreddits: Type.Array(Type.String(), {
    description: 'Where the keywords match most in the posts already stored (data already bought).',
  }),
  competitors: Type.Array(Type.String()),
});
export type SuggestedProject = Static<typeof SuggestedProject>;

const Count = Type.Integer({ minimum: 0 });

export const KeywordPreview = Type.Object({
  keyword: Type.String(),
  /** Stored posts and comments of the window it matched; 0 for an exclusion. */
  matches: Count,
  /** Its share of the window's items. */
  share: Type.Number({ minimum: 0, maximum: 1 }),
  /** Keyword health (src/domain/keyword-health.ts): too generic, too broad, or silent; null when fine. */
  warning: Nullable(Type.String()),
});
export type KeywordPreview = Static<typeof KeywordPreview>;

export const SubredditPreview = Type.Object({
  name: Type.String(),
  /** Its stored posts and comments of the window that the keywords match. */
  matches: Count,
  /** Its stored posts and comments of the window; 0 when nothing of it has been bought yet. */
  items: Count,
});
export type SubredditPreview = Static<typeof SubredditPreview>;

export const PreviewExample = Type.Object({
  kind: StringEnum(['post', 'comment']),
  title: Type.String(),
  subreddit: Type.String(),
  url: Type.String(),
  author: Nullable(Type.String()),
  postedAt: DateTime,
  /** As a scan would score it for this profile (the meaning stage included for the likeliest examples). */
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  stage: Nullable(StringEnum(STAGES)),
  reason: Nullable(Type.String()),
  matchedPhrase: Type.String(),
  sellerSide: Type.Boolean(),
  /** The start of its text. */
  excerpt: Type.String(),
});
export type PreviewExample = Static<typeof PreviewExample>;

export const Preview = Type.Object({
  days: Type.Integer({ minimum: 1 }),
  /** Stored posts and comments of the window read for the counts. */
  items: Count,
  /**
   * `stored`: counts come from data already bought, at no cost; `fresh`: the subreddits' last 7 days were also
   * read from the upstream for this preview (`fresh: true`), at `costUsd`.
   */
  source: StringEnum(['stored', 'fresh']),
  /** What the fresh look cost, recorded on the account's usage; 0 for a preview of stored data. */
  costUsd: Type.Number({ minimum: 0 }),
  note: Type.String(),
  /** The score a match needs to become a lead (the default threshold of a new project). */
  threshold: Type.Integer({ minimum: 0, maximum: 100 }),
  keywords: Type.Array(KeywordPreview),
  subreddits: Type.Array(SubredditPreview),
  examples: Type.Array(PreviewExample, { maxItems: 5 }),
});
export type Preview = Static<typeof Preview>;

export const Suggestion = Type.Object({
  project: SuggestedProject,
  preview: Preview,
  /**
   * What this call spent: the model's tokens when an LLM is configured, and the preview's fresh look when asked;
   * the page read and a preview of stored data cost 0.
   */
  costUsd: Type.Number({ minimum: 0 }),
  /** local: read by the service's own method; llm: the configured model's answer (the local one where it failed). */
  method: StringEnum(['local', 'llm']),
  /** What the suggestion could not do, in words for the person (no subreddit search upstream, model failure …). */
  notes: Type.Array(Type.String()),
});
export type Suggestion = Static<typeof Suggestion>;
