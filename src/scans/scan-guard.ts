import type pg from 'pg';
import type { Db } from '../db/client.ts';

/** First keys of the two-key advisory locks (docs/decisions/0086-scan-guard.md); the second is hashtext(name). */
export const PROJECT_LOCK = 7301;
const LISTING_LOCK = 7302;
const SPEND_LOCK = 7303;

/** A project's scan slot, held on a database session of its own for as long as the scan runs. */
export interface ScanGuard {
  /**
   * True on PostgreSQL: no other session holds this project, so a scan of it still marked running has no live
   * runner. False on the embedded database (one process; only a stale heartbeat tells a dead runner).
   */
  readonly exclusive: boolean;
  /** The lock's session is gone (connection lost): another worker may take the scan over; stop. */
  readonly lost: boolean;
  /** Runs fn holding the listing across processes, so two workers never buy the same page at once. */
  withListing<T>(listing: string, fn: () => Promise<T>): Promise<T>;
  /** Runs fn holding the account's spend across processes: one buying unit at a time under a cap (ADR 0102). */
  withAccount<T>(userId: string, fn: () => Promise<T>): Promise<T>;
  release(): Promise<void>;
}

const embedded: ScanGuard = {
  exclusive: false,
  lost: false,
  withListing: (_listing, fn) => fn(),
  withAccount: (_userId, fn) => fn(),
  release: async () => {},
};

/**
 * Takes the project's advisory lock on a session of its own; null when another session holds it (a scan of
 * the project is running elsewhere). PostgreSQL releases the lock the moment that session ends, kill -9 included.
 */
export async function guardProject(db: Db, projectId: string): Promise<ScanGuard | null> {
  if (!('pool' in db)) return embedded;
  const client: pg.PoolClient = await (db as Db & { pool: pg.Pool }).pool.connect();
  let lost = false;
  const onError = () => {
    lost = true;
  };
  client.on('error', onError);
  const done = () => {
    client.off('error', onError);
    // Destroyed, not returned to the pool: whatever it held goes with it.
    client.release(true);
  };
  try {
    const { rows } = await client.query<{ ok: boolean }>(
      'SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok',
      [PROJECT_LOCK, projectId],
    );
    if (!rows[0]?.ok) {
      done();
      return null;
    }
  } catch (err) {
    done();
    throw err;
  }
  const holding = async <T>(key: number, name: string, fn: () => Promise<T>): Promise<T> => {
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [key, name]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [key, name]).catch(() => {});
    }
  };
  return {
    exclusive: true,
    get lost() {
      return lost;
    },
    withListing: (listing, fn) => holding(LISTING_LOCK, listing, fn),
    withAccount: (userId, fn) => holding(SPEND_LOCK, userId, fn),
    async release() {
      done();
    },
  };
}

/** SQL true when no session holds the lock of the scan row aliased `s` (its runner is gone). */
export const PROJECT_UNLOCKED = `NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory'
  AND l.classid = ${PROJECT_LOCK} AND l.objsubid = 2
  AND l.objid::bigint = (hashtext(s.project_id)::bigint & 4294967295))`;
