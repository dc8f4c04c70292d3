import { join } from 'node:path';
import type { Config } from '../config/index.ts';
import { type Db, openPglite, openPostgres } from './client.ts';
import { lockDataDir } from './lock.ts';
import { migrate } from './migrate.ts';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else the embedded one) and migrates it. */
export async function openDatabase(
  config: Config,
  holder: string,
  opts: { keepOpen?: boolean } = {},
): Promise<{ db: Db; close(): Promise<void> }> {
  if (config.databaseUrl) {
    const db = await openPostgres(config.databaseUrl, {
      applicationName: `lead-intelligence ${config.role}`,
      keepOpen: opts.keepOpen,
      onIdleError: (err) =>
        process.stderr.write(`database connection lost (the pool reconnects): ${err.message}\n`),
    });
    await migrate(db);
    return { db, close: () => db.close() };
  }
  const unlock = lockDataDir(config.dataDir, holder);
  try {
    const db = await openPglite(join(config.dataDir, 'pglite'));
    await migrate(db);
    return {
      db,
      close: async () => {
        await db.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
