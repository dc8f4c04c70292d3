// How this process runs: its role among several sharing one database, its log level, whether it is self-hosted or
// a demo, and when scans run.
import { ConfigError, type Env, type EnvVar, readInt } from './read.ts';

export const SERVICE_VARIABLES: EnvVar[] = [
  {
    name: 'LOG_LEVEL',
    default: '`info`',
    doc: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`; JSON lines on standard output, written in batches (at most 25 ms late)',
  },
  {
    name: 'LOG_REQUESTS',
    default: 'unset',
    doc: '`true`: one `info` line per request; `false`: at `debug` only. Unset: `true`, except when standard output is a terminal and `LOG_LEVEL` is unset, so that the start banner and sign-in links stay readable',
  },
  {
    name: 'SELF_HOSTED',
    default: '`true`',
    doc: "a self-hosted instance has no tier limits; `false` applies each account's tier limits",
  },
  {
    name: 'DEMO',
    default: '`true`',
    doc: 'create the demo account on a fresh self-hosted instance (and, with no `SEO_PROVIDER`, replay the shipped SEO sample)',
  },
  {
    name: 'ROLE',
    default: '`all`',
    doc: `\`all\` (HTTP and jobs), \`api\` (HTTP only; scans are queued for a worker) or \`worker\` (scans, schedules, webhook delivery; no port but \`HEALTH_PORT\`'s probes); \`api\` and \`worker\` need \`DATABASE_URL\`: see the README, "Running several processes"`,
  },
  {
    name: 'HEALTH_PORT',
    default: 'unset',
    doc: '`ROLE=worker` only: serve `/healthz`, `/readyz` and `/metrics` on this port (on `HOST`); unset, a worker opens no port. `api` and `all` serve them on `PORT` and refuse `HEALTH_PORT`',
  },
  {
    name: 'WORKER_NICE',
    default: '`10`',
    doc: '`ROLE=worker` only: the nice value (0-19) a worker runs at, so scans yield the CPU to api processes on a shared host; 0 leaves it as started',
  },
  {
    name: 'SCAN_INTERVAL_MINUTES',
    default: '`60`',
    doc: "self-hosted scan interval (1 to 10080); hosted projects use their tier's `scanIntervalHours` (docs/decisions/0012-scan-pipeline.md)",
  },
  {
    name: 'SCAN_INTERVAL_SECONDS',
    default: 'unset',
    doc: 'self-hosted scan interval in seconds (5 to 3600), overriding `SCAN_INTERVAL_MINUTES`; under a minute the workers look for due scans twice per interval instead of once a minute (for near-real-time alerts; `npm run bench:freshness`)',
  },
  {
    name: 'SCAN_STALE_SECONDS',
    default: '`60`',
    doc: 'a running scan whose heartbeat is older than this is taken over by another worker (1 to 86400)',
  },
];

/** all: HTTP and jobs; api: HTTP only (scans are queued for a worker); worker: scans, schedules, webhooks. */
export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

export function readLogLevel(env: Env): string {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`,
    );
  }
  return logLevel;
}

/** LOG_REQUESTS: on, off, or (unset, and LOG_LEVEL unset) off only when standard output is a terminal. */
export type RequestLogging = 'on' | 'off' | 'unless-terminal';

export function readRequestLogging(env: Env): RequestLogging {
  const value = env.LOG_REQUESTS;
  if (value === undefined || value === '') return env.LOG_LEVEL ? 'on' : 'unless-terminal';
  if (value === 'true') return 'on';
  if (value === 'false') return 'off';
  throw new ConfigError(`LOG_REQUESTS must be true or false (got "${value}")`);
}

/** The level of the one line per request: info, or debug (not written at the default level). */
export function requestLogLevel(setting: RequestLogging, stdoutIsTerminal: boolean): 'info' | 'debug' {
  if (setting === 'unless-terminal') return stdoutIsTerminal ? 'debug' : 'info';
  return setting === 'on' ? 'info' : 'debug';
}

export function readRole(env: Env): Role {
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

export function readHealthPort(env: Env): number | null {
  if (env.HEALTH_PORT === undefined || env.HEALTH_PORT === '') return null;
  if ((env.ROLE || 'all') !== 'worker') {
    throw new ConfigError(
      'HEALTH_PORT is for ROLE=worker: ROLE=api and ROLE=all serve /healthz, /readyz and /metrics on PORT',
    );
  }
  return readInt(env, 'HEALTH_PORT', 0, 0, 65535);
}
