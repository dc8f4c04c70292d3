import type { FastifyRequest } from 'fastify';
import { AppError } from '../contract/errors.ts';
import { describeSchemaFailure, type PropertySchema } from '../contract/validation.ts';
import { PLAIN_INTEGER } from '../domain/plain-integer.ts';

/**
 * Checks the query string as sent, before Ajv coerces it: Ajv reads any text JavaScript reads as a number
 * ("0x10", "1e1", " 5") and turns a repeated name into a list. Every query parameter is single-valued, and an
 * integer is plain decimal digits; anything else is refused in the words of a schema failure. With `strict`,
 * a name the route does not declare (`minscore`, `minScore[]`) is refused too, not ignored (ADR 0095).
 */
export function checkQueryText(request: FastifyRequest, strict: boolean): void {
  const at = request.url.indexOf('?');
  if (at === -1) return;
  const schema = request.routeOptions.schema?.querystring as
    | { properties?: Record<string, PropertySchema> }
    | undefined;
  const properties = schema?.properties ?? {};
  if (!strict && !schema?.properties) return;
  const given = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(request.url.slice(at + 1))) {
    if (!Object.hasOwn(properties, name)) {
      if (!strict) continue;
      const failure = {
        instancePath: '',
        keyword: 'additionalProperties',
        params: { additionalProperty: name },
      };
      throw new AppError(
        'invalid_request',
        describeSchemaFailure(failure, properties, undefined, 'querystring'),
      );
    }
    if (given.has(name)) {
      throw new AppError('invalid_request', `${name} is given more than once; give it once.`);
    }
    given.set(name, value);
  }
  for (const [name, value] of given) {
    if (properties[name]!.type === 'integer' && !PLAIN_INTEGER.test(value)) {
      const failure = { instancePath: `/${name}`, keyword: 'type', params: {} };
      throw new AppError(
        'invalid_request',
        describeSchemaFailure(failure, properties, { [name]: value }, 'querystring'),
      );
    }
  }
}
