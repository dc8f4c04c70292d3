import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody, InvalidFields, UNAVAILABLE_MESSAGE } from '../contract/errors.ts';
import { describeSchemaFailure, type PropertySchema } from '../contract/validation.ts';
import { isDatabaseUnavailable } from '../db/health.ts';

/** The query string as sent (Ajv coerces request.query in place); a repeated name never gets here (query-text.ts). */
function rawQuery(url: string): Record<string, string> {
  const query: Record<string, string> = {};
  const at = url.indexOf('?');
  if (at === -1) return query;
  try {
    for (const [k, v] of new URLSearchParams(url.slice(at + 1))) query[k] ??= v;
  } catch {}
  return query;
}

/** Turns a schema validation failure into one sentence naming the parameter, its value and what is allowed. */
export function describeValidationError(err: FastifyError, request: FastifyRequest): string {
  const first = err.validation?.[0];
  const context = err.validationContext ?? 'request';
  if (!first) return err.message;
  const schema = (
    request.routeOptions.schema as Record<string, { properties?: Record<string, PropertySchema> }>
  )?.[context];
  const source = (
    context === 'querystring' ? rawQuery(request.url) : context === 'params' ? request.params : undefined
  ) as Record<string, unknown> | undefined;
  return describeSchemaFailure(first, schema?.properties, source, context);
}

/** Every error leaves as the one Error shape; internals are logged, never sent. */
export function handleError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    const fields = err instanceof InvalidFields ? err.fields : undefined;
    return reply
      .status(err.status)
      .headers(err.headers)
      .send(errorBody(err.code, err.message, fields));
  }
  if (err.validation) {
    // "/projects/" or "/projects//leads" routes with an empty id: a path that is not there, not a bad id.
    if (err.validationContext === 'params' && Object.values(request.params ?? {}).includes('')) {
      const path = request.url.split('?')[0]!;
      const hint = path.endsWith('/') ? ' Leave out the trailing /.' : '';
      return reply.status(404).send(errorBody('not_found', `No route ${request.method} ${path}.${hint}`));
    }
    return reply.status(400).send(errorBody('invalid_request', describeValidationError(err, request)));
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = status === 404 ? 'not_found' : status === 401 ? 'unauthorized' : 'invalid_request';
    return reply.status(status).send(errorBody(code, err.message));
  }
  if (isDatabaseUnavailable(err)) {
    // Not a bug: the database went away for a moment; the caller may retry (docs/reliability.md).
    request.log.warn({ code: (err as { code?: string }).code }, 'database unavailable');
    return reply.status(503).header('Retry-After', '1').send(UNAVAILABLE_BODY);
  }
  request.log.error({ err }, 'request failed');
  return reply
    .status(500)
    .send(errorBody('internal_error', 'Internal error. It has been logged; please retry.'));
}

const UNAVAILABLE_BODY = errorBody('internal_error', UNAVAILABLE_MESSAGE);
