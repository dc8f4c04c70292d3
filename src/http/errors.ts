import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/health.ts';
import { ISO_TIMESTAMP_ALLOWED, ISO_TIMESTAMP_PATTERN } from '../domain/timestamps.ts';
import { AppError, type ErrorCode, type FieldProblem, InvalidFields } from '../errors.ts';

/** The one Error shape; `fields` only on a dashboard body check (each invalid field with its own sentence). */
export function errorBody(code: ErrorCode, message: string, fields?: FieldProblem[]) {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export interface PropertySchema {
  type?: string | string[];
  enum?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  format?: string;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: PropertySchema;
  properties?: Record<string, PropertySchema>;
}

/** The schema of a nested parameter such as `leadIds.0` or `leads.2.status`. */
function schemaAt(
  properties: Record<string, PropertySchema> | undefined,
  path: string,
): PropertySchema | undefined {
  const [first, ...rest] = path.split('.');
  let s = properties?.[first ?? ''];
  for (const step of rest) s = /^\d+$/.test(step) ? s?.items : s?.properties?.[step];
  return s;
}

/** Says in words what a parameter accepts, from the same schema that validated it. */
function describeAllowed(s: PropertySchema | undefined): string {
  if (!s) return 'a valid value';
  if (s.enum) return `one of ${s.enum.join(', ')}`;
  if (s.format === 'date-time') return 'an ISO 8601 date-time with a time zone, e.g. 2026-01-31T09:00:00Z';
  if (s.pattern === ISO_TIMESTAMP_PATTERN) return ISO_TIMESTAMP_ALLOWED;
  if (s.type === 'integer' || s.type === 'number') {
    const kind = s.type === 'integer' ? 'an integer' : 'a number';
    if (s.minimum !== undefined && s.maximum !== undefined)
      return `${kind} from ${s.minimum} to ${s.maximum}`;
    if (s.minimum !== undefined) return `${kind} of ${s.minimum} or more`;
    return kind;
  }
  if (s.type === 'boolean') return 'true or false';
  if (s.type === 'array') {
    const { minItems: min, maxItems: max } = s;
    if (min !== undefined && max !== undefined) return `a list of ${min} to ${max} items`;
    if (max !== undefined) return `a list of at most ${max} items`;
    return 'a list';
  }
  if (s.type === 'string' && s.minLength) return 'a non-empty string';
  return `a ${s.type ?? 'valid'} value`;
}

/** The first failure of an Ajv validation, as Fastify and the tool endpoint both receive it. */
export interface SchemaFailure {
  instancePath: string;
  keyword?: string;
  params: Record<string, unknown>;
}

/**
 * One sentence naming the parameter, its value and what is allowed; shared by REST and the tool endpoint
 * so a filter is explained in the same words on both surfaces.
 */
export function describeSchemaFailure(
  first: SchemaFailure,
  properties: Record<string, PropertySchema> | undefined,
  given: Record<string, unknown> | undefined,
  context: string,
): string {
  if (first.keyword === 'additionalProperties') {
    const raw = String(first.params.additionalProperty);
    // Shown as sent when it reads as a name; anything else quoted and cut short, never echoed whole.
    const name = /^[\w.[\]-]{1,64}$/.test(raw) ? raw : JSON.stringify(raw.slice(0, 64));
    const known = Object.keys(properties ?? {});
    return `Unknown ${context === 'arguments' ? 'argument' : 'parameter'} ${name}: ${known.length ? `allowed are ${known.join(', ')}` : 'none are accepted'}.`;
  }
  const param = [
    first.instancePath.replace(/^\//, '').replace(/\//g, '.'),
    first.keyword === 'required' ? String(first.params.missingProperty ?? '') : '',
  ]
    .filter(Boolean)
    .join('.');
  if (!param && context === 'body') return 'The request body must be a JSON object.';
  if (first.keyword === 'maxLength')
    return `Invalid ${param}: must be at most ${first.params.limit} characters.`;
  const allowed = describeAllowed(schemaAt(properties, param));
  if (first.keyword === 'required') return `Missing ${param}: must be ${allowed}.`;
  const value = given?.[param];
  // A query value arrives as text: shown as sent, so a number past 2^53 is not echoed rounded; a long list of
  // ids says nothing more than its parameter's name.
  // A JSON number past a double's range (1e400) was parsed as Infinity, which JSON would show as null.
  const json =
    value === undefined || (typeof value === 'number' && !Number.isFinite(value))
      ? ''
      : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
        ? value
        : JSON.stringify(value);
  const shown = json === '' || json.length > 80 ? '' : ` ${json}`;
  return `Invalid ${param || context}${shown}: must be ${allowed}.`;
}

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

export const UNAVAILABLE_MESSAGE =
  'The service cannot reach its database right now; please retry in a moment.';
const UNAVAILABLE_BODY = errorBody('internal_error', UNAVAILABLE_MESSAGE);
