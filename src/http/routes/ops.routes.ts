import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { errorBody } from '../../contract/errors.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import type { Readiness } from '../../readiness.ts';
import type { Services } from '../../services.ts';

const sameSecret = (given: string, wanted: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Operations endpoints, outside the public API: /healthz (the process is up), /readyz (the database is
 * reachable and migrated, and the role's machinery is up; 503 otherwise) and /metrics (Prometheus text, behind
 * METRICS_TOKEN when set). Served by the main app, and by a worker's health listener (HEALTH_PORT).
 */
export const opsRoutes: FastifyPluginAsync<{
  services: Services;
  metrics: Metrics;
  readiness: Readiness;
}> = async (app, { services, metrics, readiness }) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const status = await readiness.check();
    return reply.status(status.ready ? 200 : 503).send(status);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = services.config.metricsToken;
    if (token !== null) {
      const given = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
      if (!given || !sameSecret(given, token)) {
        return reply
          .status(401)
          .header('WWW-Authenticate', 'Bearer')
          .send(errorBody('unauthorized', 'Send Authorization: Bearer <METRICS_TOKEN>.'));
      }
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
};
