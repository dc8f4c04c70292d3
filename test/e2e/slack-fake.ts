import { createServer, type Server } from 'node:https';

/** An incoming webhook as Slack answers one: 200 with the body "ok"; every request's JSON kept. */
export async function startSlackFake(ca: { key: string; cert: string }) {
  const received: unknown[] = [];
  const server: Server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, { 'content-type': 'text/html' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}/services/T000/B000/XXXXXXXXXXXXXXXX`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
