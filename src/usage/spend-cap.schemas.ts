import { type Static, Type } from 'typebox';
import { DateTime, Nullable } from '../contract/schemas.ts';
import { usd } from '../domain/money.ts';

const Usd = (description: string) => Type.Number({ minimum: 0, description });

/** The account's daily upstream spend cap and where today stands against it (docs/decisions/0102). */
export const SpendCap = Type.Object({
  capUsd: Nullable(Usd('The cap in force: USD of upstream data the account buys per UTC day; null: no cap.')),
  ownCapUsd: Nullable(Usd("The account's own cap; null: it uses defaultCapUsd.")),
  defaultCapUsd: Nullable(Usd("The instance's (self-hosted) or the plan's default cap; null: none.")),
  maxCapUsd: Nullable(Usd('The highest cap the account may set (the plan); null: any.')),
  spentTodayUsd: Usd("Today's (UTC) upstream spend of the whole account, every project and check included."),
  leftUsd: Nullable(Usd('What is left under the cap today; null: no cap.')),
  reached: Type.Boolean({
    description: 'Scans buy nothing more today: what is left is less than one upstream call.',
  }),
  resetsAt: DateTime,
});
export type SpendCap = Static<typeof SpendCap>;

/** What a scan records when the cap stopped it buying. */
export const SpendCapReached = Type.Object(
  {
    capUsd: Usd('The cap in force.'),
    spentUsd: Usd("The account's spend today when the scan stopped buying."),
    resumesAt: DateTime,
    message: Type.String(),
  },
  {
    description:
      'Set when the daily spend cap stopped this scan buying: it finished with data already bought (free).',
  },
);
export type SpendCapReached = Static<typeof SpendCapReached>;

/** The next 00:00 UTC after `at`. */
export const nextUtcDay = (at: Date) => new Date((Math.floor(at.getTime() / 86_400_000) + 1) * 86_400_000);

export function spendCapReached(capUsd: number, spentUsd: number, at: Date): SpendCapReached {
  const resumesAt = nextUtcDay(at).toISOString();
  return {
    capUsd,
    spentUsd,
    resumesAt,
    message:
      `Daily spend cap reached: ${usd(spentUsd)} of ${usd(capUsd)} spent today (UTC). This scan bought nothing ` +
      `more and used only data already bought; scans buy again at 00:00 UTC (${resumesAt.slice(0, 10)}).`,
  };
}
