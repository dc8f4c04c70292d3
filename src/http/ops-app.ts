import Fastify, { type FastifyServerOptions } from 'fastify';
import { errorBody } from '../contract/errors.ts';
import { createMetrics } from '../metrics/metrics.ts';
import type { Readiness } from '../readiness.ts';
import type { Services } from '../services.ts';
import { manageConnections, SHUTDOWN_GRACE_MS } from './connections.ts';
import { handleError } from './errors.ts';
import { opsRoutes } from './routes/ops.routes.ts';
import { boundRequestStatements } from './statement-bound.ts';

/**
 * A worker's HTTP server: /healthz, /readyz and /metrics only, for probes and scrapes (HEALTH_PORT; a worker
 * without it opens no port). No API, no dashboard, no request bodies.
 */
export async function buildOpsApp(opts: {
  services: Services;
  readiness: Readiness;
  logger?: FastifyServerOptions['logger'];
}) {
  const limits = opts.services.config.http;
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024,
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.requestTimeoutMs * 2,
  });
  app.server.maxConnections = 64;
  const connections = manageConnections(app.server, { maxConnections: 64, perAddress: 64 });
  app.addHook('preClose', async () => connections.shutdown(SHUTDOWN_GRACE_MS));
  boundRequestStatements(app, opts.services.config.databaseQueryTimeoutMs);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(errorBody('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`)),
  );
  const metrics = createMetrics({ db: opts.services.db, health: opts.services.health });
  // Probes every few seconds would fill the log: their info-level request lines are not written; warnings are.
  await app.register(opsRoutes, {
    services: opts.services,
    metrics,
    readiness: opts.readiness,
    logLevel: 'warn',
  });
  return app;
}
