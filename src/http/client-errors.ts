import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, errorBody } from '../contract/errors.ts';
import { RPC, rpcErrorBody } from '../mcp/jsonrpc.ts';
import { targetsApi, targetsMcp } from './request-target.ts';

/** Where a refused request is logged (the app's logger). */
export interface ClientErrorLog {
  info(details: object, message: string): void;
}

/** Node's parser errors, in words a client can act on. */
function describe(err: NodeJS.ErrnoException): { status: number; code: ErrorCode; message: string } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'invalid_request', message: 'The request headers are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'invalid_request', message: 'The request took too long to arrive.' };
    case 'HPE_INVALID_METHOD':
      return { status: 405, code: 'invalid_request', message: 'The request method is not supported.' };
    default:
      return { status: 400, code: 'invalid_request', message: 'The request is not valid HTTP.' };
  }
}

/** The request path when the refused bytes still start with a readable request line. */
function pathOf(err: { rawPacket?: unknown }): string | null {
  const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.subarray(0, 2048).toString('latin1') : '';
  return /^[A-Za-z-]{1,20} (\S+)/.exec(raw)?.[1] ?? null;
}

/**
 * Answers a request Node's HTTP parser refused (Fastify's clientErrorHandler): the one Error shape (a
 * JSON-RPC error on /mcp), `X-Request-Cost-Usd: 0` unless the path is known to be outside the API, an
 * `X-Request-Id` as on every answer, and the connection closed. A reset connection or one already gone gets nothing.
 */
export function answerClientError(
  err: NodeJS.ErrnoException & { rawPacket?: unknown },
  socket: Socket,
  { knownPath, log }: { knownPath?: string; log?: ClientErrorLog } = {},
) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = describe(err);
  // No request object exists yet (the headers were never read), so the id is always a fresh one, logged here.
  const reqId = randomUUID();
  log?.info({ reqId, res: { statusCode: status }, err: err.code }, 'request refused by the HTTP parser');
  const path = knownPath ?? pathOf(err);
  const body = JSON.stringify(
    path !== null && targetsMcp(path)
      ? rpcErrorBody(null, { code: RPC.transport, message, data: { code } })
      : errorBody(code, message),
  );
  const cost = path === null || targetsApi(path) ? 'X-Request-Cost-Usd: 0\r\n' : '';
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // Flushed, then closed both ways: a slow client that never reads must not keep a half-open socket.
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${cost}X-Request-Id: ${reqId}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
  socket.destroySoon();
}
