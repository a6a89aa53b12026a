/**
 * The few shapes the screen language needs beyond TypeBox's own builders, each emitting exactly the
 * JSON Schema keyword the language has always used (`enum`, `const`, `oneOf`, `propertyNames`), so
 * the derived schema/screen.schema.json validates as before and editors complete as before.
 * Imports nothing of ours (schemas/ is below every other folder).
 */
import { Type, type Static, type TSchema } from 'typebox';

/** Marks a schema as a named definition: the JSON Schema has it once, under `definitions`, and `$ref`s it elsewhere. */
const DEFINITION_NAME = '~screenDefinition';

export function Named<T extends TSchema>(name: string, schema: T): T {
  // Not enumerable: invisible to JSON and to ajv, and TypeBox's Optional() copies it with the schema.
  Object.defineProperty(schema, DEFINITION_NAME, {
    value: name,
    enumerable: false,
    configurable: true,
    writable: true,
  });
  return schema;
}

export function definitionName(schema: object): string | undefined {
  return (schema as Record<string, unknown>)[DEFINITION_NAME] as string | undefined;
}

/** `{ "enum": [...] }`: one of these strings. */
export function Enum<const V extends readonly string[]>(values: V, options: { description?: string } = {}) {
  return Type.Unsafe<V[number]>({ enum: [...values], ...options });
}

/** `{ "const": v }` (a kind's discriminator). */
export function Const<const V extends string>(value: V) {
  return Type.Unsafe<V>({ const: value });
}

/** `{ "oneOf": [...] }` for alternatives that never overlap (TypeBox's Union says anyOf). */
export function OneOf<const T extends TSchema[]>(types: T, options: { description?: string } = {}) {
  return Type.Unsafe<Static<T[number]>>({ oneOf: types, ...options });
}

/** An object used as a map: every key matches `key` (when given), every value is `value`. */
export function MapOf<V extends TSchema>(
  value: V,
  options: { key?: TSchema; description?: string; minProperties?: number } = {},
) {
  const { key, ...rest } = options;
  return Type.Unsafe<Record<string, Static<V>>>({
    type: 'object',
    ...rest,
    ...(key ? { propertyNames: key } : {}),
    additionalProperties: value,
  });
}

/** `{ "type": [...] }`: a JSON scalar of one of these types. */
export function Scalar() {
  return Type.Unsafe<string | number | boolean | null>({ type: ['string', 'number', 'boolean', 'null'] });
}

/** `{ "type": "object" }`: any object (a custom screen's props, handed to its component as they are). */
export function AnyObject() {
  return Type.Unsafe<Record<string, unknown>>({ type: 'object' });
}

/** `{ "anyOf": [{ "required": [a] }, { "required": [b] }] }`: at least one of these properties. */
export function oneOfRequired(...names: string[]) {
  return { anyOf: names.map((n) => ({ required: [n] })) };
}

/** An `if` matching objects whose `kind` is one of these (a `const` for one). */
export function kindIs(kinds: readonly string[], required = false) {
  return {
    properties: { kind: kinds.length === 1 ? { const: kinds[0] } : { enum: [...kinds] } },
    ...(required ? { required: ['kind'] } : {}),
  };
}
