import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Connection {
  socket: Socket;
  address: string;
  /** Requests read (their headers at least) and not yet answered, with their answers. */
  pending: Map<IncomingMessage, ServerResponse>;
  /** When it last finished an answer, or connected: the longest idle goes first. */
  idleSince: number;
}

/** On shutdown, how long a request being answered may take before its socket is destroyed anyway. */
export const SHUTDOWN_GRACE_MS = 3000;

/**
 * Tracks the server's sockets and what each is doing, so that shutdown closes idle and half-sent ones at once
 * (a request still arriving counts as idle: nothing to answer yet) and the others after their answer.
 */
export function manageConnections(server: Server) {
  const all = new Map<Socket, Connection>();
  const byAddress = new Map<string, Set<Connection>>();
  let closing = false;

  const idle = (c: Connection) => c.pending.size === 0;
  /** Waits only for a client that sent a whole request: a half-sent one has nothing to answer yet. */
  const answering = (c: Connection) => [...c.pending.keys()].some((req) => req.complete);
  /** Forgets it at once (its 'close' comes later), then closes it. */
  const close = (c: Connection | null) => {
    if (!c) return;
    all.delete(c.socket);
    const mine = byAddress.get(c.address);
    mine?.delete(c);
    if (mine?.size === 0) byAddress.delete(c.address);
    c.socket.destroy();
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const c: Connection = { socket, address, pending: new Map(), idleSince: Date.now() };
    all.set(socket, c);
    const set = byAddress.get(address) ?? new Set<Connection>();
    byAddress.set(address, set);
    set.add(c);
    socket.once('close', () => {
      if (all.get(socket) === c) close(c);
    });
  });

  // Before the app's own listener, so the request is counted before anything can answer it.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const c = all.get(req.socket);
    if (!c) return;
    c.pending.set(req, res);
    if (closing) res.shouldKeepAlive = false;
    res.once('close', () => {
      c.pending.delete(req);
      c.idleSince = Date.now();
      if (closing && idle(c)) c.socket.destroySoon();
    });
  });

  return {
    /**
     * Shutdown: idle and half-sent sockets are closed now; those answering a request close once it is answered
     * (no keep-alive), and any still open after graceMs are destroyed, so the server's close cannot wait on them.
     */
    shutdown(graceMs: number): void {
      closing = true;
      for (const c of [...all.values()]) {
        if (!answering(c)) close(c);
        else for (const res of c.pending.values()) res.shouldKeepAlive = false;
      }
      setTimeout(() => {
        for (const c of [...all.values()]) close(c);
      }, graceMs).unref();
    },
  };
}
