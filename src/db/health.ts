import { boundStatements, type Db } from './client.ts';
import { latestMigrationVersion, migrate } from './migrate.ts';

export interface DbStatus {
  ready: boolean;
  database: 'ok' | 'unreachable';
  migrations: 'ok' | 'missing' | 'unknown';
}

/** PostgreSQL SQLSTATE classes and Node/pg messages that mean "the database is not there right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed|Cannot use a pool after calling end|Query read timeout/i;

/**
 * Whether an error means the database cannot be reached (a backend terminated, a server restarting or
 * gone): the request may succeed on retry, so it is a 503, not a 500. A schema that vanished is found by
 * the health check instead, which migrates again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return true;
    // 08: connection exception; 57P: operator intervention (terminated, shutting down, starting up);
    // 3D000: the database is gone (dropped, not yet restored); 53300: too many connections.
    if (code.startsWith('08') || code.startsWith('57P') || code === '3D000' || code === '53300') return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error('database check timed out')), ms).unref();
    }),
  ]);

/**
 * Readiness of the database: reachable, and migrated to the version this code needs. When the database is
 * reachable but its schema is gone (it came back empty), the check applies the migrations again, so the
 * service recovers without a restart (docs/reliability.md, "Database loss").
 */
export function createDbHealth(deps: { db: Db; timeoutMs?: number }) {
  const { db } = deps;
  const latest = latestMigrationVersion();
  const timeoutMs = deps.timeoutMs ?? 2000;
  let migrating: Promise<unknown> | null = null;

  async function schemaVersion(): Promise<number | null> {
    const [present] = await db.query<{ ok: boolean }>(
      "SELECT to_regclass('schema_migrations') IS NOT NULL AS ok",
    );
    if (!present?.ok) return null;
    const [row] = await db.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
    return row?.v ?? null;
  }

  async function check(): Promise<DbStatus> {
    let version: number | null;
    try {
      // Bounded on the client too, so that a frozen server does not keep a pooled session per check.
      version = await withTimeout(
        boundStatements(timeoutMs, () => schemaVersion()),
        timeoutMs,
      );
    } catch {
      return { ready: false, database: 'unreachable', migrations: 'unknown' };
    }
    if (version !== null && version >= latest) return { ready: true, database: 'ok', migrations: 'ok' };
    // Once at a time; the next check reports the result.
    if (!migrating) {
      migrating = migrate(db)
        .catch(() => {})
        .finally(() => {
          migrating = null;
        });
    }
    return { ready: false, database: 'ok', migrations: 'missing' };
  }

  return {
    check,
    /** Checks every intervalMs (re-migrating a database that came back empty); returns the stop function. */
    watch(intervalMs = 5000): () => void {
      const timer = setInterval(() => void check(), intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
export type DbHealth = ReturnType<typeof createDbHealth>;
