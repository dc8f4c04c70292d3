import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { mcpRoutes } from '../mcp/mcp.routes.ts';
import type { Services } from '../services.ts';
import { errorBody, handleError } from './errors.ts';
import { API_PREFIX, swaggerOptions } from './openapi.ts';
import { restRoutes } from './routes/rest.routes.ts';

export interface AppOptions {
  services: Services;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ services, logger = false }: AppOptions) {
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    // Errors the router meets before any route or hook runs: answer them in the one Error shape too.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      if (request.url.startsWith(API_PREFIX)) reply.header('X-Request-Cost-Usd', '0');
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return reply.status(404).send(errorBody('not_found', 'No such project on this account.'));
      }
      return reply
        .status(400)
        .send(errorBody('invalid_request', 'The URL is not valid (bad percent-encoding).'));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(errorBody('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`));
  });

  // Reading the API is free, and every response says so: successes, errors, 404s and 500s alike.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(API_PREFIX)) reply.header('X-Request-Cost-Usd', '0');
  });

  await app.register(swagger, swaggerOptions(services.config.publicBaseUrl));
  await app.register(restRoutes, { prefix: API_PREFIX, services });
  await app.register(mcpRoutes, { services });

  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lead Intelligence</title></head>
<body><h1>Lead Intelligence</h1><p>The service is running. The REST API is at <a href="${API_PREFIX}/openapi.json">${API_PREFIX}</a>; the dashboard is coming.</p></body></html>`;
  });
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
