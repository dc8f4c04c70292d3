// Where scans read Reddit and what it costs: the upstream, the replay corpus, prices, reuse, the daily spend cap,
// deletion re-checks and the network adapters' settings (docs/upstream.md).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, type Env, type EnvVar, readInt, readNumber, readUrl } from './read.ts';

export const UPSTREAM_VARIABLES: EnvVar[] = [
  {
    name: 'UPSTREAM',
    default: '`replay`',
    doc: 'where scans read Reddit: `reddit`, `arcticshift`, `scrapecreators` or `replay` (docs/upstream.md)',
  },
  {
    name: 'REPLAY_FILE',
    default: '`sample/corpus.jsonl`',
    doc: 'JSONL of posts and comments that `replay` serves; unset, the shipped sample corpus, and the dashboard says its leads are sample data',
  },
  {
    name: 'REPLAY_WINDOW_DAYS',
    default: '`7`',
    doc: 'how far back `replay` answers (0.001 to 3650 days)',
  },
  {
    name: 'REPLAY_LIVE_MINUTES',
    default: '`0`',
    doc: "live replay (0 to 10080): the file's timeline ends this many minutes after the first read, so its newest items appear upstream as their time comes, as on Reddit (`npm run bench:freshness`)",
  },
  {
    name: 'REPLAY_PRICE_USD',
    default: '`0.001`',
    doc: 'the recorded price of one `replay` call, in USD',
  },
  {
    name: 'REPLAY_LATENCY_MS',
    default: '`0`',
    doc: 'simulated latency of each `replay` call, for demos and crash tests (0 to 60000)',
  },
  {
    name: 'UPSTREAM_PRICES_FILE',
    default: 'unset',
    doc: 'a JSON object `{ "<api>": usdPerCall }` overriding the price table (src/upstream/prices.ts)',
  },
  {
    name: 'UPSTREAM_FRESHNESS_MINUTES',
    default: '`15`',
    doc: 'data another project bought this recently is reused instead of fetched again (0 to 10080; docs/decisions/0011-upstream-reuse-and-cost.md)',
  },
  {
    name: 'DELETION_RECHECK_DAYS',
    default: '`30`',
    doc: 'leads whose post or comment is at most this many days old are asked about again to learn deletions (docs/decisions/0103-deleted-items.md); `0` turns the re-check off',
  },
  {
    name: 'UPSTREAM_DAILY_CAP_USD',
    default: '`5`',
    doc: "self-hosted accounts' default daily spend cap in USD (an account may set its own); `off`: no cap. Hosted accounts use their tier's `dailySpendCapUsd` (docs/decisions/0102-daily-spend-cap.md)",
  },
  {
    name: 'UPSTREAM_TIMEOUT_MS',
    default: '`15000`',
    doc: 'per-attempt timeout of every upstream HTTP request (100 to 300000)',
  },
  {
    name: 'REDDIT_CLIENT_ID',
    default: 'unset',
    doc: 'required with `UPSTREAM=reddit`',
  },
  {
    name: 'REDDIT_CLIENT_SECRET',
    default: 'unset',
    doc: 'required with `UPSTREAM=reddit`',
  },
  {
    name: 'REDDIT_USER_AGENT',
    default: 'unset',
    doc: 'required with `UPSTREAM=reddit`; must be `<platform>:<app id>:<version> (by /u/<username>)`, e.g. `web:leadscan:1.0.0 (by /u/yourname)`',
  },
  {
    name: 'REDDIT_API_BASE_URL',
    default: '`https://oauth.reddit.com`',
    doc: 'reddit',
  },
  {
    name: 'REDDIT_AUTH_URL',
    default: '`https://www.reddit.com/api/v1/access_token`',
    doc: 'reddit',
  },
  {
    name: 'ARCTICSHIFT_BASE_URL',
    default: '`https://arctic-shift.photon-reddit.com`',
    doc: 'arcticshift',
  },
  {
    name: 'SCRAPECREATORS_API_KEY',
    default: 'unset',
    doc: 'required with `UPSTREAM=scrapecreators`',
  },
  {
    name: 'SCRAPECREATORS_BASE_URL',
    default: '`https://api.scrapecreators.com`',
    doc: 'scrapecreators',
  },
];

export const UPSTREAMS = ['reddit', 'arcticshift', 'scrapecreators', 'replay'] as const;
export type UpstreamName = (typeof UPSTREAMS)[number];

export interface UpstreamConfig extends UpstreamNetworkConfig {
  name: UpstreamName;
  /** JSONL of posts and comments (the format of ../shared/data/reddit-posts.jsonl); default: the shipped sample. */
  replayFile: string;
  replayWindowDays: number;
  /** REPLAY_LIVE_MINUTES: the newest items of the file appear over this many minutes after the first read. */
  replayLiveMinutes: number;
  replayPriceUsd: number;
  /** Simulated latency of each replay call, for demos and crash tests; 0 by default. */
  replayLatencyMs: number;
  /** True when scans replay the shipped sample corpus: the dashboard says its leads are sample data. */
  sample: boolean;
  /** UPSTREAM_PRICES_FILE, a JSON object { "<api>": usdPerCall }, overriding src/upstream/prices.ts. */
  priceOverrides: Record<string, number>;
  /** Data another project bought this recently is reused instead of fetched again. */
  freshnessMinutes: number;
  /**
   * DELETION_RECHECK_DAYS: leads whose post or comment is at most this many days old are asked about again, to
   * learn deletions (docs/decisions/0103-deleted-items.md); 0 turns the re-check off.
   */
  deletionRecheckDays: number;
  /**
   * UPSTREAM_DAILY_CAP_USD: self-hosted accounts' default daily spend cap in USD (an account may set its own);
   * null (`off`): no cap. Hosted accounts use their tier's dailySpendCapUsd.
   */
  dailyCapUsd: number | null;
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

/** Self-hosted accounts' default daily spend cap (ADR 0102): a safe default a person raises, not a surprise bill. */
export const DEFAULT_DAILY_CAP_USD = 5;

function readDailyCap(env: Env): number | null {
  const raw = env.UPSTREAM_DAILY_CAP_USD?.trim();
  if (raw === undefined || raw === '') return DEFAULT_DAILY_CAP_USD;
  if (raw.toLowerCase() === 'off') return null;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) > 1_000_000) {
    throw new ConfigError(
      `UPSTREAM_DAILY_CAP_USD must be a number of USD from 0 to 1000000, or off for no cap (got "${raw}")`,
    );
  }
  return Number(raw);
}

const SAMPLE_CORPUS = resolve(import.meta.dirname, '../../sample/corpus.jsonl');

export function readUpstream(env: Env): Omit<UpstreamConfig, keyof UpstreamNetworkConfig> {
  const name = env.UPSTREAM || 'replay';
  if (!(UPSTREAMS as readonly string[]).includes(name)) {
    throw new ConfigError(`UPSTREAM must be one of ${UPSTREAMS.join(', ')} (got "${name}")`);
  }
  return {
    name: name as UpstreamName,
    replayFile: resolve(env.REPLAY_FILE || SAMPLE_CORPUS),
    replayWindowDays: readNumber(env, 'REPLAY_WINDOW_DAYS', 7, 0.001, 3650),
    replayLiveMinutes: readNumber(env, 'REPLAY_LIVE_MINUTES', 0, 0, 10_080),
    replayPriceUsd: readNumber(env, 'REPLAY_PRICE_USD', 0.001, 0, 100),
    replayLatencyMs: readInt(env, 'REPLAY_LATENCY_MS', 0, 0, 60_000),
    sample: name === 'replay' && !env.REPLAY_FILE,
    priceOverrides: readPriceOverrides(env.UPSTREAM_PRICES_FILE),
    freshnessMinutes: readInt(env, 'UPSTREAM_FRESHNESS_MINUTES', 15, 0, 10_080),
    deletionRecheckDays: readInt(env, 'DELETION_RECHECK_DAYS', 30, 0, 365),
    dailyCapUsd: readDailyCap(env),
  };
}

/** Settings of the network upstream adapters; credentials are null when unset. */
export interface UpstreamNetworkConfig {
  /** UPSTREAM_TIMEOUT_MS: per-attempt timeout of every upstream HTTP request. */
  timeoutMs: number;
  reddit: {
    clientId: string | null;
    clientSecret: string | null;
    /** `<platform>:<app id>:<version> (by /u/<username>)`, as Reddit requires. */
    userAgent: string | null;
    apiBaseUrl: string;
    authUrl: string;
  };
  arcticshift: { baseUrl: string };
  scrapecreators: { apiKey: string | null; baseUrl: string };
}

export const REDDIT_USER_AGENT_FORM = /^[^\s:]+:[^\s:]+:[^\s:]+ \(by \/u\/[A-Za-z0-9_-]{3,20}\)$/;

export function readUpstreamNetwork(env: Env): UpstreamNetworkConfig {
  const web = ['http:', 'https:'];
  const userAgent = env.REDDIT_USER_AGENT || null;
  if (userAgent !== null && !REDDIT_USER_AGENT_FORM.test(userAgent)) {
    throw new ConfigError(
      `REDDIT_USER_AGENT must look like "<platform>:<app id>:<version> (by /u/<username>)" (got "${userAgent}")`,
    );
  }
  const config: UpstreamNetworkConfig = {
    timeoutMs: readInt(env, 'UPSTREAM_TIMEOUT_MS', 15_000, 100, 300_000),
    reddit: {
      clientId: env.REDDIT_CLIENT_ID || null,
      clientSecret: env.REDDIT_CLIENT_SECRET || null,
      userAgent,
      apiBaseUrl: readUrl(env, 'REDDIT_API_BASE_URL', web) ?? 'https://oauth.reddit.com',
      authUrl: readUrl(env, 'REDDIT_AUTH_URL', web) ?? 'https://www.reddit.com/api/v1/access_token',
    },
    arcticshift: {
      baseUrl: readUrl(env, 'ARCTICSHIFT_BASE_URL', web) ?? 'https://arctic-shift.photon-reddit.com',
    },
    scrapecreators: {
      apiKey: env.SCRAPECREATORS_API_KEY || null,
      baseUrl: readUrl(env, 'SCRAPECREATORS_BASE_URL', web) ?? 'https://api.scrapecreators.com',
    },
  };
  const needs: Record<string, [string, string | null][]> = {
    reddit: [
      ['REDDIT_CLIENT_ID', config.reddit.clientId],
      ['REDDIT_CLIENT_SECRET', config.reddit.clientSecret],
      ['REDDIT_USER_AGENT', config.reddit.userAgent],
    ],
    scrapecreators: [['SCRAPECREATORS_API_KEY', config.scrapecreators.apiKey]],
  };
  const missing = (needs[env.UPSTREAM ?? ''] ?? []).filter(([, v]) => v === null).map(([k]) => k);
  if (missing.length) throw new ConfigError(`UPSTREAM=${env.UPSTREAM} needs ${missing.join(', ')}`);
  return config;
}
