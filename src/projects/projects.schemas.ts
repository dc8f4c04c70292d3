import { type Static, Type } from 'typebox';
import { AlertInputBody } from '../alerts/alerts.schemas.ts';
import { DateTime, Nullable } from '../contract/schemas.ts';
import { MAX_SIGNATURE_CHARS } from '../domain/scoring/types.ts';
import { ScanResult } from '../scans/scans.schemas.ts';

/** How the project's reply drafts sound (docs/decisions/0121-replies-a-person-would-post.md). */
export const REPLY_TONE_DESCRIPTION =
  "How reply drafts sound: 'plain' (short and direct, the default), 'friendly' (a warmer first line and " +
  "sign-off) or 'expert' (more specific, technical advice).";
export const ReplyTone = Type.Union(
  [Type.Literal('plain'), Type.Literal('friendly'), Type.Literal('expert')],
  { description: REPLY_TONE_DESCRIPTION },
);
export const REPLY_SIGNATURE_DESCRIPTION =
  'A short line ending every reply draft ("— Sam from SnapBill"): at most 80 characters, one line, no link. ' +
  'Null for none.';

/** A project's profile as answers show it: its name and the texts the scorer reads (null: not written). */
export const profileFields = {
  name: Type.String(),
  url: Nullable(Type.String()),
  pain: Nullable(Type.String()),
  solution: Nullable(Type.String()),
  targetUsers: Nullable(Type.String()),
  geography: Nullable(Type.String()),
  budgetFit: Nullable(Type.String()),
};

const projectFields = {
  id: Type.String(),
  ...profileFields,
  scoreThreshold: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  replyTone: Type.Optional(ReplyTone),
  replySignature: Type.Optional(Nullable(Type.String({ description: REPLY_SIGNATURE_DESCRIPTION }))),
  createdAt: DateTime,
  newLeads: Type.Integer({
    minimum: 0,
    description: 'Leads still waiting to be triaged (status new, last 30 days).',
  }),
};

export const Project = Type.Object(projectFields);
export type Project = Static<typeof Project>;

/** The dashboard's project list: the REST Project and its newest scan (null before the first). */
export const DashboardProject = Type.Object({ ...projectFields, lastScan: Nullable(ScanResult) });
export type DashboardProject = Static<typeof DashboardProject>;

/** How a project's keywords match (src/domain/matching.ts, docs/decisions/0117-keyword-variants.md). */
export const KEYWORDS_DESCRIPTION =
  'What a post or comment must say to be read as a lead. A keyword matches in any case, with its plural, hyphenated, ' +
  'spaced or joined ("co-founder", "co founder", "cofounder"), and a keyword of several words matches them in any ' +
  'order, at most three words apart, in one sentence ("invoice software" matches "software for invoices"). In ' +
  'quotes ("booking app") it matches only as written. A keyword starting with - excludes what it matches, by the ' +
  'same rules. Leads name the keyword as written here.';

export const ProjectDetail = Type.Object({
  ...projectFields,
  keywords: Type.Array(Type.String(), { description: KEYWORDS_DESCRIPTION }),
  subreddits: Type.Array(Type.String()),
  competitors: Type.Array(Type.String()),
});
export type ProjectDetail = Static<typeof ProjectDetail>;

const OptionalText = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));
const Terms = (maxItems: number, description?: string) =>
  Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
      maxItems,
      ...(description ? { description } : {}),
    }),
  );

/** The profile's texts as an operator writes them: each optional, null or empty for none. */
export const profileTextInputs = {
  url: OptionalText(2000),
  pain: OptionalText(4000),
  solution: OptionalText(4000),
  targetUsers: OptionalText(4000),
  geography: OptionalText(500),
  budgetFit: OptionalText(500),
};

/** A project as an operator writes it (setup --import, dashboard): the ProjectDetail fields without ids. */
export const ProjectInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    ...profileTextInputs,
    scoreThreshold: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100 }))),
    replyTone: Type.Optional(ReplyTone),
    replySignature: Type.Optional(
      Nullable(Type.String({ maxLength: MAX_SIGNATURE_CHARS, description: REPLY_SIGNATURE_DESCRIPTION })),
    ),
    keywords: Terms(500, KEYWORDS_DESCRIPTION),
    subreddits: Terms(500),
    competitors: Terms(200),
  },
  { additionalProperties: false },
);
export type ProjectInput = Static<typeof ProjectInput>;

/** The projects file: what `npm run setup --import` reads and the dashboard imports and exports. */
export const ImportedProject = Type.Object(
  {
    ...ProjectInput.properties,
    webhooks: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { maxItems: 50 })),
    alerts: Type.Optional(Type.Array(AlertInputBody, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export const ProjectsFile = Type.Array(ImportedProject, { maxItems: 1000 });
export type ProjectsFile = Static<typeof ProjectsFile>;

/** The tier's limits on projects and their lists (null: no limit), and the account's project count. */
export const ProjectLimits = Type.Object({
  tier: Type.String(),
  projects: Nullable(Type.Integer()),
  keywordsPerProject: Nullable(Type.Integer()),
  subredditsPerProject: Nullable(Type.Integer()),
  competitorsPerProject: Nullable(Type.Integer()),
  projectCount: Type.Integer({ minimum: 0 }),
  apiKeys: Nullable(Type.Integer({ description: 'Active keys of each kind (REST, tool) the plan allows.' })),
});
export type ProjectLimits = Static<typeof ProjectLimits>;

/** What deleting a project takes with it; activeScans > 0 means it cannot be deleted now. */
export const DeletionImpact = Type.Object({
  leads: Type.Integer({ minimum: 0 }),
  webhooks: Type.Integer({ minimum: 0 }),
  scans: Type.Integer({ minimum: 0 }),
  activeScans: Type.Integer({ minimum: 0 }),
});
export type DeletionImpact = Static<typeof DeletionImpact>;

/** The dashboard's import answer: a webhook's secret is shown only when the import added it. */
export const ImportResult = Type.Object({
  projects: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      created: Type.Boolean(),
      webhooks: Type.Array(
        Type.Object({ id: Type.String(), url: Type.String(), secret: Nullable(Type.String()) }),
      ),
      alerts: Type.Optional(
        Type.Array(
          Type.Object({
            id: Type.String(),
            channel: Type.String(),
            created: Type.Boolean(),
            confirmed: Type.Boolean(),
          }),
        ),
      ),
    }),
  ),
});
export type ImportResult = Static<typeof ImportResult>;
