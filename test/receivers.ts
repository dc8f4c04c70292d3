import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCa {
  caPem: string;
  key: string;
  cert: string;
}

/** A throwaway CA and a server certificate for 127.0.0.1 and localhost, made with the machine's openssl. */
export function makeTestCa(): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-ca-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    run(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=Webhook Test CA',
    );
    run('req', ...ec, '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=localhost');
    writeFileSync(
      join(dir, 'ext.cnf'),
      'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
    );
    run(
      'x509',
      '-req',
      '-in',
      'srv.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      'ext.cnf',
      '-out',
      'srv.pem',
    );
    const read = (f: string) => readFileSync(join(dir, f), 'utf8');
    return { caPem: read('ca.pem'), key: read('srv.key'), cert: read('srv.pem') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Received {
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  receivedAt: number;
}

export type Behaviour =
  | { kind: 'ok' }
  | { kind: 'status'; status: number; location?: string }
  | { kind: 'sleep'; ms: number }
  | { kind: 'body'; bytes: number }
  /** Reads the request, then drops the connection without answering. */
  | { kind: 'reset' };

export interface Receiver {
  /** https://127.0.0.1:<port>/hook (or localhost when asked). */
  url: string;
  port: number;
  received: Received[];
  /** Resolves once `n` requests have arrived. */
  waitFor(n: number): Promise<void>;
  close(): Promise<void>;
}

/** A real https server on 127.0.0.1 that records every request's raw bytes and answers as told. */
export async function startReceiver(
  ca: TestCa,
  behaviour: Behaviour = { kind: 'ok' },
  host: '127.0.0.1' | 'localhost' = '127.0.0.1',
): Promise<Receiver> {
  const received: Received[] = [];
  let waiters: { n: number; resolve: () => void }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks), receivedAt: Date.now() });
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
      waiters = waiters.filter((w) => received.length < w.n);
      if (behaviour.kind === 'ok') return res.writeHead(204).end();
      if (behaviour.kind === 'reset') return req.socket.destroy();
      if (behaviour.kind === 'status') {
        return res
          .writeHead(behaviour.status, behaviour.location ? { location: behaviour.location } : {})
          .end();
      }
      if (behaviour.kind === 'body') return res.writeHead(200).end(Buffer.alloc(behaviour.bytes, 'x'));
      const t = setTimeout(() => {
        timers.delete(t);
        if (!res.destroyed) res.writeHead(200).end();
      }, behaviour.ms);
      timers.add(t);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `https://${host}:${port}/hook`,
    port,
    received,
    waitFor(n) {
      if (received.length >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
