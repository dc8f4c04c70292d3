import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { AppError, errorBody } from '../contract/errors.ts';
import { containsNul, NUL_REFUSED } from '../domain/nul-text.ts';
import { MCP_PATH, mcpRoutes } from '../mcp/mcp.routes.ts';
import { createMetrics } from '../metrics/metrics.ts';
import { createReadiness, type Readiness } from '../readiness.ts';
import type { Services } from '../services.ts';
import { answerClientError } from './client-errors.ts';
import { manageConnections, SHUTDOWN_GRACE_MS } from './connections.ts';
import { handleError } from './errors.ts';
import { API_PREFIX, RESPONSE_ENCODINGS, swaggerOptions } from './openapi.ts';
import { checkQueryText } from './query-text.ts';
import { hasOddSegments, targetsApi } from './request-target.ts';
import { alertLinkRoutes } from './routes/alert-links.routes.ts';
import { DASHBOARD_API_PREFIX, dashboardRoutes } from './routes/dashboard.routes.ts';
import { opsRoutes } from './routes/ops.routes.ts';
import { restRoutes } from './routes/rest.routes.ts';
import { boundRequestStatements } from './statement-bound.ts';

/** Where `npm run build:web` writes the dashboard. */
export const DEFAULT_WEB_DIST = join(import.meta.dirname, '../../web/dist');

/** Paths that belong to the service, never to the dashboard's client routes. */
const SERVICE_PATHS = ['/api', '/mcp', DASHBOARD_API_PREFIX, '/healthz', '/readyz', '/metrics'];

/** The APIs whose routes refuse query parameters they do not declare (ADR 0095). */
const STRICT_QUERY_PATHS = [API_PREFIX, DASHBOARD_API_PREFIX];

/** A caller's X-Request-Id is kept when it is a plain token; anything else gets a fresh one. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;
const isServicePath = (path: string) => SERVICE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

const HTML_HEADERS = {
  'cache-control': 'no-cache',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
};

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lead Intelligence</title></head>
<body><h1>Lead Intelligence</h1><p>The service is running, but the dashboard has not been built:
run <code>npm run build:web</code> (<code>npm start</code> does it first). The REST API is at
<a href="${API_PREFIX}/openapi.json">${API_PREFIX}</a>.</p></body></html>`;

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The methods the route table answers on this path; the static files' catch-all (`/*`) does not count. */
function methodsAllowed(app: FastifyInstance, path: string): string[] {
  // A segment longer than the router reads as a parameter (Fastify's maxParamLength, 100) routes nowhere, and
  // findRoute matches it to any route of the same shape.
  if (path.split('/').some((segment) => segment.length > app.initialConfig.maxParamLength!)) return [];
  return METHODS.filter((method) => {
    try {
      const found = app.findRoute({ method, url: path });
      return found !== null && !('*' in (found.params ?? {}));
    } catch {
      return false;
    }
  });
}

export interface AppOptions {
  services: Services;
  logger?: FastifyServerOptions['logger'];
  /** The built dashboard (index.html and its assets); default web/dist. */
  webDist?: string;
  /** What /readyz reports; the app marks its `http` part (ready once listening). Default: only that part. */
  readiness?: Readiness;
  /** The level of the one line per request (main.ts: debug at a terminal, LOG_REQUESTS); default info. */
  requestLogLevel?: 'info' | 'debug';
}

export async function buildApp({
  services,
  logger = false,
  webDist = DEFAULT_WEB_DIST,
  readiness = createReadiness(services.config.role, services.health),
  requestLogLevel = 'info',
}: AppOptions) {
  const limits = services.config.http;
  const app = Fastify({
    logger,
    // One log line per request (in onResponse below), not Fastify's two: a tenth of a REST request's CPU was
    // writing log lines (docs/reliability.md, "Load").
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Slow clients are cut off (slow-loris): headers within headersTimeout, the request within requestTimeout,
    // checked every second rather than Node's default 30 s.
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.requestTimeoutMs * 2,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
      // Node's own refusal of a request without Host is a bare 400; the hook below answers it in the Error shape.
      requireHostHeader: false,
    },
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // What Node's HTTP parser refuses (huge headers, bad methods, NUL bytes) still gets the one Error shape.
    clientErrorHandler(err, socket) {
      answerClientError(err, socket as Socket, { log: app.log });
    },
    // The client address behind a reverse proxy, for the per-client sign-in throttle (TRUST_PROXY).
    trustProxy: services.config.trustProxy,
    // Errors the router meets before any route or hook runs: answer them in the one Error shape too.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      // No hook runs for these answers: the headers every answer carries are set here.
      if (targetsApi(request.url)) reply.header('X-Request-Cost-Usd', '0');
      reply.header('X-Request-Id', request.id);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return reply.status(404).send(errorBody('not_found', 'No such project on this account.'));
      }
      return reply
        .status(400)
        .send(errorBody('invalid_request', 'The URL is not valid (bad percent-encoding).'));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Sockets past the cap are closed as they arrive, before they cost a request's worth of work.
  app.server.maxConnections = limits.maxConnections;
  // Idle sockets cannot lock other clients out, and on shutdown they (and half-sent requests) close at once.
  const connections = manageConnections(app.server, {
    maxConnections: limits.maxConnections,
    perAddress: limits.maxConnectionsPerAddress,
  });
  boundRequestStatements(app, services.config.databaseQueryTimeoutMs);
  // CONNECT is not routed by Node (it would drop the socket unanswered): answered like any unknown method.
  app.server.on('connect', (req, socket: Socket) => {
    answerClientError(Object.assign(new Error('CONNECT'), { code: 'HPE_INVALID_METHOD' }), socket, {
      knownPath: req.url,
      log: app.log,
    });
  });
  const metrics = createMetrics({ db: services.db, health: services.health });
  const built = existsSync(join(webDist, 'index.html'));
  const answerUnrouted = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    // The dashboard's client routes (/sign-in, /projects/:id, ...) are its index.html; a missing asset is a 404.
    const clientRoute = !isServicePath(path) && !path.slice(path.lastIndexOf('/')).includes('.');
    if ((request.method === 'GET' || request.method === 'HEAD') && clientRoute) {
      reply.headers(HTML_HEADERS);
      return built
        ? reply.sendFile('index.html')
        : reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    const allowed = isServicePath(path) ? methodsAllowed(app, path) : [];
    // A path the router refused to route with this very method (an id it cannot decode, "/webhooks/%00") is not
    // found, not a method the path lacks.
    if (allowed.length && !allowed.includes(request.method)) {
      // The path exists with other methods: 405 and Allow (RFC 9110), in the one Error shape. The contract's
      // codes have no method_not_allowed, so the code is invalid_request, as for a method Node refuses.
      return reply
        .status(405)
        .header('Allow', allowed.join(', '))
        .send(
          errorBody(
            'invalid_request',
            `Method ${request.method} is not allowed on ${path}: allowed are ${allowed.join(', ')}.`,
          ),
        );
    }
    return reply.status(404).send(errorBody('not_found', `No route ${request.method} ${path}.`));
  };
  app.setNotFoundHandler(answerUnrouted);
  // HTTP/1.1 requires Host (RFC 9112 §3.2); Node's check is off so that the refusal has the Error shape.
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      return reply
        .status(400)
        .header('Connection', 'close')
        .send(errorBody('invalid_request', 'The request has no Host header; HTTP/1.1 requires one.'));
    }
  });
  // The dashboard's files (the `/*` catch-all) never answer a service path or one with `//` or dot segments
  // (`/api/v1//me`, `/api/v1/../api/v1/me`): those are unknown paths, 404, not the file server's 403.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== '/*') return;
    if (hasOddSegments(request.url)) {
      const path = request.url.split('?')[0]!;
      return reply.status(404).send(errorBody('not_found', `No route ${request.method} ${path}.`));
    }
    if (isServicePath(request.url.split('?')[0]!) || targetsApi(request.url)) {
      return answerUnrouted(request, reply);
    }
  });
  // A body sent where no route takes one (POST /api/v1/me with bad JSON, or too large) is a 405 or 404 first:
  // Fastify reads it before the not-found handler runs, and its complaint about the body would mislead.
  app.setErrorHandler((err: FastifyError, request, reply) =>
    request.is404 && err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500
      ? answerUnrouted(request, reply)
      : handleError(err, request, reply),
  );

  // A JSON body (the dashboard's) with a NUL character anywhere is refused before it reaches SQL.
  app.addHook('preValidation', async (request) => {
    if (typeof request.body === 'object' && containsNul(request.body)) {
      throw new AppError('invalid_request', `The request body's ${NUL_REFUSED}.`);
    }
  });

  // Reading the API is free, and every response says so: successes, errors, 404s and 500s alike.
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url?.startsWith(API_PREFIX) || targetsApi(request.url)) {
      reply.header('X-Request-Cost-Usd', '0');
    }
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? (request.url.startsWith(MCP_PATH) ? MCP_PATH : 'unmatched');
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    request.log[requestLogLevel](
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  });

  // Every route's query string as sent, before its schema reads it (after onRequest, so a bad key is still 401);
  // on the REST and dashboard APIs a parameter the route does not declare is refused (ADR 0095).
  app.addHook('preValidation', async (request) =>
    checkQueryText(
      request,
      STRICT_QUERY_PATHS.some((p) => request.routeOptions.url?.startsWith(`${p}/`)),
    ),
  );

  // Answers past 1 KB (JSON, CSV, the dashboard's files) compressed as the client accepts (zstd, br, gzip, ...);
  // request bodies are read as sent, never decompressed. Route-level, so it runs after the header hooks above.
  await app.register(compress, {
    threshold: 1024,
    globalDecompression: false,
    encodings: [...RESPONSE_ENCODINGS, 'identity'],
  });
  await app.register(swagger, swaggerOptions(services.config.publicBaseUrl));
  await app.register(restRoutes, { prefix: API_PREFIX, services });
  await app.register(mcpRoutes, { services });
  await app.register(dashboardRoutes, { prefix: DASHBOARD_API_PREFIX, services });
  await app.register(alertLinkRoutes, { services });

  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Vite names assets by content hash, so they never change; index.html must be revalidated.
      setHeaders: (reply, path) => {
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.headers(HTML_HEADERS);
      },
    });
  } else {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.headers(HTML_HEADERS).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE),
    );
  }
  await app.register(opsRoutes, { services, metrics, readiness });
  // Not ready before it listens; not ready once closing starts, so a load balancer stops sending requests.
  readiness.set('http', 'starting');
  app.addHook('onListen', async () => readiness.set('http', 'ready'));
  app.addHook('preClose', async () => {
    readiness.set('http', 'stopping');
    connections.shutdown(SHUTDOWN_GRACE_MS);
  });

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
