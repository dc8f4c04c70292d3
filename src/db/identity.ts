import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import type { Config } from '../config/index.ts';

/** Which database a configuration names, for people: no password, ever. */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
  return `PostgreSQL ${user}${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/**
 * A fingerprint of the database a configuration names: two configurations that reach the same database (the
 * password aside) have the same one. The running service and a CLI compare it before the CLI sends a command.
 */
export function databaseIdentity(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  let named: string;
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    const user = decodeURIComponent(url.username) || 'postgres';
    named = `postgres://${user}@${url.hostname.toLowerCase()}:${url.port || '5432'}${url.pathname || '/'}`;
  } else {
    let dir = config.dataDir;
    try {
      dir = realpathSync(dir);
    } catch {
      // Not created yet: the configured path is the name.
    }
    named = `embedded:${dir}`;
  }
  return createHash('sha256').update(named).digest('hex');
}
