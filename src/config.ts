import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { TIERS, type Tier } from './accounts/tiers.ts';

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

/** The optional LLM scorer (OpenAI-compatible chat completions); null when LLM_BASE_URL is unset. */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Only items whose local score reaches this go to the model. */
  preScore: number;
  timeoutMs: number;
  concurrency: number;
  /** Prices used to report each call's cost, in USD per million tokens. */
  usdPerMTokIn: number;
  usdPerMTokOut: number;
  /** LLM_EMBEDDING_MODEL: when set, pain themes cluster the provider's embeddings instead of TF-IDF vectors. */
  embeddingModel: string | null;
}

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
  llm: LlmConfig | null;
  /** MEANING: the scorer's meaning stage (sentence encoder, docs/decisions/0094-meaning-stage.md); on by default. */
  meaning: boolean;
  /** Browser origins the tool endpoint accepts besides loopback and PUBLIC_BASE_URL's (docs/decisions/0040). */
  mcpAllowedOrigins: string[];
  /** Which upstream, replay settings, prices and reuse (issue #3), plus the network adapters' settings. */
  upstream: UpstreamConfig;
  /** Self-hosted scan interval; hosted projects use their tier's scanIntervalHours. */
  scanIntervalMinutes: number;
  /** A running scan whose heartbeat is older than this is taken over by another worker (crash recovery). */
  scanStaleSeconds: number;
  webhooks: WebhooksConfig;
  /** ROLE: what this process does (docs/decisions/0085-roles.md); several processes share one DATABASE_URL. */
  role: Role;
  /** Time-outs and the connection cap of the HTTP server (docs/reliability.md, "Hostile input"). */
  http: HttpLimits;
  /** METRICS_TOKEN: when set, /metrics needs Authorization: Bearer <token>. */
  metricsToken: string | null;
  /** HEALTH_PORT (ROLE=worker): the port of its /healthz, /readyz and /metrics; null: the worker opens no port. */
  healthPort: number | null;
  /** WORKER_NICE (ROLE=worker): the nice value a worker runs at, so scans yield the CPU to api processes. */
  workerNice: number;
  /** Dashboard sign-in: link delivery and sign-up (docs/decisions/0061-sign-in-from-the-page.md). */
  signIn: SignInConfig;
  /** TRUST_PROXY: whose X-Forwarded-For gives the client address (per-IP sign-in throttling); false: none. */
  trustProxy: boolean | string[];
  /** SEO opportunities' search provider (README "SEO opportunities"); provider null: no SEO calls at all. */
  seo: SeoConfig;
  /** AI engines check_ai_visibility asks (README "AI visibility"); empty: not configured. */
  aiEngines: AiEngineConfig[];
}

/** How sign-in links reach people, and who may create an account from the sign-in page. */
export interface SignInConfig {
  /** SMTP_URL (`smtp://` or `smtps://user:pass@host:port`); null: links are written to the service's log. */
  smtpUrl: string | null;
  /** MAIL_FROM, the sender of sign-in e-mails; required with SMTP_URL. */
  mailFrom: string | null;
  /** SIGNUP: open lets an unknown address create a free account from the page; default open only when hosted. */
  signup: 'open' | 'closed';
}

export interface HttpLimits {
  /** HTTP_HEADERS_TIMEOUT_MS: a client must finish sending its headers within this. */
  headersTimeoutMs: number;
  /** HTTP_REQUEST_TIMEOUT_MS: ... and its whole request within this. */
  requestTimeoutMs: number;
  /** HTTP_MAX_CONNECTIONS: sockets beyond this are closed as they arrive. */
  maxConnections: number;
}

/** all: HTTP and jobs; api: HTTP only (scans are queued for a worker); worker: scans, schedules, webhooks. */
export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** Webhook delivery settings (docs/webhooks.md, "Operator settings"). */
export interface WebhooksConfig {
  /** WEBHOOK_ALLOW_PRIVATE: true allows every private address; a list allows those addresses and CIDRs. */
  allowPrivate: boolean | string[];
  /** WEBHOOK_CA_FILE: extra PEM certificates the sender trusts, besides the default ones. */
  extraCaPem: string | null;
  timeoutMs: number;
  /** WEBHOOK_RETRIES: automatic retries after a failed attempt; 0 (the specification's default) turns them off. */
  retries: number;
  retryBackoffMs: number;
  concurrencyPerEndpoint: number;
  queuePerEndpoint: number;
}

export const UPSTREAMS = ['reddit', 'arcticshift', 'scrapecreators', 'replay'] as const;
export type UpstreamName = (typeof UPSTREAMS)[number];

export interface UpstreamConfig extends UpstreamNetworkConfig {
  name: UpstreamName;
  /** JSONL of posts and comments (the format of ../shared/data/reddit-posts.jsonl); default: the shipped sample. */
  replayFile: string;
  replayWindowDays: number;
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

function readNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || n < min || n > max) {
    throw new ConfigError(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

function readLlm(env: Env): LlmConfig | null {
  const baseUrl = readUrl(env, 'LLM_BASE_URL', ['http:', 'https:']);
  if (!baseUrl) return null;
  const model = env.LLM_MODEL?.trim();
  if (!model) throw new ConfigError('LLM_MODEL must be set when LLM_BASE_URL is set');
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: env.LLM_API_KEY || null,
    model,
    preScore: readInt(env, 'LLM_PRESCORE', 40, 0, 100),
    timeoutMs: readInt(env, 'LLM_TIMEOUT_MS', 20_000, 100, 300_000),
    concurrency: readInt(env, 'LLM_CONCURRENCY', 4, 1, 64),
    usdPerMTokIn: readNumber(env, 'LLM_USD_PER_MTOK_IN', 0, 0, 1000),
    usdPerMTokOut: readNumber(env, 'LLM_USD_PER_MTOK_OUT', 0, 0, 1000),
    embeddingModel: env.LLM_EMBEDDING_MODEL?.trim() || null,
  };
}

/** A comma-separated list of origins (scheme://host[:port]), or `*` for any. */
function readOrigins(env: Env, name: string): string[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return [];
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      if (part === '*') return part;
      const url = URL.canParse(part) ? new URL(part) : null;
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== part.replace(/\/+$/, '')) {
        throw new ConfigError(`${name} must list origins like https://app.example.com, or * (got "${part}")`);
      }
      return url.origin;
    });
}

function readAllowPrivate(env: Env): boolean | string[] {
  const raw = env.WEBHOOK_ALLOW_PRIVATE?.trim();
  if (!raw || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const ok =
      extra === undefined &&
      isIP(address ?? '') !== 0 &&
      (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address!) === 4 ? 32 : 128)));
    if (!ok) {
      throw new ConfigError(
        `WEBHOOK_ALLOW_PRIVATE must be true, false or a comma-separated list of IP addresses and CIDRs (got "${entry}")`,
      );
    }
  }
  return entries;
}

function readWebhooks(env: Env): WebhooksConfig {
  const caFile = env.WEBHOOK_CA_FILE;
  let extraCaPem: string | null = null;
  if (caFile) {
    try {
      extraCaPem = readFileSync(caFile, 'utf8');
    } catch (err) {
      throw new ConfigError(`WEBHOOK_CA_FILE: cannot read ${caFile} (${(err as Error).message})`);
    }
    if (!extraCaPem.includes('-----BEGIN CERTIFICATE-----')) {
      throw new ConfigError(`WEBHOOK_CA_FILE: ${caFile} holds no PEM certificate`);
    }
  }
  return {
    allowPrivate: readAllowPrivate(env),
    extraCaPem,
    timeoutMs: 5000,
    retries: readInt(env, 'WEBHOOK_RETRIES', 0, 0, 5),
    retryBackoffMs: readInt(env, 'WEBHOOK_RETRY_BACKOFF_MS', 1000, 100, 3_600_000),
    concurrencyPerEndpoint: readInt(env, 'WEBHOOK_CONCURRENCY_PER_ENDPOINT', 8, 1, 256),
    queuePerEndpoint: readInt(env, 'WEBHOOK_QUEUE_PER_ENDPOINT', 2000, 1, 1_000_000),
  };
}

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
    meaning: readBool(env, 'MEANING', true),
    tierLimits: readTierLimits(env),
    logLevel,
    llm: readLlm(env),
    mcpAllowedOrigins: readOrigins(env, 'MCP_ALLOWED_ORIGINS'),
    upstream: { ...readUpstreamNetwork(env), ...readUpstream(env) },
    scanIntervalMinutes: readInt(env, 'SCAN_INTERVAL_MINUTES', 60, 1, 10_080),
    scanStaleSeconds: readInt(env, 'SCAN_STALE_SECONDS', 60, 1, 86_400),
    webhooks: readWebhooks(env),
    http: {
      headersTimeoutMs: readInt(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
      requestTimeoutMs: readInt(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
      maxConnections: readInt(env, 'HTTP_MAX_CONNECTIONS', 1024, 1, 1_000_000),
    },
    metricsToken: env.METRICS_TOKEN || null,
    role: readRole(env),
    healthPort: readHealthPort(env),
    workerNice: readInt(env, 'WORKER_NICE', 10, 0, 19),
    signIn: readSignIn(env, readBool(env, 'SELF_HOSTED', true)),
    trustProxy: readTrustProxy(env),
    seo: readSeo(env),
    aiEngines: readAiEngines(env),
  };
}

function readRole(env: Env): Role {
  const role = env.ROLE || 'all';
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new ConfigError(`ROLE must be one of ${ROLES.join(', ')} (got "${role}")`);
  }
  // The embedded database belongs to one process (its data directory is locked): nothing to split.
  if (role !== 'all' && !env.DATABASE_URL) {
    throw new ConfigError(
      `ROLE=${role} needs DATABASE_URL (PostgreSQL): the embedded database serves one process, so only ROLE=all runs on it`,
    );
  }
  return role as Role;
}

function readHealthPort(env: Env): number | null {
  if (env.HEALTH_PORT === undefined || env.HEALTH_PORT === '') return null;
  if ((env.ROLE || 'all') !== 'worker') {
    throw new ConfigError(
      'HEALTH_PORT is for ROLE=worker: ROLE=api and ROLE=all serve /healthz, /readyz and /metrics on PORT',
    );
  }
  return readInt(env, 'HEALTH_PORT', 0, 0, 65535);
}

function readSignIn(env: Env, selfHosted: boolean): SignInConfig {
  const smtpUrl = readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const mailFrom = env.MAIL_FROM?.trim() || null;
  if (smtpUrl && !mailFrom) throw new ConfigError('MAIL_FROM must be set when SMTP_URL is set');
  if (mailFrom && !/^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+>?$/.test(mailFrom)) {
    throw new ConfigError(`MAIL_FROM must be an address, or "Name <address>" (got "${mailFrom}")`);
  }
  const signup = env.SIGNUP?.trim().toLowerCase() || (selfHosted ? 'closed' : 'open');
  if (signup !== 'open' && signup !== 'closed') {
    throw new ConfigError(`SIGNUP must be open or closed (got "${env.SIGNUP}")`);
  }
  return { smtpUrl, mailFrom, signup };
}

function readTrustProxy(env: Env): boolean | string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    if (extra !== undefined || isIP(address ?? '') === 0 || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new ConfigError(
        `TRUST_PROXY must be true, false or a list of proxy addresses and CIDRs (got "${entry}")`,
      );
    }
  }
  return entries;
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

const SAMPLE_CORPUS = resolve(import.meta.dirname, '../sample/corpus.jsonl');

function readUpstream(env: Env): Omit<UpstreamConfig, keyof UpstreamNetworkConfig> {
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
    sample: name === 'replay' && !env.REPLAY_FILE,
    priceOverrides: readPriceOverrides(env.UPSTREAM_PRICES_FILE),
    freshnessMinutes: readInt(env, 'UPSTREAM_FRESHNESS_MINUTES', 15, 0, 10_080),
    deletionRecheckDays: readInt(env, 'DELETION_RECHECK_DAYS', 30, 0, 365),
    dailyCapUsd: readDailyCap(env),
  };
}

// --- Network upstream adapters (reddit, arcticshift, scrapecreators); docs/upstream.md ---

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

function readUpstreamNetwork(env: Env): UpstreamNetworkConfig {
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

// --- Intelligence: SEO provider and AI engines (docs/decisions/0071, 0072) ---

export const SEO_PROVIDERS = ['serper', 'serpapi', 'replay'] as const;
export type SeoProviderName = (typeof SEO_PROVIDERS)[number];

export interface SeoConfig {
  provider: SeoProviderName | null;
  serper: { apiKey: string | null; baseUrl: string };
  serpapi: { apiKey: string | null; baseUrl: string };
  /** Recorded results (SEO_REPLAY_FILE); the shipped sample when the demo runs without a provider. */
  replayFile: string | null;
  /** True when the replay file is the shipped sample: the dashboard labels its results as sample data. */
  sample: boolean;
  timeoutMs: number;
}

const SAMPLE_SEO = resolve(import.meta.dirname, '../sample/seo-replay.json');

function readSeo(env: Env): SeoConfig {
  const web = ['http:', 'https:'];
  const raw = env.SEO_PROVIDER?.trim();
  if (raw && raw !== 'none' && !(SEO_PROVIDERS as readonly string[]).includes(raw)) {
    throw new ConfigError(`SEO_PROVIDER must be one of ${SEO_PROVIDERS.join(', ')} or none (got "${raw}")`);
  }
  // The demo shows opportunities out of the box from the shipped sample, labelled as such; none turns SEO off.
  const demo = readBool(env, 'DEMO', true);
  const provider = (raw === 'none' ? null : raw || (demo ? 'replay' : null)) as SeoProviderName | null;
  const config: SeoConfig = {
    provider,
    serper: {
      apiKey: env.SERPER_API_KEY || null,
      baseUrl: (readUrl(env, 'SERPER_BASE_URL', web) ?? 'https://google.serper.dev').replace(/\/+$/, ''),
    },
    serpapi: {
      apiKey: env.SERPAPI_API_KEY || null,
      baseUrl: (readUrl(env, 'SERPAPI_BASE_URL', web) ?? 'https://serpapi.com').replace(/\/+$/, ''),
    },
    replayFile: provider === 'replay' ? resolve(env.SEO_REPLAY_FILE || SAMPLE_SEO) : null,
    sample: provider === 'replay' && !env.SEO_REPLAY_FILE,
    timeoutMs: readInt(env, 'SEO_TIMEOUT_MS', 15_000, 100, 300_000),
  };
  if (provider === 'serper' && !config.serper.apiKey)
    throw new ConfigError('SEO_PROVIDER=serper needs SERPER_API_KEY');
  if (provider === 'serpapi' && !config.serpapi.apiKey) {
    throw new ConfigError('SEO_PROVIDER=serpapi needs SERPAPI_API_KEY');
  }
  return config;
}

export interface AiEngineConfig {
  name: string;
  baseUrl: string;
  model: string;
  apiKey: string | null;
  /** Answers asked per check, in parallel (default 1). */
  samples: number;
  timeoutMs: number;
  usdPerMTokIn: number;
  usdPerMTokOut: number;
}

function readAiEngines(env: Env): AiEngineConfig[] {
  let raw = env.AI_ENGINES?.trim();
  const where = raw ? 'AI_ENGINES' : 'AI_ENGINES_FILE';
  if (!raw && env.AI_ENGINES_FILE) {
    try {
      raw = readFileSync(env.AI_ENGINES_FILE, 'utf8');
    } catch (err) {
      throw new ConfigError(
        `AI_ENGINES_FILE: cannot read ${env.AI_ENGINES_FILE} (${(err as Error).message})`,
      );
    }
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    throw new ConfigError(`${where} must be a JSON array of engines (${(err as Error).message})`);
  }
  if (!Array.isArray(parsed)) throw new ConfigError(`${where} must be a JSON array of engines`);
  const timeoutMs = readInt(env, 'AI_ENGINE_TIMEOUT_MS', 30_000, 100, 300_000);
  const names = new Set<string>();
  return parsed.map((e: Record<string, unknown>, i) => {
    const at = `${where}[${i}]`;
    if (typeof e !== 'object' || e === null) throw new ConfigError(`${at} must be an object`);
    const str = (k: string) =>
      typeof e[k] === 'string' && (e[k] as string).trim() ? (e[k] as string).trim() : null;
    const name = str('name');
    const model = str('model');
    const baseUrl = str('baseUrl');
    if (!name || !model || !baseUrl) throw new ConfigError(`${at} needs "name", "baseUrl" and "model"`);
    if (names.has(name)) throw new ConfigError(`${at}: the name "${name}" is used twice`);
    names.add(name);
    if (!URL.canParse(baseUrl) || !['http:', 'https:'].includes(new URL(baseUrl).protocol)) {
      throw new ConfigError(`${at}.baseUrl must be an http(s) URL (got "${baseUrl}")`);
    }
    const samples = e.samples ?? 1;
    if (!Number.isInteger(samples) || (samples as number) < 1 || (samples as number) > 10) {
      throw new ConfigError(`${at}.samples must be an integer from 1 to 10`);
    }
    const price = (k: string) => {
      const v = e[k] ?? 0;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
        throw new ConfigError(`${at}.${k} must be a number >= 0`);
      return v;
    };
    return {
      name,
      baseUrl: baseUrl.replace(/\/+$/, ''),
      model,
      apiKey: str('apiKey'),
      samples: samples as number,
      timeoutMs,
      usdPerMTokIn: price('usdPerMTokIn'),
      usdPerMTokOut: price('usdPerMTokOut'),
    };
  });
}
