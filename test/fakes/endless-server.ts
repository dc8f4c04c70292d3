import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A hostile OpenAI-compatible engine: answers 200 to any request and streams a JSON string that never ends
 * (chunked, no Content-Length), about 25 MB/s per connection, until the client hangs up.
 */
export async function startEndlessServer(): Promise<{
  url: string;
  requests: () => number;
  maxInFlight: () => number;
  close: () => Promise<void>;
}> {
  let requests = 0;
  let inFlight = 0;
  let peak = 0;
  const chunk = Buffer.alloc(256 * 1024, 'a');
  const server = createServer((req, res: ServerResponse) => {
    requests++;
    inFlight++;
    peak = Math.max(peak, inFlight);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"choices":[{"message":{"role":"assistant","content":"');
    const timer = setInterval(() => {
      if (!res.destroyed && res.writableLength < chunk.length * 4) res.write(chunk);
    }, 10);
    res.on('close', () => {
      clearInterval(timer);
      inFlight--;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    maxInFlight: () => peak,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
