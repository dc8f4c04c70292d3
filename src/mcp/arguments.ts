import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { TObject } from 'typebox';
import { describeSchemaFailure, type PropertySchema } from '../http/errors.ts';

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
 * Validates tool arguments against the tool's TypeBox schema with the options Fastify gives the REST API
 * (defaults applied, "10" read as 10), and explains a failure in the REST API's words.
 */
export function createArgumentsValidator(schema: TObject): (args: unknown) => ArgumentsCheck {
  const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: false, allowUnionTypes: true });
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
    // Ajv coerces and fills defaults in place; the message shows the value as read, as REST's does.
    const value = structuredClone((args ?? {}) as Record<string, unknown>);
    if (validate(value)) return { ok: true, value };
    const first = validate.errors?.[0];
    if (!first) return { ok: false, message: 'Invalid arguments.', argument: null };
    const argument =
      first.keyword === 'additionalProperties'
        ? String(first.params.additionalProperty)
        : first.instancePath.replace(/^\//, '') ||
          String((first.params as { missingProperty?: string }).missingProperty ?? '') ||
          null;
    return { ok: false, message: describeSchemaFailure(first, properties, value, 'arguments'), argument };
  };
}
