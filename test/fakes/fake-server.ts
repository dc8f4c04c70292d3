import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake saw. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A scripted answer that replaces the real one for the next matching request. */
export interface Scripted {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Accept the request and never answer (the client's timeout must fire). */
  hang?: boolean;
  /** Drop the connection without answering (a TCP reset). */
  reset?: boolean;
  /** Only requests whose path matches; any request when absent. */
  path?: RegExp;
  /** Only requests whose query string (without the ?) matches; any when absent. */
  query?: RegExp;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  raw?: string;
}

export type Handler = (req: SeenRequest) => Reply | Promise<Reply>;

/**
 * A real HTTP server on 127.0.0.1 (port 0) that routes to a handler, records every request, and can be
 * scripted to fail: fake.script({ status: 429, headers: { 'retry-after': '3' } }), { hang: true }, { body: '{oops' }.
 */
export interface FakeServer {
  url: string;
  requests: SeenRequest[];
  script(...answers: Scripted[]): void;
  /** Requests in flight now and the most seen at once, per path prefix. */
  maxInFlight(pathPrefix: string): number;
  close(): Promise<void>;
}

export async function startFakeServer(handler: Handler): Promise<FakeServer> {
  const requests: SeenRequest[] = [];
  const queue: Scripted[] = [];
  const inFlight = new Map<string, number>();
  const peak = new Map<string, number>();
  const track = (path: string, delta: number) => {
    const key = path.split('/').slice(0, 3).join('/');
    const n = (inFlight.get(key) ?? 0) + delta;
    inFlight.set(key, n);
    peak.set(key, Math.max(peak.get(key) ?? 0, n));
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const seen: SeenRequest = {
      method: req.method ?? 'GET',
      path: u.pathname,
      query: u.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(seen);
    const i = queue.findIndex(
      (s) => (!s.path || s.path.test(seen.path)) && (!s.query || s.query.test(u.searchParams.toString())),
    );
    const scripted = i >= 0 ? queue.splice(i, 1)[0] : undefined;
    if (scripted?.hang) return; // never answers; closeAllConnections ends it
    if (scripted?.reset) return void req.socket.resetAndDestroy();
    track(seen.path, 1);
    try {
      if (scripted) {
        res.writeHead(scripted.status ?? 200, { 'content-type': 'application/json', ...scripted.headers });
        res.end(scripted.body ?? '');
        return;
      }
      const reply = await handler(seen);
      res.writeHead(reply.status ?? 200, {
        'content-type': 'application/json; charset=UTF-8',
        ...reply.headers,
      });
      res.end(reply.raw ?? JSON.stringify(reply.json ?? null));
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake server error: ${(err as Error).message}`);
    } finally {
      track(seen.path, -1);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...answers) => queue.push(...answers),
    maxInFlight: (prefix) =>
      Math.max(0, ...[...peak].filter(([k]) => k.startsWith(prefix)).map(([, v]) => v)),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sleeps that do not wait: each call is recorded and resolves at once. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  };
}
