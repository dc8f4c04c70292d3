import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type Caller, rateLimitHeaders } from '../accounts/accounts.service.ts';
import { bearerToken } from '../accounts/keys.ts';
import { AppError, UNAVAILABLE_MESSAGE } from '../contract/errors.ts';
import { isDatabaseUnavailable } from '../db/health.ts';
import type { Services } from '../services.ts';
import {
  classifyMessage,
  RPC,
  RpcError,
  type RpcId,
  type RpcRequest,
  rpcErrorBody,
  rpcResult,
} from './jsonrpc.ts';
import { createMcpServer, isSupportedProtocolVersion, PROTOCOL_VERSIONS } from './mcp.server.ts';
import { isAllowedOrigin } from './origin.ts';
import { RUN_SCAN_WAIT_MS } from './tools/run-scan.tool.ts';

export const MCP_PATH = '/mcp';
/** One JSON-RPC message with tool arguments; nothing legitimate comes near this. */
export const MCP_BODY_LIMIT = 64 * 1024;
/** A tool call's socket stays open this long without traffic: run_scan's longest wait and time to answer. */
export const TOOL_CALL_HOLD_MS = RUN_SCAN_WAIT_MS + 15_000;
/** The only protocol revision with JSON-RPC batches (removed in 2025-06-18); docs/decisions/0110. */
const BATCH_VERSION = '2025-03-26';
/** Messages in one batch, answered one after another. */
export const MCP_BATCH_LIMIT = 32;

/** Authentication and allowance failures; tools turn their own AppErrors into isError results instead. */
const RPC_CODE_OF: Record<AppError['code'], number> = {
  unauthorized: RPC.unauthorized,
  forbidden: RPC.forbidden,
  rate_limited: RPC.rateLimited,
  not_found: RPC.invalidParams,
  invalid_request: RPC.invalidRequest,
  internal_error: RPC.internalError,
};

function fromAppError(err: AppError): RpcError {
  return new RpcError(RPC_CODE_OF[err.code], err.message, {
    httpStatus: err.status,
    data: { code: err.code },
    headers: err.code === 'unauthorized' ? { ...err.headers, 'WWW-Authenticate': 'Bearer' } : err.headers,
  });
}

const internalError = () =>
  new RpcError(RPC.internalError, 'Internal error. It has been logged; please retry.', {
    httpStatus: 500,
    data: { code: 'internal_error' },
  });

const unavailable = () =>
  new RpcError(RPC.internalError, UNAVAILABLE_MESSAGE, {
    httpStatus: 503,
    data: { code: 'internal_error' },
    headers: { 'Retry-After': '1' },
  });

const transportError = (httpStatus: number, message: string, headers: Record<string, string> = {}) =>
  new RpcError(RPC.transport, message, { httpStatus, data: { code: 'invalid_request' }, headers });

/** JSON, and curl's default form type (curl -d): the body must be JSON either way. */
function isAcceptedContentType(header: string | undefined): boolean {
  if (header === undefined) return true;
  const type = header.split(';')[0]!.trim().toLowerCase();
  return (
    type === 'application/json' || type.endsWith('+json') || type === 'application/x-www-form-urlencoded'
  );
}

function sendRpc(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) {
  return reply.status(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

function sendRpcError(reply: FastifyReply, id: RpcId, err: RpcError, headers: Record<string, string> = {}) {
  return sendRpc(reply, err.httpStatus, rpcErrorBody(id, err.toObject()), { ...headers, ...err.headers });
}

const invalidRequest = (message: string) =>
  new RpcError(RPC.invalidRequest, `Invalid Request: ${message}`, {
    httpStatus: 400,
    data: { code: 'invalid_request' },
  });

/** The id of a single request body when it can be read, for errors raised before the body is parsed (401, 403). */
function readableId(body: unknown): RpcId {
  if (typeof body !== 'string' || body.length === 0) return null;
  try {
    const id = (JSON.parse(body) as { id?: unknown } | null)?.id;
    return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
  } catch {
    return null;
  }
}

/** One request's answer: the response object, the HTTP status it has on its own, and its headers. */
interface Answer {
  status: number;
  body: object;
  headers: Record<string, string>;
}

/**
 * The tool endpoint: JSON-RPC 2.0 over HTTP POST, and a Streamable HTTP MCP server that always answers with
 * one JSON object, whatever Accept says, and needs no session (docs/decisions/0040-tool-endpoint-transport.md).
 */
export const mcpRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { accounts, config } = services;
  const server = createMcpServer(services);

  // The body arrives as text whatever its Content-Type, so the handler decides 415 and -32700 itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MCP_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err.statusCode === 413) {
      return sendRpcError(reply, null, transportError(413, `The body exceeds ${MCP_BODY_LIMIT} bytes.`));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return sendRpcError(reply, null, transportError(err.statusCode, err.message));
    }
    if (isDatabaseUnavailable(err)) return sendRpcError(reply, null, unavailable());
    request.log.error({ err }, 'tool endpoint request failed');
    return sendRpcError(reply, null, internalError());
  });

  async function handlePost(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin, config.publicBaseUrl, config.mcpAllowedOrigins)) {
      throw new RpcError(RPC.forbidden, `Origin ${origin} is not allowed to call this endpoint.`, {
        httpStatus: 403,
        data: { code: 'forbidden' },
      });
    }
    if (!isAcceptedContentType(request.headers['content-type'])) {
      throw transportError(415, 'Content-Type must be application/json.');
    }
    const version = request.headers['mcp-protocol-version'];
    if (version !== undefined && (typeof version !== 'string' || !isSupportedProtocolVersion(version))) {
      throw transportError(
        400,
        `Unsupported MCP-Protocol-Version ${JSON.stringify(version)}; supported: ${PROTOCOL_VERSIONS.join(', ')}.`,
      );
    }

    // Authentication comes before parsing: a caller without a key learns nothing about its message.
    const caller = await accounts.authenticate(bearerToken(request.headers.authorization), 'mcp');

    let body: unknown;
    try {
      body = JSON.parse(typeof request.body === 'string' ? request.body : '');
    } catch {
      throw new RpcError(RPC.parseError, 'Parse error: the body is not valid JSON.', {
        httpStatus: 400,
        data: { code: 'invalid_request' },
      });
    }
    if (Array.isArray(body)) return answerBatch(request, reply, body, caller, version as string | undefined);
    const message = classifyMessage(body);
    if (message.kind === 'invalid') {
      return sendRpcError(reply, message.id, invalidRequest(message.message));
    }
    // Notifications and responses need no answer; this server sends no requests of its own.
    if (message.kind !== 'request') return reply.status(202).send();
    const one = await answer(request, message.request, caller);
    return sendRpc(reply, one.status, one.body, one.headers);
  }

  /** Answers one request; a failure is its JSON-RPC error, never a throw. */
  async function answer(request: FastifyRequest, rpc: RpcRequest, caller: Caller): Promise<Answer> {
    // The socket's idle time-out (HTTP_REQUEST_TIMEOUT_MS x 2) would cut a call that waits silently (run_scan's
    // wait): each call, in a batch too, gets the longest wait a tool promises and a margin to answer after it.
    const socket = request.raw.socket;
    socket.setTimeout(Math.max(socket.timeout ?? 0, TOOL_CALL_HOLD_MS));
    let headers: Record<string, string> = {};
    const failed = (err: RpcError): Answer => ({
      status: err.httpStatus,
      body: rpcErrorBody(rpc.id, err.toObject()),
      headers: { ...headers, ...err.headers },
    });
    try {
      // Tool calls count against the key's daily allowance like REST requests; the handshake does not.
      if (rpc.method === 'tools/call') headers = rateLimitHeaders(await accounts.admitRequest(caller));
      const result = await server.handle(rpc, caller);
      return { status: 200, body: rpcResult(rpc.id, result), headers };
    } catch (err) {
      // A counted call that fails (a bad argument) still says what is left of the allowance.
      if (err instanceof RpcError) return failed(err);
      if (err instanceof AppError) return failed(fromAppError(err));
      if (isDatabaseUnavailable(err)) return failed(unavailable());
      request.log.error({ err, method: rpc.method }, 'tool endpoint method failed');
      return failed(internalError());
    }
  }

  /**
   * A JSON-RPC batch, part of MCP 2025-03-26 only (a client of that revision sends no MCP-Protocol-Version
   * header): an array of responses, one per request, in order; notifications get none; none at all is 202.
   */
  async function answerBatch(
    request: FastifyRequest,
    reply: FastifyReply,
    batch: unknown[],
    caller: Caller,
    version: string | undefined,
  ) {
    if (version !== undefined && version !== BATCH_VERSION) {
      return sendRpcError(
        reply,
        null,
        invalidRequest(
          `batches are not part of MCP ${version} (only of ${BATCH_VERSION}); send one message.`,
        ),
      );
    }
    if (batch.length === 0) return sendRpcError(reply, null, invalidRequest('the batch is empty.'));
    if (batch.length > MCP_BATCH_LIMIT) {
      return sendRpcError(reply, null, invalidRequest(`a batch holds at most ${MCP_BATCH_LIMIT} messages.`));
    }
    const responses: object[] = [];
    let headers: Record<string, string> = {};
    for (const item of batch) {
      const message = Array.isArray(item)
        ? ({ kind: 'invalid', id: null, message: 'a batch entry must be one message object.' } as const)
        : classifyMessage(item);
      if (message.kind === 'invalid') {
        responses.push(rpcErrorBody(message.id, invalidRequest(message.message).toObject()));
      } else if (message.kind === 'request' && message.request.method === 'initialize') {
        const err = invalidRequest('initialize must not be part of a batch.');
        responses.push(rpcErrorBody(message.request.id, err.toObject()));
      } else if (message.kind === 'request') {
        const one = await answer(request, message.request, caller);
        responses.push(one.body);
        headers = { ...headers, ...one.headers };
      }
    }
    if (responses.length === 0) return reply.status(202).send();
    return sendRpc(reply, 200, responses, headers);
  }

  app.post(MCP_PATH, { schema: { hide: true }, bodyLimit: MCP_BODY_LIMIT }, async (request, reply) => {
    try {
      return await handlePost(request, reply);
    } catch (err) {
      // Raised before the body is parsed (Origin, key): the request's own id is echoed when it can be read.
      const id = readableId(request.body);
      if (err instanceof RpcError) return sendRpcError(reply, id, err);
      if (err instanceof AppError) return sendRpcError(reply, id, fromAppError(err));
      throw err;
    }
  });

  // No server-to-client stream and no sessions: every other method is 405 (the SDK client expects that).
  app.route({
    method: ['GET', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'],
    url: MCP_PATH,
    schema: { hide: true },
    handler: async (_request, reply) =>
      sendRpcError(
        reply,
        null,
        transportError(405, 'Method not allowed: the tool endpoint takes JSON-RPC messages by POST.', {
          Allow: 'POST',
        }),
      ),
  });
};
