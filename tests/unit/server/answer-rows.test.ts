// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { answerRow } from '../../../server/db/lists/answer-rows.js';
import { CompiledCamelCasePlugin } from '../../../server/db/lists/camel-rows.js';

type Raw = {
  deliveryNo: string;
  totalAmount: string;
  remark: string | null;
  lineCount: number | null;
  meta: unknown;
  poNo: string;
};

const row = answerRow<Raw, Map<string, number>>()('test', (f) => ({
  deliveryNo: f('deliveryNo'),
  AMT: f('totalAmount', (v) => `${v}!`),
  BIGO: f('remark'),
  lineCount: f('lineCount', (v) => Number(v ?? 0)),
  meta: f('meta'),
  extra: f('poNo', (poNo, counts) => counts.get(poNo) ?? 0),
}));

/**
 * answer-rows.ts: one declaration read from Kysely's camelCase rows and from the driver's array rows
 * by position gives the same answer row — fields in the declared order, conversions with the context,
 * a json column's keys renamed as the camelCase plugin renames them, the last of two same-named columns.
 */
describe('answer rows from object rows and from array rows', () => {
  const plugin = new CompiledCamelCasePlugin({ underscoreBeforeDigits: true });
  const counts = new Map([['P1', 3]]);

  it('the same row either way, in the declared order', () => {
    const columns = ['poNo', 'deliveryNo', 'remark', 'totalAmount', 'lineCount', 'meta', 'ks0'];
    const arrays = [
      'P1',
      'D1',
      '"따옴표" \\ \u0001',
      '10.00',
      null,
      { item_code: 'A', lines: [{ unit_price: '1' }] },
      'x',
    ];
    const objects: Raw = {
      poNo: 'P1',
      deliveryNo: 'D1',
      remark: '"따옴표" \\ \u0001',
      totalAmount: '10.00',
      lineCount: null,
      meta: { itemCode: 'A', lines: [{ unitPrice: '1' }] },
    };
    const fromArray = row.forColumns(columns)(arrays, counts, plugin.renameNested);
    expect(fromArray).toEqual(row.fromObject(objects, counts));
    expect(Object.keys(fromArray)).toEqual(['deliveryNo', 'AMT', 'BIGO', 'lineCount', 'meta', 'extra']);
    expect(fromArray).toEqual({
      deliveryNo: 'D1',
      AMT: '10.00!',
      BIGO: '"따옴표" \\ \u0001',
      lineCount: 0,
      meta: { itemCode: 'A', lines: [{ unitPrice: '1' }] },
      extra: 3,
    });
  });

  it('reads the last of two same-named columns, as an object row keeps it', () => {
    const columns = ['deliveryNo', 'totalAmount', 'remark', 'lineCount', 'meta', 'poNo', 'deliveryNo'];
    expect(
      row.forColumns(columns)(['first', '1', null, 2, null, 'P9', 'last'], counts, plugin.renameNested).deliveryNo,
    ).toBe('last');
  });

  it('names the column a statement lacks', () => {
    expect(() => row.forColumns(['deliveryNo', 'totalAmount'])).toThrow(/no column remark/);
  });
});
