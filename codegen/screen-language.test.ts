// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Type } from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ACTION_KIND_NAMES,
  ACTION_SHORTHANDS,
  CALL_ACTION_KINDS,
  EXPORT_ACTION_KINDS,
  OPEN_ACTION_KINDS,
  SIMPLE_ACTION_KINDS,
} from '../schemas/screen-language';
import { Named } from '../schemas/screen-language/helpers';
import {
  SCHEMA_FILE,
  screenJsonSchema,
  screenLanguageFiles,
  staleScreenLanguageFiles,
  VALIDATOR_FILE,
} from './screen-language';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A root of its own holding the derived files as the language gives them now. */
function copyOfDerivedFiles(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screen-language-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'schemas'));
  for (const [file, content] of screenLanguageFiles()) fs.writeFileSync(path.join(dir, file), content);
  return dir;
}

function edit(root: string, file: string, from: string, to: string) {
  const abs = path.join(root, file);
  const text = fs.readFileSync(abs, 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(abs, text.replace(from, to));
}

describe('npm run codegen:screens', () => {
  it('the repository’s schema and validator are what the language gives', () => {
    expect(staleScreenLanguageFiles()).toEqual([]);
  });

  it('a hand edit of the JSON Schema or of the compiled validator fails the check', () => {
    const root = copyOfDerivedFiles();
    expect(staleScreenLanguageFiles(root)).toEqual([]);
    // A widget added to the schema by hand, not to the language.
    edit(root, SCHEMA_FILE, '"password"', '"password",\n            "datepicker"');
    expect(staleScreenLanguageFiles(root)).toEqual([SCHEMA_FILE]);
    edit(root, VALIDATOR_FILE, '"minLength":1', '"minLength":0');
    expect(staleScreenLanguageFiles(root)).toEqual([SCHEMA_FILE, VALIDATOR_FILE]);
    fs.rmSync(path.join(root, SCHEMA_FILE));
    expect(staleScreenLanguageFiles(root)).toEqual([SCHEMA_FILE, VALIDATOR_FILE]);
  });

  it('writes a named schema once under definitions and refers to it wherever it is used', () => {
    const schema = screenJsonSchema() as { definitions: Record<string, unknown> };
    const text = JSON.stringify(schema);
    const refs = new Set([...text.matchAll(/"\$ref":"#\/definitions\/([^"]+)"/g)].map((m) => m[1]));
    // Every reference resolves, and every definition is used.
    expect([...refs].sort()).toEqual(Object.keys(schema.definitions).sort());
    // What the registry test and the editors' "$schema" users read.
    expect(Object.keys(schema.definitions)).toEqual(
      expect.arrayContaining(['filter', 'field', 'column', 'action', 'listScreen', 'editScreen', 'portal']),
    );

    const Name = Named('name', Type.String({ minLength: 1 }));
    const emitted = screenJsonSchema(Type.Object({ a: Name, b: Type.Optional(Name) }));
    expect(emitted).toEqual({
      type: 'object',
      required: ['a'],
      properties: { a: { $ref: '#/definitions/name' }, b: { $ref: '#/definitions/name' } },
      definitions: { name: { type: 'string', minLength: 1 } },
    });
    expect(() =>
      screenJsonSchema(Type.Object({ a: Named('x', Type.String()), b: Named('x', Type.Integer()) })),
    ).toThrow('two different schemas are named "x"');
  });

  it('every action kind has exactly one shape, and every shorthand is a kind', () => {
    const byShape = [...CALL_ACTION_KINDS, ...OPEN_ACTION_KINDS, ...EXPORT_ACTION_KINDS, ...SIMPLE_ACTION_KINDS];
    expect([...byShape].sort()).toEqual([...ACTION_KIND_NAMES].sort());
    expect(new Set(byShape).size).toBe(byShape.length);
    for (const name of ACTION_SHORTHANDS) expect(ACTION_KIND_NAMES).toContain(name);
  });
});
