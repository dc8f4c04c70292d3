import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import { AppError, notFound } from '../contract/errors.ts';
import type { Db } from '../db/client.ts';
import { usd } from '../domain/money.ts';
import { dearestCallOf } from '../upstream/prices.ts';
import { MAX_CAP_USD } from './spend-cap.limits.ts';
import { createSpendCapRepo } from './spend-cap.repo.ts';
import { nextUtcDay, type SpendCap } from './spend-cap.schemas.ts';

const DAY_MS = 86_400_000;
const roundUsd = (n: number) => Math.round(n * 1e6) / 1e6;

/** Where an account stands against its cap, as a scan asks before it buys. */
export interface SpendCheck {
  /** null: no cap. */
  capUsd: number | null;
  spentUsd: number;
  /** What is left covers the dearest call of the upstream in use. */
  canBuy: boolean;
}

/**
 * The daily upstream spend cap (docs/decisions/0102-daily-spend-cap.md): the cap in force for an account, what it
 * spent today (UTC, the day the usage figures use), and the account's own setting.
 */
export function createSpendCapService(deps: { db: Db; clock: Clock; config: Config }) {
  const { config, clock } = deps;
  const repo = createSpendCapRepo(deps.db);
  const dearestCall = dearestCallOf(config.upstream, config.upstream.name);

  const defaultsOf = (tier: keyof Config['tierLimits']) => {
    if (config.selfHosted) return { defaultCapUsd: config.upstream.dailyCapUsd, maxCapUsd: null };
    const plan = config.tierLimits[tier].dailySpendCapUsd;
    return { defaultCapUsd: plan, maxCapUsd: plan };
  };

  async function capOf(userId: string) {
    const account = await repo.account(userId);
    if (!account) throw notFound('account');
    const { defaultCapUsd, maxCapUsd } = defaultsOf(account.tier);
    const own = account.ownCapUsd;
    const capUsd = own === null ? defaultCapUsd : maxCapUsd === null ? own : Math.min(own, maxCapUsd);
    return { capUsd, ownCapUsd: own, defaultCapUsd, maxCapUsd };
  }

  const today = () => {
    const from = new Date(Math.floor(clock.now().getTime() / DAY_MS) * DAY_MS);
    return [from, new Date(from.getTime() + DAY_MS)] as const;
  };

  /**
   * pendingUsd: spend the caller made and has not recorded yet (an SEO refresh records its calls at its end);
   * nextCallUsd: the call about to be made, when dearer than the upstream's dearest (a SERP search).
   */
  async function check(
    userId: string,
    opts: { pendingUsd?: number; nextCallUsd?: number } = {},
  ): Promise<SpendCheck> {
    const { capUsd } = await capOf(userId);
    if (capUsd === null) return { capUsd, spentUsd: 0, canBuy: true };
    const spentUsd = roundUsd((await repo.spent(userId, ...today())) + (opts.pendingUsd ?? 0));
    const next = Math.max(dearestCall, opts.nextCallUsd ?? 0);
    return { capUsd, spentUsd, canBuy: spentUsd + next <= capUsd + 1e-9 };
  }

  async function state(userId: string): Promise<SpendCap> {
    const cap = await capOf(userId);
    const spentTodayUsd = roundUsd(await repo.spent(userId, ...today()));
    const leftUsd = cap.capUsd === null ? null : roundUsd(Math.max(0, cap.capUsd - spentTodayUsd));
    return {
      ...cap,
      spentTodayUsd,
      leftUsd,
      reached: cap.capUsd !== null && spentTodayUsd + dearestCall > cap.capUsd + 1e-9,
      resetsAt: nextUtcDay(clock.now()).toISOString(),
    };
  }

  return {
    /** The cap in force (null: none) and its parts; the scanner reads it once per scan. */
    capOf,
    /** Whether a scan may buy now; the caller holds the account's spend lock while it buys. */
    check,
    state,

    /**
     * Sets the account's own cap (null: back to the default). A value that is not a number of USD from 0 to
     * MAX_CAP_USD, or above the plan's cap, is refused and nothing changes.
     */
    async setOwnCap(userId: string, value: unknown): Promise<SpendCap> {
      const ok = value === null || (typeof value === 'number' && Number.isFinite(value) && value >= 0);
      if (!ok || (value as number) > MAX_CAP_USD) {
        throw new AppError(
          'invalid_request',
          `dailyCapUsd must be a number of USD from 0 to ${MAX_CAP_USD}, or null for the default ` +
            `(got ${JSON.stringify(value) ?? String(value)}).`,
        );
      }
      const { maxCapUsd } = await capOf(userId);
      if (value !== null && maxCapUsd !== null && value > maxCapUsd) {
        throw new AppError(
          'invalid_request',
          `dailyCapUsd ${usd(value)} is above your plan's daily cap of ${usd(maxCapUsd)}; set at most ${usd(maxCapUsd)}.`,
        );
      }
      await repo.setOwnCap(userId, value === null ? null : roundUsd(value));
      return state(userId);
    },
  };
}
export type SpendCapService = ReturnType<typeof createSpendCapService>;
