import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { TObject } from 'typebox';
import { describeSchemaFailure, type PropertySchema } from '../contract/validation.ts';
import { containsNul, NUL_REFUSED } from '../domain/nul-text.ts';
import { PLAIN_INTEGER } from '../domain/plain-integer.ts';

// ajv-formats is CommonJS; under Node's ESM loader its function sits on .default.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

export type ArgumentsCheck =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; message: string; argument: string | null };

/** No tool takes nested values; the bound keeps copying and validation off deep recursion. */
export const MAX_ARGUMENT_DEPTH = 32;

/** Whether objects and arrays nest deeper than `limit`; iterative, so any depth is safe to ask about. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The one reading of text as another type (docs/decisions/0043): some clients send every argument as a string,
 * so an integer argument also takes plain decimal digits and a boolean one "true" or "false", as REST's query
 * string does. Nothing else changes type: 123 is not a string, "1e1" not an integer.
 */
function readTextArguments(args: Record<string, unknown>, properties: Record<string, PropertySchema>): void {
  for (const [name, value] of Object.entries(args)) {
    if (typeof value !== 'string' || !Object.hasOwn(properties, name)) continue;
    const type = properties[name]!.type;
    if (type === 'integer' && PLAIN_INTEGER.test(value)) args[name] = Number(value);
    else if (type === 'boolean' && (value === 'true' || value === 'false')) args[name] = value === 'true';
  }
}

/**
 * Validates tool arguments against the tool's TypeBox schema: defaults applied, types as declared (integers
 * and booleans also as text, see readTextArguments), and explains a failure in the REST API's words.
 */
export function createArgumentsValidator(schema: TObject): (args: unknown) => ArgumentsCheck {
  const ajv = new Ajv({ coerceTypes: false, useDefaults: true, allErrors: false, allowUnionTypes: true });
  addFormats(ajv);
  const validate: ValidateFunction = ajv.compile(schema);
  const properties = schema.properties as Record<string, PropertySchema>;

  return (args) => {
    if (nestsDeeperThan(args, MAX_ARGUMENT_DEPTH)) {
      return {
        ok: false,
        message: `Invalid arguments: values may nest at most ${MAX_ARGUMENT_DEPTH} levels deep.`,
        argument: null,
      };
    }
    // Read and filled with defaults in place, on a copy; the message shows the value as sent, as REST's does.
    const given = (args ?? {}) as Record<string, unknown>;
    const value = structuredClone(given);
    readTextArguments(value, properties);
    if (validate(value)) {
      const withNul = Object.keys(value).find((name) => containsNul(value[name]));
      if (withNul === undefined) return { ok: true, value };
      return { ok: false, message: `Invalid ${withNul}: ${NUL_REFUSED}.`, argument: withNul };
    }
    const first = validate.errors?.[0];
    if (!first) return { ok: false, message: 'Invalid arguments.', argument: null };
    const argument =
      first.keyword === 'additionalProperties'
        ? String(first.params.additionalProperty)
        : first.instancePath.replace(/^\//, '') ||
          String((first.params as { missingProperty?: string }).missingProperty ?? '') ||
          null;
    return { ok: false, message: describeSchemaFailure(first, properties, given, 'arguments'), argument };
  };
}
