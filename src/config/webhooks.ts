// Alerts: the webhook sender's settings (docs/webhooks.md, "Operator settings").
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { ConfigError, type Env, type EnvVar, readInt } from './read.ts';

export const WEBHOOK_VARIABLES: EnvVar[] = [
  {
    name: 'WEBHOOK_ALLOW_PRIVATE',
    default: '`false`',
    doc: '`true` allows every address (a self-hosted instance whose receivers live on its own network); or a comma-separated list of addresses and CIDRs, e.g. `10.0.0.0/8,192.168.1.20`, allowed on top of public ones. Applies at registration and at delivery',
  },
  {
    name: 'WEBHOOK_CA_FILE',
    default: 'unset',
    doc: 'a PEM file of extra certificate authorities the sender trusts, on top of the default ones; for receivers with certificates from a private CA',
  },
  {
    name: 'WEBHOOK_RETRIES',
    default: '`0`',
    doc: 'automatic retries after a timeout, network error, 5xx, 408 or 429 (0 to 5)',
  },
  {
    name: 'WEBHOOK_RETRY_BACKOFF_MS',
    default: '`1000`',
    doc: 'the wait before the first retry (100 to 3600000); it doubles for each further one',
  },
  {
    name: 'WEBHOOK_CONCURRENCY_PER_ENDPOINT',
    default: '`8`',
    doc: 'requests in flight per webhook (1 to 256)',
  },
  {
    name: 'WEBHOOK_QUEUE_PER_ENDPOINT',
    default: '`2000`',
    doc: 'deliveries waiting per webhook before new ones are dropped',
  },
];

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

export function readWebhooks(env: Env): WebhooksConfig {
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
