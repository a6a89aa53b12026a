// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CamelCasePlugin, type PluginTransformResultArgs, type QueryId, type UnknownRow } from 'kysely';
import { CompiledCamelCasePlugin } from '../../../server/db/lists/camel-rows';

const args = (rows: UnknownRow[]) =>
  ({ result: { rows }, queryId: { queryId: 'q' } as QueryId }) as PluginTransformResultArgs;

describe('CompiledCamelCasePlugin (rows renamed by a function compiled per column list)', () => {
  const opt = { underscoreBeforeDigits: true };
  const compiled = new CompiledCamelCasePlugin(opt);
  const plain = new CamelCasePlugin(opt);

  it('answers exactly what CamelCasePlugin answers: nested json and arrays renamed, dates and bytes kept, nulls', async () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const rows = [
      {
        po_no: 'PO1',
        tax_no_2: '7',
        created_at: at,
        file_bytes: new Uint8Array([1, 2]),
        extra_json: { line_no: 1, item_list: [{ item_code: 'A' }, 3] },
        tags: ['a_b', { tag_name: 'x' }],
        nothing: null,
      },
      { po_no: 'PO2', tax_no_2: null, created_at: null, file_bytes: null, extra_json: null, tags: [], nothing: null },
    ];
    const mine = await compiled.transformResult(args(rows));
    const theirs = await plain.transformResult(args(rows));
    expect(mine.rows).toEqual(theirs.rows);
    expect(Object.keys(mine.rows[0])).toEqual([
      'poNo',
      'taxNo2',
      'createdAt',
      'fileBytes',
      'extraJson',
      'tags',
      'nothing',
    ]);
    expect(mine.rows[0].createdAt).toBe(at);
  });

  it('a row with other columns than the first (never from one statement) is renamed the plugin’s way', async () => {
    const rows = [{ a_b: 1, c_d: 2 }, { c_d: 3, a_b: 4 }, { a_b: 5 }, { a_b: 6, c_d: 7, e_f: 8 }];
    expect((await compiled.transformResult(args(rows))).rows).toEqual((await plain.transformResult(args(rows))).rows);
  });

  it('a column named __proto__ never sets the row’s prototype', async () => {
    const row = JSON.parse('{"__proto__": {"polluted": true}, "a_b": 1}') as UnknownRow;
    const [out] = (await compiled.transformResult(args([row]))).rows;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: boolean }).polluted).toBeUndefined();
    expect(out).toEqual((await plain.transformResult(args([row]))).rows[0]);
  });
});
