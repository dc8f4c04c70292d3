// One schema for every environment variable, by concern, read and checked once at start: loadConfig composes the
// concerns' readers into Config; CONFIG_VARIABLES lists every variable for docs/configuration.md.
import { DATABASE_VARIABLES, readDatabase } from './database.ts';
import {
  HTTP_VARIABLES,
  type HttpLimits,
  readHttpLimits,
  readListen,
  readOrigins,
  readTrustProxy,
} from './http.ts';
import {
  type AiEngineConfig,
  INSIGHTS_VARIABLES,
  readAiEngines,
  readSeo,
  type SeoConfig,
} from './insights.ts';
import { LIMITS_VARIABLES, readTierLimits, type Tier, type TierLimits } from './limits.ts';
import { MAIL_VARIABLES, readSignIn, type SignInConfig } from './mail.ts';
import { ONBOARDING_VARIABLES, type OnboardingConfig, readOnboarding } from './onboarding.ts';
import { type Env, type EnvVar, readBool, readInt } from './read.ts';
import { defaultMeaningThreads, type LlmConfig, readLlm, SCORING_VARIABLES } from './scoring.ts';
import {
  type RequestLogging,
  type Role,
  readHealthPort,
  readLogLevel,
  readRequestLogging,
  readRole,
  SERVICE_VARIABLES,
} from './service.ts';
import { readUpstream, readUpstreamNetwork, UPSTREAM_VARIABLES, type UpstreamConfig } from './upstream.ts';
import { readWebhooks, WEBHOOK_VARIABLES, type WebhooksConfig } from './webhooks.ts';

export type { HttpLimits } from './http.ts';
export type { AiEngineConfig, SeoConfig, SeoProviderName } from './insights.ts';
export { SEO_PROVIDERS } from './insights.ts';
export { DEFAULT_TIER_LIMITS, TIERS, type Tier, type TierLimits } from './limits.ts';
export type { SignInConfig } from './mail.ts';
export type { OnboardingConfig } from './onboarding.ts';
export { ConfigError, type EnvVar } from './read.ts';
export type { LlmConfig } from './scoring.ts';
export { type RequestLogging, ROLES, type Role, requestLogLevel } from './service.ts';
export {
  DEFAULT_DAILY_CAP_USD,
  REDDIT_USER_AGENT_FORM,
  UPSTREAMS,
  type UpstreamConfig,
  type UpstreamName,
  type UpstreamNetworkConfig,
} from './upstream.ts';
export type { WebhooksConfig } from './webhooks.ts';

export interface Config {
  port: number;
  host: string;
  publicBaseUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  /** DATABASE_QUERY_TIMEOUT_MS: how long a request's statement may go unanswered before the request is a 503. */
  databaseQueryTimeoutMs: number;
  selfHosted: boolean;
  demo: boolean;
  tierLimits: Record<Tier, TierLimits>;
  logLevel: string;
  /** LOG_REQUESTS; main.ts resolves it against the terminal (requestLogLevel). */
  requestLogging: RequestLogging;
  llm: LlmConfig | null;
  /** MEANING: the scorer's meaning stage (sentence encoder, docs/decisions/0094-meaning-stage.md); on by default. */
  meaning: boolean;
  /** MEANING_THREADS: the encoder's threads (each its own model); defaultEncoderThreads() when unset. */
  meaningThreads: number;
  /** Browser origins the tool endpoint accepts besides loopback and PUBLIC_BASE_URL's (docs/decisions/0040). */
  mcpAllowedOrigins: string[];
  /** Which upstream, replay settings, prices and reuse (issue #3), plus the network adapters' settings. */
  upstream: UpstreamConfig;
  /** Self-hosted scan interval; hosted projects use their tier's scanIntervalHours. */
  scanIntervalMinutes: number;
  /** SCAN_INTERVAL_SECONDS: a self-hosted interval in seconds that overrides the minutes; null when unset. */
  scanIntervalSeconds: number | null;
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
  /** Reading a product page for a suggested profile (docs/onboarding.md). */
  onboarding: OnboardingConfig;
}

/** Every environment variable, by concern, in the order docs/configuration.md lists them. */
export const CONFIG_VARIABLES: { concern: string; variables: EnvVar[] }[] = [
  { concern: 'HTTP', variables: HTTP_VARIABLES },
  { concern: 'Database', variables: DATABASE_VARIABLES },
  { concern: 'Service and processes', variables: SERVICE_VARIABLES },
  { concern: 'Limits', variables: LIMITS_VARIABLES },
  { concern: 'Upstream (Reddit data)', variables: UPSTREAM_VARIABLES },
  { concern: 'Scoring', variables: SCORING_VARIABLES },
  { concern: 'Sign-in mail', variables: MAIL_VARIABLES },
  { concern: 'Alerts (webhooks)', variables: WEBHOOK_VARIABLES },
  { concern: 'Intelligence (SEO, AI visibility)', variables: INSIGHTS_VARIABLES },
  { concern: 'Onboarding (suggested profiles)', variables: ONBOARDING_VARIABLES },
];

/** Reads and validates every setting once; throws ConfigError naming the bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const listen = readListen(env, readBool(env, 'SELF_HOSTED', true));
  const logLevel = readLogLevel(env);
  return {
    ...listen,
    ...readDatabase(env),
    selfHosted: readBool(env, 'SELF_HOSTED', true),
    demo: readBool(env, 'DEMO', true),
    meaning: readBool(env, 'MEANING', true),
    meaningThreads: readInt(env, 'MEANING_THREADS', defaultMeaningThreads(), 1, 16),
    tierLimits: readTierLimits(env),
    logLevel,
    requestLogging: readRequestLogging(env),
    llm: readLlm(env),
    mcpAllowedOrigins: readOrigins(env, 'MCP_ALLOWED_ORIGINS'),
    upstream: { ...readUpstreamNetwork(env), ...readUpstream(env) },
    scanIntervalMinutes: readInt(env, 'SCAN_INTERVAL_MINUTES', 60, 1, 10_080),
    scanIntervalSeconds: env.SCAN_INTERVAL_SECONDS
      ? readInt(env, 'SCAN_INTERVAL_SECONDS', 60, 5, 3600)
      : null,
    scanStaleSeconds: readInt(env, 'SCAN_STALE_SECONDS', 60, 1, 86_400),
    webhooks: readWebhooks(env),
    http: readHttpLimits(env),
    metricsToken: env.METRICS_TOKEN || null,
    role: readRole(env),
    healthPort: readHealthPort(env),
    workerNice: readInt(env, 'WORKER_NICE', 10, 0, 19),
    signIn: readSignIn(env, readBool(env, 'SELF_HOSTED', true)),
    trustProxy: readTrustProxy(env),
    seo: readSeo(env),
    aiEngines: readAiEngines(env),
    onboarding: readOnboarding(env),
  };
}
