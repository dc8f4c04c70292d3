// The real service as a child process (node src/main.ts), its output kept for tests that read its log.
import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { root } from './cli-helpers.ts';

/** A port nothing listens on right now, for a service whose links must carry its real port. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServiceProcess {
  child: ChildProcess;
  /** The service's own pid (with a non-reaping parent, not child's). */
  pid: Promise<number>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the port once it listens; rejects when it exits first. */
  ready: Promise<number>;
  /** Resolves with the first match in its output, waiting for it to be written. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(): Promise<void>;
}

/**
 * opts.nonReapingParent: the service runs under a shell that then becomes `sleep` and never waits for it, so a
 * killed service stays a zombie (as under a supervisor slow to reap it) until the test stops the parent.
 */
export function spawnService(
  env: NodeJS.ProcessEnv,
  opts: { nonReapingParent?: boolean } = {},
): ServiceProcess {
  const command = opts.nonReapingParent
    ? ['sh', ['-c', '"$0" src/main.ts & echo "service pid $!"; exec sleep 600', process.execPath]]
    : [process.execPath, ['src/main.ts']];
  const child = spawn(command[0] as string, command[1] as string[], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d;
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`service exited (${code ?? signal}): ${out}`))),
  );
  exited.catch(() => {});
  const waitFor = (pattern: RegExp, timeoutMs = 300_000) =>
    Promise.race([
      exited,
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const check = () => {
          const m = out.match(pattern);
          // Under a non-reaping parent a failed start is no exit of child: its last words say so.
          if (!m && /^Cannot start: /m.test(out)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`the service did not start: ${out}`));
          }
          if (!m) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${pattern} in the service output within ${timeoutMs} ms: ${out}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    ]);
  return {
    child,
    pid: opts.nonReapingParent
      ? waitFor(/service pid (\d+)/).then((m) => Number(m[1]))
      : Promise.resolve(child.pid!),
    output: () => out,
    ready: waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/).then((m) => Number(m[1])),
    waitFor,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
