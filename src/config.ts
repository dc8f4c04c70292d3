import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Tier limits, keyed by tier. A null means no limit. Same shape as the API's TierLimits. */
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
}

export const TIERS = ['free', 'connected'] as const;
export type Tier = (typeof TIERS)[number];

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
  },
};

export interface Config {
  port: number;
  host: string;
  publicBaseUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  selfHosted: boolean;
  demo: boolean;
  tierLimits: Record<Tier, TierLimits>;
  logLevel: string;
  upstream: UpstreamConfig;
  /** Self-hosted scan interval; hosted projects use their tier's scanIntervalHours. */
  scanIntervalMinutes: number;
  /** A running scan whose heartbeat is older than this is taken over by another worker (crash recovery). */
  scanStaleSeconds: number;
}

export const UPSTREAMS = ['reddit', 'arcticshift', 'scrapecreators', 'replay'] as const;
export type UpstreamName = (typeof UPSTREAMS)[number];

export interface UpstreamConfig {
  name: UpstreamName;
  /** JSONL of posts and comments (the format of ../shared/data/reddit-posts.jsonl); default: the shipped sample. */
  replayFile: string;
  replayWindowDays: number;
  replayPriceUsd: number;
  /** Simulated latency of each replay call, for demos and crash tests; 0 by default. */
  replayLatencyMs: number;
  /** UPSTREAM_PRICES_FILE, a JSON object { "<api>": usdPerCall }, overriding src/upstream/prices.ts. */
  priceOverrides: Record<string, number>;
  /** Data another project bought this recently is reused instead of fetched again. */
  freshnessMinutes: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${env[name]}")`);
}

function readUrl(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (got "${raw}")`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')} (got "${url.protocol}")`);
  }
  return raw;
}

const LIMIT_KEYS = Object.keys(DEFAULT_TIER_LIMITS.free) as (keyof TierLimits)[];

function validateTierLimits(tier: string, value: unknown): TierLimits {
  if (typeof value !== 'object' || value === null)
    throw new ConfigError(`TIER_LIMITS_FILE: ${tier} must be an object`);
  const v = value as Record<string, unknown>;
  for (const key of LIMIT_KEYS) {
    const field = v[key];
    const where = `TIER_LIMITS_FILE: ${tier}.${key}`;
    if (key === 'alertCadence') {
      if (field !== 'daily' && field !== 'hourly')
        throw new ConfigError(`${where} must be "daily" or "hourly"`);
    } else if (key === 'seoSearchVolume') {
      if (typeof field !== 'boolean') throw new ConfigError(`${where} must be true or false`);
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

function readTierLimits(env: Env): Record<Tier, TierLimits> {
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

/** Reads and validates every setting once; throws ConfigError naming the bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const port = readInt(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST || '0.0.0.0';
  const publicBaseUrl = (
    readUrl(env, 'PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`
  ).replace(/\/+$/, '');
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`,
    );
  }
  return {
    port,
    host,
    publicBaseUrl,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    selfHosted: readBool(env, 'SELF_HOSTED', true),
    demo: readBool(env, 'DEMO', true),
    tierLimits: readTierLimits(env),
    logLevel,
    upstream: readUpstream(env),
    scanIntervalMinutes: readInt(env, 'SCAN_INTERVAL_MINUTES', 60, 1, 10_080),
    scanStaleSeconds: readInt(env, 'SCAN_STALE_SECONDS', 60, 1, 86_400),
  };
}

function readNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || n < min || n > max) {
    throw new ConfigError(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

function readPriceOverrides(file: string | undefined): Record<string, number> {
  if (!file) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`UPSTREAM_PRICES_FILE: cannot read ${file} as JSON (${(err as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('UPSTREAM_PRICES_FILE must hold an object of { "<api>": usdPerCall }');
  }
  for (const [api, usd] of Object.entries(parsed)) {
    if (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0) {
      throw new ConfigError(`UPSTREAM_PRICES_FILE: ${api} must be a non-negative number of USD per call`);
    }
  }
  return parsed as Record<string, number>;
}

const SAMPLE_CORPUS = resolve(import.meta.dirname, '../sample/corpus.jsonl');

function readUpstream(env: Env): UpstreamConfig {
  const name = env.UPSTREAM || 'replay';
  if (!(UPSTREAMS as readonly string[]).includes(name)) {
    throw new ConfigError(`UPSTREAM must be one of ${UPSTREAMS.join(', ')} (got "${name}")`);
  }
  return {
    name: name as UpstreamName,
    replayFile: resolve(env.REPLAY_FILE || SAMPLE_CORPUS),
    replayWindowDays: readNumber(env, 'REPLAY_WINDOW_DAYS', 7, 0.001, 3650),
    replayPriceUsd: readNumber(env, 'REPLAY_PRICE_USD', 0.001, 0, 100),
    replayLatencyMs: readInt(env, 'REPLAY_LATENCY_MS', 0, 0, 60_000),
    priceOverrides: readPriceOverrides(env.UPSTREAM_PRICES_FILE),
    freshnessMinutes: readInt(env, 'UPSTREAM_FRESHNESS_MINUTES', 15, 0, 10_080),
  };
}
