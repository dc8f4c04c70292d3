import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { dirname, join } from 'node:path';

/** The running service's command socket (docs/decisions/0063-commands-through-the-running-service.md). */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'run', 'service.sock');

export type ControlAnswer =
  | { ok: true; result: unknown }
  /**
   * usage: the person's input was refused (exit 2); failed: something broke (exit 1); elsewhere: the command
   * names another database than the service's, which `error` describes (nothing was run).
   */
  | { ok: false; kind: 'usage' | 'failed' | 'elsewhere'; error: string };

/** A request is one line of JSON; an import of 1,000 projects fits easily. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;
const IDLE_TIMEOUT_MS = 60_000;

/**
 * Listens on a unix socket in DATA_DIR, in a directory only the service's user may enter (0700; the socket
 * itself 0600), and answers each connection's one JSON request with one JSON answer. A file left by a killed
 * service is replaced.
 */
export async function serveControl(
  path: string,
  handle: (request: unknown) => Promise<ControlAnswer>,
): Promise<{ close(): Promise<void> }> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  chmodSync(dirname(path), 0o700);
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    let received = '';
    let answered = false;
    const answer = (a: ControlAnswer) => {
      answered = true;
      socket.end(`${JSON.stringify(a)}\n`);
    };
    socket.setEncoding('utf8');
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      if (answered) return;
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) {
        answer({ ok: false, kind: 'usage', error: 'The request is too large.' });
        return;
      }
      const end = received.indexOf('\n');
      if (end < 0) return;
      answered = true;
      let request: unknown;
      try {
        request = JSON.parse(received.slice(0, end));
      } catch {
        answer({ ok: false, kind: 'usage', error: 'The request is not JSON.' });
        return;
      }
      handle(request).then(answer, (err: Error) => answer({ ok: false, kind: 'failed', error: err.message }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

/** Sends one request to the running service; null when no service listens there (none runs, or it was killed). */
export function askService(path: string, request: unknown): Promise<ControlAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as ControlAnswer);
      } catch {
        reject(new Error('The running service closed the connection without an answer; see its log.'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else if (err.code === 'EACCES') {
        reject(new Error(`${path} belongs to another user: run this as the user that runs the service.`));
      } else reject(err);
    });
  });
}
