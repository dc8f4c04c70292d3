import { getConstructionPlans, getMigrationPlans } from 'pg-boss';
import boss from 'pg-boss/package.json' with { type: 'json' };
import type { Queryable } from './client.ts';

/** The job queue's schema (pg-boss's default) and the version of it the installed pg-boss needs. */
const SCHEMA = 'pgboss';
const VERSION = boss.pgboss.schema;

/**
 * Creates or migrates the job queue's tables, for the caller holding the migration lock. pg-boss's own start
 * would do it too, but its advisory lock does not stop two new processes both creating the schema (PostgreSQL
 * 15 answered one with a duplicate key on pg_namespace): so it runs here, under our lock, and finds it done.
 */
export async function installQueueSchema(session: Queryable): Promise<'created' | 'migrated' | 'current'> {
  const [table] = await session.query<{ present: boolean }>(
    `SELECT to_regclass('${SCHEMA}.version') IS NOT NULL AS present`,
  );
  if (!table?.present) {
    await session.exec(getConstructionPlans(SCHEMA));
    return 'created';
  }
  const [row] = await session.query<{ version: number | null }>(
    `SELECT max(version)::int AS version FROM ${SCHEMA}.version`,
  );
  const installed = row?.version ?? 0;
  if (installed >= VERSION) return 'current';
  await session.exec(getMigrationPlans(SCHEMA, installed));
  return 'migrated';
}
