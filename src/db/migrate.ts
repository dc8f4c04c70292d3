import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './client.ts';
import { installQueueSchema } from './queue-schema.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
const LOCK_ID = 727_001;

/** The version of the newest migration file: a database at this version has the schema this code needs. */
export function latestMigrationVersion(): number {
  const versions = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .map((f) => Number(f.slice(0, 4)));
  return Math.max(0, ...versions);
}

/**
 * Applies every numbered migration not yet applied, each in its own transaction, in order, then creates or
 * migrates the job queue's schema on PostgreSQL. Several processes may start at once against one server: all of
 * it runs under one advisory lock, so one migrates and the others wait and find it done.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  return db.withAdvisoryLock(LOCK_ID, async (session) => {
    await session.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied: string[] = [];
    for (const file of files) {
      const version = Number(file.slice(0, 4));
      const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      const done = await session.transaction(async (tx) => {
        const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
        if (seen.length > 0) return false;
        await tx.exec(sql);
        await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, file]);
        return true;
      });
      if (done) applied.push(file);
    }
    // The embedded database is one process's: pg-boss creates its schema there itself, with its PGlite profile.
    if (db.kind === 'postgres') await installQueueSchema(session);
    return applied;
  });
}
