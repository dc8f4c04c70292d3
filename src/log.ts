import { pino } from 'pino';

/** How long a log line may wait in the buffer before it is written. */
const FLUSH_EVERY_MS = 25;

/**
 * The service's log destination: standard output, written in batches (up to 8 KB, at least every 25 ms) rather
 * than with one write per line, which under load cost a tenth of an api process's CPU (docs/reliability.md,
 * "Load"). Buffered lines are written synchronously when the process exits; a SIGKILL loses at most 25 ms of them.
 */
export function logDestination() {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 8 * 1024 });
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  return destination;
}
