import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * How long, on the client, a statement sent from the current async context may wait for its answer (ms). A
 * server that freezes without closing its connections is seen by nobody else (statement_timeout runs on the
 * frozen server): requests set this (HTTP hooks), background work does not (a scan may wait on a lock for long).
 */
const statementBound = new AsyncLocalStorage<number>();

/** Runs fn with each PostgreSQL statement it sends bounded to ms on the client (see statementBound). */
export function boundStatements<T>(ms: number, fn: () => T): T {
  return statementBound.run(ms, fn);
}

/** Bounds the statements of the rest of the current async context (a request, from its hooks on). */
export function enterStatementBound(ms: number): void {
  statementBound.enterWith(ms);
}

/** pg's own error for a statement that had no answer within its query_timeout. */
const isUnanswered = (err: unknown) => err instanceof Error && err.message === 'Query read timeout';

const unanswered = (ms: number) => new Error(`Query read timeout: no database session within ${ms} ms`);

/**
 * work, or a rejection once ms have passed: a pooled statement's bound covers its wait for a session (a new
 * connection to a frozen server waits for its own timeout) as well as the statement's query_timeout.
 */
function withinBound<T>(work: Promise<T>, ms: number | undefined): Promise<T> {
  if (ms === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unanswered(ms)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A pooled session within ms; one that arrives later goes back to the pool. */
async function connectWithinBound(pool: pg.Pool, ms: number | undefined): Promise<pg.PoolClient> {
  const connecting = pool.connect();
  if (ms === undefined) return connecting;
  let late = false;
  connecting.then(
    (c) => late && c.release(),
    () => {},
  );
  try {
    return await withinBound(connecting, ms);
  } catch (err) {
    late = true;
    throw err;
  }
}

export interface QueryOptions {
  /**
   * Prepare the statement once per connection and make the server reuse one generic plan: for hot statements
   * whose text has no "$n IS NULL OR ..." conditions (a generic plan could not use an index for those).
   */
  prepare?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * A statement whose commit need not wait for the disk: on a database server crash its last fraction of a
   * second may be lost, never half-applied. For bookkeeping such as request counters (docs/decisions/0003).
   */
  queryRelaxed<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs fn on one session holding the session-level advisory lock `key` (taken before fn, released after):
   * across processes, one at a time. Each statement and transaction fn runs starts after the lock is held.
   */
  withAdvisoryLock<T>(key: number, fn: (session: Session) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** One database session: statements and transactions on the same connection. */
export interface Session extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

/** An embedded PGlite database; dataDir undefined keeps it in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Db & { pglite: PGlite }> {
  const pglite = await PGlite.create(dataDir);
  const db: Db & { pglite: PGlite } = {
    kind: 'pglite',
    pglite,
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pglite.query<T>(sql, params)).rows;
    },
    async queryRelaxed<T>(sql: string, params: unknown[] = []) {
      return (await pglite.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await pglite.exec(sql);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return pglite.transaction((tx) =>
        fn({
          async query<R>(sql: string, params: unknown[] = []) {
            return (await tx.query<R>(sql, params)).rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    // One process owns an embedded database (the data directory is locked), so there is nobody to wait for.
    withAdvisoryLock: (_key, fn) => fn(db),
    close: () => pglite.close(),
  };
  return db;
}

const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `prepared_${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** A PostgreSQL server reached through a connection pool. */
export async function openPostgres(
  url: string,
  opts: {
    max?: number;
    onIdleError?: (err: Error) => void;
    applicationName?: string;
    /** Open the request path's sessions now and keep them open (an api process), rather than on first use. */
    keepOpen?: boolean;
  } = {},
): Promise<Db & { pool: pg.Pool }> {
  // A connection attempt cut off mid-handshake (a terminated backend, a restarting server) would otherwise
  // wait forever: fail it, so the caller's retry or error path runs.
  const connectionTimeoutMillis = 5000;
  // Names the process's sessions in pg_stat_activity (which role holds which connection); the URL's wins.
  const application_name = opts.applicationName;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    connectionTimeoutMillis,
    application_name,
  });
  // Named statements are written so that one generic plan serves every call; by default PostgreSQL would keep
  // planning them afresh on each call, which cost as much as running the lead page (docs/decisions/0006).
  const genericPlans = '-c plan_cache_mode=force_generic_plan';
  const prepared = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    min: opts.keepOpen ? (opts.max ?? 10) : 0,
    options: genericPlans,
    connectionTimeoutMillis,
    application_name,
  });
  // Waiting for the WAL flush on every request's counter write costs a third of the API's throughput.
  const relaxed = new pg.Pool({
    connectionString: url,
    max: 4,
    min: opts.keepOpen ? 4 : 0,
    options: `-c synchronous_commit=off ${genericPlans}`,
    connectionTimeoutMillis,
    application_name,
  });
  // A server restart or a terminated backend errors idle clients; the pool replaces them, the process lives on.
  for (const p of [pool, prepared, relaxed]) p.on('error', (err) => opts.onIdleError?.(err));
  // Fail at start, with the server's own message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  // A fresh api process's first requests would otherwise wait for 14 sessions to be opened (and on 2 cores
  // for each other): the first second of bench:load (docs/reliability.md, "Load").
  if (opts.keepOpen) {
    for (const p of [prepared, relaxed]) {
      const clients = await Promise.all(Array.from({ length: p.options.min ?? 0 }, () => p.connect()));
      for (const c of clients) c.release();
    }
  }
  return {
    kind: 'postgres',
    pool,
    async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
      const ms = statementBound.getStore();
      if (options.prepare) {
        const named = { name: statementName(sql), text: sql, values: params, query_timeout: ms };
        return (await withinBound(prepared.query(named as pg.QueryConfig), ms)).rows as T[];
      }
      const config = { text: sql, values: params, query_timeout: ms };
      return (await withinBound(pool.query(config as pg.QueryConfig), ms)).rows as T[];
    },
    async queryRelaxed<T>(sql: string, params: unknown[] = []) {
      // Prepared once per connection: these are the same few bookkeeping statements on every request.
      const ms = statementBound.getStore();
      const named = { name: statementName(sql), text: sql, values: params, query_timeout: ms };
      return (await withinBound(relaxed.query(named as pg.QueryConfig), ms)).rows as T[];
    },
    async exec(sql: string) {
      const ms = statementBound.getStore();
      await withinBound(pool.query({ text: sql, query_timeout: ms } as pg.QueryConfig), ms);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const ms = statementBound.getStore();
      const client = await connectWithinBound(pool, ms);
      // A connection cut mid-transaction is reported to the query in flight and also emitted as an 'error'
      // event, which would end the process without a listener; the connection is then thrown away.
      let lost: Error | undefined;
      const onError = (err: Error) => {
        lost = err;
      };
      client.on('error', onError);
      const send = (text: string, values?: unknown[]) =>
        client.query({ text, values, query_timeout: ms } as pg.QueryConfig);
      try {
        await send('BEGIN');
        const result = await fn({
          async query<R>(sql: string, params: unknown[] = []) {
            return (await send(sql, params)).rows as R[];
          },
          async exec(sql: string) {
            await send(sql);
          },
        });
        await send('COMMIT');
        return result;
      } catch (err) {
        // A statement left unanswered leaves the connection busy with it: no rollback on it, throw it away.
        if (isUnanswered(err)) lost = err as Error;
        if (!lost) await send('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    async withAdvisoryLock<T>(key: number, fn: (session: Session) => Promise<T>) {
      const client = await pool.connect();
      let lost: Error | undefined;
      const onError = (err: Error) => {
        lost = err;
      };
      client.on('error', onError);
      const run = async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows;
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        return await fn({
          query: run as Session['query'],
          exec: async (sql) => {
            await client.query(sql);
          },
          async transaction<R>(body: (tx: Queryable) => Promise<R>) {
            await client.query('BEGIN');
            try {
              const result = await body({
                query: run as Queryable['query'],
                exec: async (sql) => void (await run(sql)),
              });
              await client.query('COMMIT');
              return result;
            } catch (err) {
              if (!lost) await client.query('ROLLBACK').catch(() => {});
              throw err;
            }
          },
        });
      } finally {
        // A session lock lives as long as its connection: unlock, or throw the connection away.
        let broken = lost;
        if (!broken)
          await client.query('SELECT pg_advisory_unlock($1)', [key]).catch((err: Error) => {
            broken = err;
          });
        client.off('error', onError);
        client.release(broken);
      }
    },
    close: async () => {
      await Promise.all([pool.end(), prepared.end(), relaxed.end()]);
    },
  };
}
