import { setTimeout as sleep } from 'node:timers/promises';
import { systemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import { askService, controlSocketPath } from '../control/control.socket.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { openDatabase } from '../db/open.ts';
import { type Command, runCommand, UsageError } from './commands.ts';

/** How long a command waits for a service that is starting (it holds the database before its socket is up). */
const WAIT_FOR_SERVICE_MS = 120_000;

/**
 * Runs a command through the service when one runs on this DATA_DIR (so the embedded database keeps one owner
 * and links carry the service's own PUBLIC_BASE_URL), else on the database itself (docs/decisions/0063).
 */
export async function dispatch(config: Config, command: Command, holder: string): Promise<unknown> {
  const socket = controlSocketPath(config.dataDir);
  const deadline = Date.now() + WAIT_FOR_SERVICE_MS;
  for (;;) {
    const answer = await askService(socket, command);
    if (answer?.ok) return answer.result;
    if (answer) throw answer.kind === 'usage' ? new UsageError(answer.error) : new Error(answer.error);
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
