// Reading one environment variable: each reader checks the value and throws a ConfigError naming the variable.

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

/** One environment variable as docs/configuration.md lists it (npm run configuration writes the page). */
export interface EnvVar {
  name: string;
  /** The default as a person reads it (`3000`, unset, "`closed` self-hosted, `open` hosted"). */
  default: string;
  /** What it does and which values it takes, in Markdown. */
  doc: string;
}

export function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

export function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${env[name]}")`);
}

export function readUrl(env: Env, name: string, protocols: string[]): string | null {
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

export function readNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || n < min || n > max) {
    throw new ConfigError(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}
