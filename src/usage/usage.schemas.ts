import { type Static, Type } from 'typebox';

export const Usage = Type.Object({
  calls: Type.Integer({ minimum: 0, description: 'fetched + reused (failed calls are not counted here)' }),
  costUsd: Type.Number({ minimum: 0, description: "Today's (UTC) spend in USD." }),
  fetched: Type.Integer({ minimum: 0, description: 'Calls this project paid for.' }),
  reused: Type.Integer({
    minimum: 0,
    description: 'Calls served from data another project had already bought, at no cost here.',
  }),
  failed: Type.Integer({
    minimum: 0,
    description:
      'Calls that failed after retries: nothing was bought, they cost nothing and are not in calls.',
  }),
  perApi: Type.Array(
    Type.Object({
      api: Type.String({ description: 'Which upstream endpoint was called, e.g. reddit.subreddit_new.' }),
      calls: Type.Integer({ minimum: 0 }),
      costUsd: Type.Number({ minimum: 0 }),
      reused: Type.Integer({ minimum: 0 }),
      failed: Type.Integer({ minimum: 0 }),
    }),
  ),
});
export type Usage = Static<typeof Usage>;

const Totals = {
  calls: Type.Integer({ minimum: 0 }),
  fetched: Type.Integer({ minimum: 0, description: 'Calls paid for.' }),
  reused: Type.Integer({ minimum: 0, description: 'Calls served from data another project had bought.' }),
  failed: Type.Integer({
    minimum: 0,
    description: 'Calls that failed after retries (not in calls, no cost).',
  }),
  costUsd: Type.Number({ minimum: 0 }),
};

/** The dashboard's usage page: the last `days` UTC days of one project or of the whole account. */
export const UsageReport = Type.Object({
  from: Type.String({ description: 'First day (UTC), YYYY-MM-DD.' }),
  to: Type.String({ description: 'Last day (UTC, today), YYYY-MM-DD.' }),
  totals: Type.Object(Totals),
  daily: Type.Array(Type.Object({ day: Type.String(), ...Totals }), {
    description: 'Every day, oldest first.',
  }),
  perApi: Type.Array(Type.Object({ api: Type.String(), ...Totals }), { description: 'Most calls first.' }),
  perProject: Type.Array(
    Type.Object({
      projectId: Type.Union([Type.String(), Type.Null()], {
        description:
          "null for the calls made for the account but no project (AI-visibility checks without one) and for a deleted project's calls (named '<name> (deleted)').",
      }),
      name: Type.String(),
      ...Totals,
    }),
    {
      description: "The account's projects with calls in the window, most cost first; empty for one project.",
    },
  ),
});
export type UsageReport = Static<typeof UsageReport>;
