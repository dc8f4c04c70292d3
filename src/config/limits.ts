// The limits of each tier (hosted accounts): the documented defaults, or TIER_LIMITS_FILE.
import { readFileSync } from 'node:fs';
import { TIERS, type Tier } from '../accounts/tiers.ts';
import { ConfigError, type Env, type EnvVar } from './read.ts';

export const LIMITS_VARIABLES: EnvVar[] = [
  {
    name: 'TIER_LIMITS_FILE',
    default: 'unset',
    doc: 'JSON file of tier limits keyed by tier (`free`, `connected`); defaults in docs/decisions/0002-tier-limits.md, among them `apiKeys`, the active keys of each kind an account may hold (free 2, connected 10: the daily allowance is per key; ADR 0096), and `dailySpendCapUsd` (free 0.5, connected 20; ADR 0102). Read when `SELF_HOSTED=false`',
  },
];

/**
 * Tier limits, keyed by tier. A null means no limit. The API's TierLimits plus apiKeys, which only the dashboard
 * shows (docs/decisions/0096-api-key-cap.md).
 */
export interface TierLimits {
  projects: number | null;
  keywordsPerProject: number | null;
  subredditsPerProject: number | null;
  scanIntervalHours: number;
  commentThreadsPerScan: number | null;
  feedWindowDays: number;
  alertWebhooks: number | null;
  alertCadence: 'daily' | 'hourly';
  seoKeywords: number | null;
  seoRefreshDays: number;
  seoSearchVolume: boolean;
  competitors: number | null;
  apiRequestsPerDay: number;
  /** Active keys of each kind (REST, tool) an account may hold: the daily allowance is per key. */
  apiKeys: number | null;
  /** USD of upstream data an account may buy per UTC day, and the most its own cap may be (ADR 0102). */
  dailySpendCapUsd: number | null;
}

export { TIERS, type Tier };

/** Documented defaults (docs/decisions/0002-tier-limits.md); TIER_LIMITS_FILE overrides them. */
export const DEFAULT_TIER_LIMITS: Record<Tier, TierLimits> = {
  free: {
    projects: 1,
    keywordsPerProject: 10,
    subredditsPerProject: 5,
    scanIntervalHours: 24,
    commentThreadsPerScan: 10,
    feedWindowDays: 7,
    alertWebhooks: 0,
    alertCadence: 'daily',
    seoKeywords: 5,
    seoRefreshDays: 30,
    seoSearchVolume: false,
    competitors: 2,
    apiRequestsPerDay: 100,
    apiKeys: 2,
    dailySpendCapUsd: 0.5,
  },
  connected: {
    projects: 10,
    keywordsPerProject: 50,
    subredditsPerProject: 30,
    scanIntervalHours: 1,
    commentThreadsPerScan: 100,
    feedWindowDays: 30,
    alertWebhooks: 5,
    alertCadence: 'hourly',
    seoKeywords: 100,
    seoRefreshDays: 7,
    seoSearchVolume: true,
    competitors: 10,
    apiRequestsPerDay: 10_000,
    apiKeys: 10,
    dailySpendCapUsd: 20,
  },
};

const LIMIT_KEYS = Object.keys(DEFAULT_TIER_LIMITS.free) as (keyof TierLimits)[];

/** Limits added after files were written: a file without them gets the tier's default. */
const LATER_LIMIT_KEYS: (keyof TierLimits)[] = ['apiKeys', 'dailySpendCapUsd'];

function validateTierLimits(tier: Tier, value: unknown): TierLimits {
  if (typeof value !== 'object' || value === null)
    throw new ConfigError(`TIER_LIMITS_FILE: ${tier} must be an object`);
  const v: Record<string, unknown> = { ...value };
  for (const key of LATER_LIMIT_KEYS) if (!(key in v)) v[key] = DEFAULT_TIER_LIMITS[tier][key];
  for (const key of LIMIT_KEYS) {
    const field = v[key];
    const where = `TIER_LIMITS_FILE: ${tier}.${key}`;
    if (key === 'alertCadence') {
      if (field !== 'daily' && field !== 'hourly')
        throw new ConfigError(`${where} must be "daily" or "hourly"`);
    } else if (key === 'seoSearchVolume') {
      if (typeof field !== 'boolean') throw new ConfigError(`${where} must be true or false`);
    } else if (key === 'dailySpendCapUsd') {
      if (field !== null && !(typeof field === 'number' && Number.isFinite(field) && field >= 0))
        throw new ConfigError(`${where} must be a non-negative number of USD or null`);
    } else {
      const nullable = ![
        'scanIntervalHours',
        'feedWindowDays',
        'seoRefreshDays',
        'apiRequestsPerDay',
      ].includes(key);
      const ok = (nullable && field === null) || (Number.isInteger(field) && (field as number) >= 0);
      if (!ok) throw new ConfigError(`${where} must be a non-negative integer${nullable ? ' or null' : ''}`);
    }
  }
  return Object.fromEntries(LIMIT_KEYS.map((k) => [k, v[k]])) as unknown as TierLimits;
}

export function readTierLimits(env: Env): Record<Tier, TierLimits> {
  const file = env.TIER_LIMITS_FILE;
  if (!file) return DEFAULT_TIER_LIMITS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`TIER_LIMITS_FILE: cannot read ${file} as JSON (${(err as Error).message})`);
  }
  const record = parsed as Record<string, unknown>;
  return {
    free: validateTierLimits('free', record.free ?? DEFAULT_TIER_LIMITS.free),
    connected: validateTierLimits('connected', record.connected ?? DEFAULT_TIER_LIMITS.connected),
  };
}
