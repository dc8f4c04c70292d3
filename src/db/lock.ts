import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirBusyError extends Error {}

interface LockOwner {
  pid?: number;
  holder?: string;
  /** The owner's start time (clock ticks since boot, /proc/<pid>/stat field 22): tells a reused pid apart. */
  startTime?: string;
}

const HAS_PROC = existsSync('/proc/self/stat');

/** A process's state letter and start time from /proc (Linux); null when there is no such process. */
function procStat(pid: number): { state: string; startTime: string } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read the fields after the last ")".
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

/**
 * Whether the process that wrote the lock still runs. A dead pid, a zombie (killed, not yet reaped by its parent:
 * state Z or X) and a pid now used by another process (a different start time) own nothing.
 */
function ownerRuns(owner: LockOwner): boolean {
  if (!owner.pid || owner.pid === process.pid) return false;
  if (HAS_PROC) {
    const stat = procStat(owner.pid);
    if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
    return owner.startTime === undefined || owner.startTime === stat.startTime;
  }
  try {
    process.kill(owner.pid, 0);
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
  const self: LockOwner = { pid: process.pid, holder, startTime: procStat(process.pid)?.startTime };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(self), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: LockOwner = {};
      try {
        owner = JSON.parse(readFileSync(file, 'utf8'));
      } catch {}
      if (ownerRuns(owner)) {
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
