import type { ErrorCode } from '../contract/errors.ts';

/**
 * JSON-RPC 2.0 error codes of the tool endpoint: the standard ones, then the transport's own in the
 * implementation-defined range (docs/decisions/0040-tool-endpoint-transport.md).
 */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  transport: -32000,
  unauthorized: -32001,
  forbidden: -32003,
  rateLimited: -32029,
} as const;

export type RpcId = string | number | null;

export interface RpcErrorObject {
  code: number;
  message: string;
  data?: { code: ErrorCode } & Record<string, unknown>;
}

export interface RpcRequest {
  id: string | number;
  method: string;
  params: Record<string, unknown>;
}

/** What a message turned out to be once its envelope was checked. */
export type RpcMessage =
  | { kind: 'request'; request: RpcRequest }
  | { kind: 'notification'; method: string }
  | { kind: 'response' }
  | { kind: 'invalid'; id: RpcId; message: string };

/** A failure that leaves as a JSON-RPC error object, with the HTTP status the transport gives it. */
export class RpcError extends Error {
  readonly rpcCode: number;
  readonly httpStatus: number;
  readonly data: RpcErrorObject['data'];
  readonly headers: Record<string, string>;
  constructor(
    rpcCode: number,
    message: string,
    opts: { httpStatus?: number; data?: RpcErrorObject['data']; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.rpcCode = rpcCode;
    this.httpStatus = opts.httpStatus ?? 200;
    this.data = opts.data;
    this.headers = opts.headers ?? {};
  }
  toObject(): RpcErrorObject {
    return { code: this.rpcCode, message: this.message, ...(this.data ? { data: this.data } : {}) };
  }
}

export function rpcResult(id: RpcId, result: unknown) {
  return { jsonrpc: '2.0' as const, id, result };
}

export function rpcErrorBody(id: RpcId, error: RpcErrorObject) {
  return { jsonrpc: '2.0' as const, id, error };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the JSON-RPC 2.0 envelope of one parsed message; a batch (MCP 2025-03-26 only) is the caller's to split. */
export function classifyMessage(body: unknown): RpcMessage {
  if (Array.isArray(body)) {
    return {
      kind: 'invalid',
      id: null,
      message: 'Batch requests are not supported: send one JSON-RPC message.',
    };
  }
  if (!isObject(body)) {
    return { kind: 'invalid', id: null, message: 'The body must be one JSON-RPC 2.0 request object.' };
  }
  const rawId = body.id;
  const idOk = typeof rawId === 'string' || (typeof rawId === 'number' && Number.isFinite(rawId));
  const id: RpcId = idOk ? (rawId as string | number) : null;
  if (body.jsonrpc !== '2.0') {
    return { kind: 'invalid', id, message: 'jsonrpc must be "2.0".' };
  }
  if ('id' in body && !idOk) {
    return { kind: 'invalid', id: null, message: 'id must be a string or a number.' };
  }
  if (body.method === undefined && 'id' in body && ('result' in body || 'error' in body)) {
    return { kind: 'response' };
  }
  if (typeof body.method !== 'string' || body.method === '') {
    return { kind: 'invalid', id, message: 'method must be a non-empty string.' };
  }
  if (!('id' in body)) return { kind: 'notification', method: body.method };
  if (body.params !== undefined && !isObject(body.params)) {
    return { kind: 'invalid', id, message: 'params must be an object when present.' };
  }
  return {
    kind: 'request',
    request: {
      id: id as string | number,
      method: body.method,
      params: (body.params ?? {}) as Record<string, unknown>,
    },
  };
}
