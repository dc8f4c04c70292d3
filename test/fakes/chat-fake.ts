// Slack and Discord incoming webhooks on 127.0.0.1 over https (the test CA of test/receivers.ts), speaking their
// real answers: Slack 200 "ok", 429 with Retry-After, 400 "invalid_blocks"; Discord 204, 429 with a JSON
// retry_after in seconds (and Retry-After). Scripted answers are used first, in order, then the success answer.
import { createServer, type Server } from 'node:https';
import type { TestCa } from '../receivers.ts';

export type ChatAnswer =
  | { kind: 'ok' }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'invalid' }
  | { kind: 'server-error' };

export interface ChatFake {
  url: string;
  /** Every JSON body received, in order, answered or not. */
  received: { body: any; at: number; answered: number }[];
  /** Answers for the next requests, in order; afterwards every request succeeds. */
  script(...answers: ChatAnswer[]): void;
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startChatFake(ca: TestCa, flavour: 'slack' | 'discord'): Promise<ChatFake> {
  const received: ChatFake['received'] = [];
  const queue: ChatAnswer[] = [];
  const server: Server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {}
      const answer = queue.shift() ?? { kind: 'ok' };
      const status =
        answer.kind === 'ok'
          ? flavour === 'slack'
            ? 200
            : 204
          : answer.kind === 'rate-limited'
            ? 429
            : answer.kind === 'invalid'
              ? 400
              : 503;
      received.push({ body, at: Date.now(), answered: status });
      if (answer.kind === 'ok') {
        if (flavour === 'slack') res.writeHead(200, { 'content-type': 'text/html' }).end('ok');
        else res.writeHead(204).end();
      } else if (answer.kind === 'rate-limited') {
        const headers = { 'retry-after': String(Math.ceil(answer.retryAfterSeconds)) };
        if (flavour === 'slack') res.writeHead(429, headers).end('rate_limited');
        else {
          res.writeHead(429, { ...headers, 'content-type': 'application/json' }).end(
            JSON.stringify({
              message: 'You are being rate limited.',
              retry_after: answer.retryAfterSeconds,
              global: false,
            }),
          );
        }
      } else if (answer.kind === 'invalid') {
        if (flavour === 'slack') res.writeHead(400).end('invalid_blocks');
        else {
          res
            .writeHead(400, { 'content-type': 'application/json' })
            .end(JSON.stringify({ code: 50109, message: 'The request body contains invalid JSON.' }));
        }
      } else res.writeHead(503).end('upstream unavailable');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const path = flavour === 'slack' ? '/services/T000/B000/XXXXXXXX' : '/api/webhooks/123/abcdef';
  return {
    url: `https://127.0.0.1:${port}${path}`,
    received,
    script: (...answers) => void queue.push(...answers),
    async waitFor(n, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`${flavour} fake: ${received.length} of ${n} messages`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
