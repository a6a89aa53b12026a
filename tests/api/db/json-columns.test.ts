import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRows, parsedJson } from '../../../server/db/json-rows.js';
import { iso } from '../../../server/domain/values.js';
import { createEmptyTestDb, type TestDb } from '../../helpers/test-db.js';

/**
 * What a json column holds by the time our code reads it, through each driver and the camelCase
 * plugin every handle has (server/db/lists/README.md, "json columns"): the keys of every object in
 * it are renamed as a row's columns are — a column name comes back as written in code, a key that
 * is data (a code) comes back changed — except objects inside an array inside an array; a json
 * column read as text is left alone. And what `jsonRows` keeps exact: numerics cast to text,
 * timestamps read through `iso`, its order its own.
 */
describe('json columns through the camelCase plugin and both drivers', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createEmptyTestDb();
  });
  afterAll(() => t.drop());

  it('renames the keys of nested objects (data keys too); leaves arrays in arrays and json read as text alone', async () => {
    const row = await t.db
      .selectNoFrom([
        sql<unknown>`json_build_object(
          'line_no', 1,
          'KRW_TOTAL', 2,
          'A01_B2', 3,
          'nested_obj', json_build_object('item_code', 'A_B'),
          'list_of', json_build_array(
            json_build_object('step_no', 1),
            json_build_array(json_build_object('deep_key', 2)),
            'plain_text'))`.as('doc'),
        sql<string>`cast(json_build_object('KRW_TOTAL', 2, 'line_no', 1) as text)`.as('docText'),
        sql<unknown>`'{"agreed_qty": 1}'::jsonb`.as('stored'),
      ])
      .executeTakeFirstOrThrow();
    expect(Object.keys(row)).toEqual(['doc', 'docText', 'stored']);
    expect(parsedJson(row.doc)).toEqual({
      lineNo: 1,
      // Data as a key is renamed too: a code must never be a json key of a column read as json.
      KRWTOTAL: 2,
      A01B2: 3,
      nestedObj: { itemCode: 'A_B' },
      listOf: [{ stepNo: 1 }, [{ deep_key: 2 }], 'plain_text'],
    });
    expect(JSON.parse(row.docText)).toEqual({ KRW_TOTAL: 2, line_no: 1 });
    expect(parsedJson(row.stored)).toEqual({ agreedQty: 1 });
  });

  it('jsonRows: numerics exact as text, timestamps as the driver gives them once read through iso, its own order', async () => {
    const rows = t.db
      .selectFrom(
        sql<{ n: number; amount: string; at: string }>`(values
          (1, 1234567890123456.10::numeric, '2024-11-05 05:30:09.123456+00'::timestamptz),
          (2, 0.50::numeric, '2024-11-05 05:30:09+00'::timestamptz),
          (3, 7::numeric, '1999-12-31 23:59:59.9999+00'::timestamptz))`.as<'v'>(sql`v(n, amount, at)`),
      )
      .select((eb) => ['v.n', eb.cast<string>('v.amount', 'text').as('amountText'), 'v.amount', 'v.at']);
    const direct = await rows.orderBy('v.n').execute();
    const { list } = await t.db.selectNoFrom([jsonRows(rows, ['n desc']).as('list')]).executeTakeFirstOrThrow();
    const json = parsedJson(list);
    expect(json.map((r) => r.n)).toEqual([3, 2, 1]);
    expect(json.map((r) => r.amountText)).toEqual(['7', '0.50', '1234567890123456.10']);
    expect(json.map((r) => r.amountText)).toEqual(direct.map((r) => r.amountText).reverse());
    expect(direct.map((r) => r.amount)).toEqual(['1234567890123456.10', '0.50', '7']);
    // Not cast, a numeric is a JSON number: digits and trailing zeros lost.
    expect(json.map((r) => r.amount)).toEqual([7, 0.5, Number('1234567890123456.10')]);
    expect(String(json[2].amount)).not.toBe('1234567890123456.10');
    // json writes timestamps its own way; through iso they are the driver's (milliseconds truncated).
    expect(json.map((r) => iso(r.at))).toEqual(direct.map((r) => r.at).reverse());
    expect(direct.map((r) => r.at)).toEqual([
      '2024-11-05T05:30:09.123Z',
      '2024-11-05T05:30:09.000Z',
      '1999-12-31T23:59:59.999Z',
    ]);
    // No rows: an empty array, not NULL.
    const none = await t.db
      .selectNoFrom([jsonRows(rows.where('v.n', '>', 9), ['n']).as('list')])
      .executeTakeFirstOrThrow();
    expect(parsedJson(none.list)).toEqual([]);
  });
});
