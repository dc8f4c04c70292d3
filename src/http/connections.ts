import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** HTTP_MAX_CONNECTIONS: Node closes sockets beyond it as they arrive. */
  maxConnections: number;
  /** HTTP_MAX_CONNECTIONS_PER_ADDRESS: sockets one client address may hold. */
  perAddress: number;
}

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

/** Sockets kept free for new clients: past maxConnections minus this, each new socket closes an idle one. */
const reserveOf = (maxConnections: number) => Math.max(1, Math.floor(maxConnections / 8));

/**
 * Keeps the server's sockets for the clients that use them (docs/reliability.md, "Hostile input"): an address
 * holds at most perAddress sockets (a new one beyond closes its longest-idle, or is closed if none is idle), and
 * within reserveOf(max) of the cap each new socket closes the server's longest-idle one, so idle sockets cannot
 * lock others out. Idle: no request being answered (a request still arriving counts as idle). On shutdown it
 * closes idle and half-sent ones at once and the others after their answer.
 */
export function manageConnections(server: Server, limits: ConnectionLimits) {
  const all = new Map<Socket, Connection>();
  const byAddress = new Map<string, Set<Connection>>();
  const perAddress = Math.max(
    1,
    Math.min(limits.perAddress, limits.maxConnections - reserveOf(limits.maxConnections)),
  );
  let closing = false;

  const idle = (c: Connection) => c.pending.size === 0;
  /** Waits only for a client that sent a whole request: a half-sent one has nothing to answer yet. */
  const answering = (c: Connection) => [...c.pending.keys()].some((req) => req.complete);
  const longestIdle = (conns: Iterable<Connection>) => {
    let oldest: Connection | null = null;
    for (const c of conns) if (idle(c) && (!oldest || c.idleSince < oldest.idleSince)) oldest = c;
    return oldest;
  };

  /** Forgets it at once (its 'close' comes later: the next socket must not pick it again), then closes it. */
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
    const mine = byAddress.get(address);
    if (mine && mine.size >= perAddress) {
      const give = longestIdle(mine);
      if (!give) {
        socket.destroy();
        return;
      }
      close(give);
    }
    if (all.size >= limits.maxConnections - reserveOf(limits.maxConnections))
      close(longestIdle(all.values()));
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
