// A TCP proxy in front of PostgreSQL that can freeze: it stops forwarding in both directions and answers no new
// connection, yet closes nothing, as a paused (SIGSTOP) or hung server looks to its clients. thaw() goes on.
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface FreezingProxy {
  /** postgres://... through the proxy, to the same database as the target URL. */
  url: string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startFreezingProxy(targetUrl: string): Promise<FreezingProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  const held: Socket[] = [];
  let frozen = false;
  const link = (client: Socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.pipe(to);
      from.on('error', () => to.destroy());
    }
    if (frozen) {
      client.pause();
      upstream.pause();
    }
  };
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (frozen) {
      client.pause();
      held.push(client);
    } else link(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
      // Neither side's data is read: what is in flight stays in the kernel's buffers, unanswered.
      for (const s of sockets) s.pause();
    },
    thaw() {
      frozen = false;
      for (const s of sockets) s.resume();
      for (const c of held.splice(0)) {
        c.resume();
        link(c);
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
