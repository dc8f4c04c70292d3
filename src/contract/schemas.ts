// The TypeBox helpers and shared shapes of the contract every surface (REST, dashboard, tools, CLI) serves.
import { type Static, type TSchema, Type } from 'typebox';

/** "Present and may be null": a JSON Schema type union, which serializes faster than anyOf. */
export function Nullable<T extends TSchema>(schema: T) {
  const base = schema as unknown as { type?: string; enum?: unknown[] };
  // An enum lists every allowed value, so null must be among them or `type` alone would not admit it.
  const enumWithNull = base.enum ? { enum: [...base.enum, null] } : {};
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [base.type, 'null'], ...enumWithNull });
}

export const DateTime = Type.String({ format: 'date-time' });

export const ProjectIdParams = Type.Object({ id: Type.String({ minLength: 1, description: 'Project id' }) });

/** A string enum as plain JSON Schema (`enum`), which reads better in OpenAPI than anyOf of consts. */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}
