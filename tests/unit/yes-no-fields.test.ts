// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../codegen/screens-check';

/**
 * A yes/no field (`…Yn`, its value Y or N) shows as 예/아니오 — a code column or a select of the YN code group, a
 * checkbox, or a badge of its own options — never as the raw letter a person would have to read and type (the
 * suppliers' contacts grid showed 'Y' under 주 담당(Y/N), typed as text).
 */
const root = path.resolve(import.meta.dirname, '../..');

interface Field {
  field?: unknown;
  type?: unknown;
  widget?: unknown;
  codeGroup?: unknown;
  options?: unknown;
  hidden?: unknown;
}

/** Every object with a `field` in the definition, at its JSON path. */
function fieldsOf(node: unknown, at: string, out: [string, Field][] = []): [string, Field][] {
  if (Array.isArray(node)) node.forEach((n, i) => fieldsOf(n, `${at}/${i}`, out));
  else if (node && typeof node === 'object') {
    const f = node as Field;
    if (typeof f.field === 'string') out.push([at, f]);
    for (const [k, v] of Object.entries(node)) fieldsOf(v, `${at}/${k}`, out);
  }
  return out;
}

/** Shown as words: a code column, a select, a checkbox, or the definition's own options. */
const readable = (f: Field) =>
  f.codeGroup !== undefined ||
  f.options !== undefined ||
  f.widget === 'checkbox' ||
  f.widget === 'hidden' ||
  f.type === 'hidden' ||
  f.hidden === true;

describe('yes/no fields', () => {
  it('are never shown or typed as a raw Y or N', async () => {
    const raw = (await loadDefinitions(root)).flatMap(({ file, definition }) =>
      fieldsOf(definition, '')
        .filter(([, f]) => /Yn$|_YN$/.test(String(f.field)) && !readable(f))
        .map(([at, f]) => `${file}${at} (${String(f.field)})`),
    );
    expect(raw).toEqual([]);
  }, 60_000);
});
