/**
 * Which form control a property of the screen language gets in the designer's property panel,
 * read from its schema alone (schemas/screen.schema.json): an enum a choice, a boolean yes/no,
 * an integer or number a number box, a string (a name, an expression, a text key) a text box, an
 * expression-or-boolean (`rule`) a text box that writes true/false as booleans; a list or an object
 * is edited in JSON. No property is named here, so a property the language gains shows up with a
 * control without designer code.
 */
import { resolveSchema } from '../completion';

type Json = Record<string, unknown>;

export type Control =
  | { type: 'const'; value: unknown }
  | { type: 'enum'; values: string[] }
  | { type: 'boolean' }
  | { type: 'number'; integer: boolean; minimum?: number; maximum?: number }
  | { type: 'string'; allowsBoolean: boolean }
  | { type: 'complex' };

const types = (s: Json): string[] => (Array.isArray(s.type) ? (s.type as string[]) : s.type ? [String(s.type)] : []);

export function controlOf(root: Json, schema: Json): Control {
  if ('const' in schema) return { type: 'const', value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string'))
    return { type: 'enum', values: schema.enum as string[] };
  const alternatives = [...((schema.oneOf as unknown[]) ?? []), ...((schema.anyOf as unknown[]) ?? [])]
    .map((a) => resolveSchema(root, a))
    .filter((a): a is Json => !!a);
  if (alternatives.length) {
    const kinds = alternatives.map((a) => controlOf(root, a).type);
    if (kinds.every((k) => k === 'string' || k === 'boolean') && kinds.includes('string'))
      return { type: 'string', allowsBoolean: kinds.includes('boolean') };
    return { type: 'complex' };
  }
  const t = types(schema);
  if (t.length !== 1) return { type: 'complex' };
  if (t[0] === 'boolean') return { type: 'boolean' };
  if (t[0] === 'integer' || t[0] === 'number')
    return {
      type: 'number',
      integer: t[0] === 'integer',
      ...(typeof schema.minimum === 'number' ? { minimum: schema.minimum } : {}),
      ...(typeof schema.maximum === 'number' ? { maximum: schema.maximum } : {}),
    };
  if (t[0] === 'string') return { type: 'string', allowsBoolean: false };
  return { type: 'complex' };
}

/** Whether the value in the text fits the control (a `label` written as an object is edited in JSON). */
export function fits(control: Control, value: unknown): boolean {
  if (value === undefined) return true;
  switch (control.type) {
    case 'enum':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string' || (control.allowsBoolean && typeof value === 'boolean');
    default:
      return control.type === 'const';
  }
}

/** What a text box's content writes: nothing when empty, true/false where the schema allows them. */
export function stringValue(control: Extract<Control, { type: 'string' }>, typed: string): unknown {
  if (typed === '') return undefined;
  if (control.allowsBoolean && (typed === 'true' || typed === 'false')) return typed === 'true';
  return typed;
}
