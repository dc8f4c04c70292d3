import { setTimeout as sleep } from 'node:timers/promises';
import { systemClock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import { askService, controlSocketPath } from '../control/control.socket.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { openDatabase } from '../db/open.ts';
import { type Command, runCommand, toServiceRequest, UsageError } from './commands.ts';

/** How long a command waits for a service that is starting (it holds the database before its socket is up). */
const WAIT_FOR_SERVICE_MS = 120_000;

/**
 * Runs a command through the service when one runs on this DATA_DIR on the database the command names (so the
 * embedded database keeps one owner and links carry the service's own PUBLIC_BASE_URL), else on the database
 * itself (docs/decisions/0063).
 */
export async function dispatch(config: Config, command: Command, holder: string): Promise<unknown> {
  const socket = controlSocketPath(config.dataDir);
  const deadline = Date.now() + WAIT_FOR_SERVICE_MS;
  let askFirst = true;
  for (;;) {
    const answer = askFirst ? await askService(socket, toServiceRequest(config, command)) : null;
    if (answer?.ok) return answer.result;
    if (answer?.kind === 'elsewhere') {
      // The running service uses another database. A named PostgreSQL is opened here; the embedded database
      // of a DATA_DIR whose service runs on PostgreSQL is most likely a forgotten DATABASE_URL: refused.
      if (!config.databaseUrl) {
        throw new UsageError(
          `the service running on ${config.dataDir} uses ${answer.error}, not the embedded database this command ` +
            'would write to; set DATABASE_URL to that database, or stop the service to use the embedded one',
        );
      }
      askFirst = false;
    } else if (answer) {
      throw answer.kind === 'usage' ? new UsageError(answer.error) : new Error(answer.error);
    }
    let opened: Awaited<ReturnType<typeof openDatabase>>;
    try {
      opened = await openDatabase(config, holder);
    } catch (err) {
      if (!(err instanceof DataDirBusyError) || Date.now() > deadline) throw err;
      await sleep(250);
      continue;
    }
    try {
      return await runCommand({ db: opened.db, clock: systemClock, config }, command);
    } finally {
      await opened.close();
    }
  }
}
