// The HTTP server and what it answers to: where it listens, its public URL, its limits, who may call /mcp from a
// browser, which proxy to trust, and who may read /metrics.
import { isIP } from 'node:net';
import { ConfigError, type Env, type EnvVar, readInt, readUrl } from './read.ts';

export const HTTP_VARIABLES: EnvVar[] = [
  {
    name: 'PORT',
    default: '`3000`',
    doc: 'HTTP port (0 to 65535)',
  },
  {
    name: 'HOST',
    default: '`127.0.0.1` self-hosted, `0.0.0.0` with `SELF_HOSTED=false`',
    doc: 'interface to listen on: self-hosted, only this machine can connect unless `HOST=0.0.0.0` (every interface; the Docker image sets it, behind your proxy or firewall)',
  },
  {
    name: 'PUBLIC_BASE_URL',
    default: '`http://localhost:$PORT`',
    doc: 'the public URL, used in the OpenAPI `servers`, printed links and dashboard sign-in links; with `https` the session cookie is `Secure`',
  },
  {
    name: 'MCP_ALLOWED_ORIGINS',
    default: 'none',
    doc: "browser origins (comma-separated, or `*`) allowed to call `/mcp` besides loopback and `PUBLIC_BASE_URL`'s; a request with any other `Origin` gets 403",
  },
  {
    name: 'TRUST_PROXY',
    default: '`false`',
    doc: 'behind a reverse proxy: `true`, or the proxy addresses/CIDRs, so the client address (sign-in throttling) comes from `X-Forwarded-For`',
  },
  {
    name: 'HTTP_HEADERS_TIMEOUT_MS',
    default: '`10000`',
    doc: 'a client must send its headers within this (100 to 600000)',
  },
  {
    name: 'HTTP_REQUEST_TIMEOUT_MS',
    default: '`30000`',
    doc: '... and its whole request within this (100 to 600000)',
  },
  {
    name: 'HTTP_MAX_CONNECTIONS',
    default: '`1024`',
    doc: 'sockets beyond this are closed as they arrive; within an eighth of it, each new socket closes the longest-idle one',
  },
  {
    name: 'HTTP_MAX_CONNECTIONS_PER_ADDRESS',
    default: '`256`',
    doc: "sockets one client address may hold; beyond it a new socket closes that address's longest-idle one, or is closed when none is idle. Behind a reverse proxy every socket is the proxy's: set it to what the proxy keeps open",
  },
  {
    name: 'METRICS_TOKEN',
    default: 'unset',
    doc: 'when set, `GET /metrics` needs `Authorization: Bearer <token>`',
  },
];

export interface HttpLimits {
  /** HTTP_HEADERS_TIMEOUT_MS: a client must finish sending its headers within this. */
  headersTimeoutMs: number;
  /** HTTP_REQUEST_TIMEOUT_MS: ... and its whole request within this. */
  requestTimeoutMs: number;
  /** HTTP_MAX_CONNECTIONS: sockets beyond this are closed as they arrive. */
  maxConnections: number;
  /** HTTP_MAX_CONNECTIONS_PER_ADDRESS: sockets one client address may hold. */
  maxConnectionsPerAddress: number;
}

/**
 * PORT, HOST and PUBLIC_BASE_URL (its default follows PORT). A self-hosted instance started on a laptop listens on
 * loopback only: its demo keys and sign-in links are not for the network it happens to be on.
 */
export function readListen(
  env: Env,
  selfHosted: boolean,
): { port: number; host: string; publicBaseUrl: string } {
  const port = readInt(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST || (selfHosted ? '127.0.0.1' : '0.0.0.0');
  const publicBaseUrl = (
    readUrl(env, 'PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`
  ).replace(/\/+$/, '');
  return { port, host, publicBaseUrl };
}

export function readHttpLimits(env: Env): HttpLimits {
  return {
    headersTimeoutMs: readInt(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
    requestTimeoutMs: readInt(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
    maxConnections: readInt(env, 'HTTP_MAX_CONNECTIONS', 1024, 1, 1_000_000),
    maxConnectionsPerAddress: readInt(env, 'HTTP_MAX_CONNECTIONS_PER_ADDRESS', 256, 1, 1_000_000),
  };
}

/** A comma-separated list of origins (scheme://host[:port]), or `*` for any. */
export function readOrigins(env: Env, name: string): string[] {
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

export function readTrustProxy(env: Env): boolean | string[] {
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
