// The validation-message wording both transports use: one sentence naming the parameter, its value and what is allowed.
import { ISO_TIMESTAMP_ALLOWED, ISO_TIMESTAMP_PATTERN } from '../domain/timestamps.ts';

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
