import { type Static, Type } from 'typebox';

export const Usage = Type.Object({
  calls: Type.Integer({ minimum: 0, description: 'fetched + reused' }),
  costUsd: Type.Number({ minimum: 0, description: "Today's (UTC) spend in USD." }),
  fetched: Type.Integer({ minimum: 0, description: 'Calls this project paid for.' }),
  reused: Type.Integer({
    minimum: 0,
    description: 'Calls served from data another project had already bought, at no cost here.',
  }),
  perApi: Type.Array(
    Type.Object({
      api: Type.String({ description: 'Which upstream endpoint was called, e.g. reddit.subreddit_new.' }),
      calls: Type.Integer({ minimum: 0 }),
      costUsd: Type.Number({ minimum: 0 }),
      reused: Type.Integer({ minimum: 0 }),
    }),
  ),
});
export type Usage = Static<typeof Usage>;
