import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirBusyError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is one process's: a pid file in DATA_DIR keeps a second service, or the setup
 * command, from opening it while the service runs. A stale file (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'service.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, holder }), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: { pid?: number; holder?: string } = {};
      try {
        owner = JSON.parse(readFileSync(file, 'utf8'));
      } catch {}
      if (owner.pid && owner.pid !== process.pid && isAlive(owner.pid)) {
        throw new DataDirBusyError(
          `The embedded database in ${dataDir} is in use by ${owner.holder ?? 'another process'} (pid ${owner.pid}). ` +
            'Stop it first, or set DATABASE_URL to use a PostgreSQL server.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not lock ${dataDir}.`);
}
