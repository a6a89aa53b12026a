// @vitest-environment node
import { CamelCasePlugin, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type Dialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CompiledCamelCasePlugin } from '../../../server/db/camel-rows';
import type { Database } from '../../../server/db/schema.generated';
import { withSnakeCaseCompiler } from '../../../server/db/snake-compiler';

const dialect: Dialect = {
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new DummyDriver(),
  createQueryCompiler: () => new PostgresQueryCompiler(),
  createIntrospector: (db) => new PostgresIntrospector(db),
};

// Before: CamelCasePlugin copying the tree. After: the names renamed as the compiler writes them.
const before = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin({ underscoreBeforeDigits: true })] });
const after = new Kysely<Database>({ dialect: withSnakeCaseCompiler(dialect), plugins: [new CompiledCamelCasePlugin({ underscoreBeforeDigits: true })] });

/**
 * The names the statement's own select gives its columns (issue #27 item 1): CamelCasePlugin's
 * statement, with each outermost plain column and alias named as the answer's row names it.
 */
const answerNames = (text: string, names: Array<[string, string]>) => names.reduce((out, [from, to]) => out.replace(from, to), text);

describe('snake_case names written by the compiler (no tree copy), as CamelCasePlugin wrote them', () => {
  // Before #27's row change these statements were compared as they are; now the outermost select also
  // names its outputs in answer names, so the expected text is CamelCasePlugin's with exactly those edits.
  const statements: Array<[string, (db: Kysely<Database>) => { compile(): { sql: string; parameters: readonly unknown[] } }, Array<[string, string]>]> = [
    [
      'joins, aliases, subqueries in the select list and in WHERE, sql.ref, order, limit',
      (db) =>
        db
          .selectFrom('delivery as d')
          .innerJoin('company as c', 'c.compNo', 'd.compNo')
          .leftJoin('poHeader as h', 'h.poNo', 'd.poNo')
          .select(['d.deliveryNo', 'c.compNameKr as compName', 'h.title as poTitle', 'd.createdAt'])
          .select((eb) => [
            eb.selectFrom('deliveryLine as l').select((e) => e.fn.countAll<number>().as('n')).whereRef('l.deliveryNo', '=', 'd.deliveryNo').as('lineCount'),
          ])
          .where(({ exists, selectFrom }) => exists(selectFrom('deliveryLine as l').select('l.lineNo').whereRef('l.deliveryNo', '=', 'd.deliveryNo').where('l.itemName', 'ilike', '%a%')))
          .where('d.status', 'in', ['REGISTERED', 'RECEIVED'])
          .orderBy(sql.ref('c.compNameKr'), 'desc')
          .limit(100)
          .offset(200),
      [
        ['select "d"."delivery_no",', 'select "d"."delivery_no" as "deliveryNo",'],
        ['as "comp_name",', 'as "compName",'],
        ['as "po_title",', 'as "poTitle",'],
        ['"d"."created_at", (select', '"d"."created_at" as "createdAt", (select'],
        [') as "line_count" from "delivery"', ') as "lineCount" from "delivery"'],
      ],
    ],
    ['digits in names (taxNo2 → tax_no_2)', (db) => db.selectFrom('company').select(['compNo', 'taxNo2']).where('taxNo2', '=', '1'), [['select "comp_no", "tax_no_2" from', 'select "comp_no" as "compNo", "tax_no_2" as "taxNo2" from']]],
    [
      'insert with conflict and returning',
      (db) =>
        db
          .insertInto('userPref')
          .values({ userId: 'u', prefKey: 'k', value: '{}' })
          .onConflict((oc) => oc.columns(['userId', 'prefKey']).doUpdateSet({ value: '{}' }))
          .returning(['userId', 'updatedAt']),
      [],
    ],
    ['update with a CTE and a raw fragment', (db) => db.with('k', (q) => q.selectFrom('poHeader').select('poNo').limit(1)).updateTable('poHeader').set({ updatedAt: sql`now()` }).where('poNo', 'in', (eb) => eb.selectFrom('k').select('k.poNo')), []],
    [
      'a CTE keeps its snake names (the outer select refers to them); the outer select renames; order by an output name follows it',
      (db) => db.with('k', (q) => q.selectFrom('poHeader').select(['poNo', 'poDate']).limit(5)).selectFrom('k').select(['k.poNo', 'k.poDate as issuedOn']).orderBy('issuedOn', 'desc').orderBy('k.poNo'),
      [
        ['select "k"."po_no", "k"."po_date" as "issued_on"', 'select "k"."po_no" as "poNo", "k"."po_date" as "issuedOn"'],
        ['order by "issued_on" desc', 'order by "issuedOn" desc'],
      ],
    ],
    [
      'a bare ORDER BY name of a plain output column follows it; a qualified one and an expression do not',
      (db) => db.selectFrom('poHeader as h').select(['h.poNo', 'h.poDate']).orderBy('poDate').orderBy('h.poNo').orderBy(sql`lower(po_no)`),
      [
        ['select "h"."po_no", "h"."po_date" from', 'select "h"."po_no" as "poNo", "h"."po_date" as "poDate" from'],
        ['order by "po_date",', 'order by "poDate",'],
      ],
    ],
    ['select * keeps the database names', (db) => db.selectFrom('company').selectAll().where('compNo', '=', 'C1'), []],
    ['GROUP BY an aliased output: the old names (GROUP BY looks input columns up first)', (db) => db.selectFrom('poHeader').select([sql<string>`to_char(po_date, 'YYYY')`.as('poYear'), (eb) => eb.fn.countAll<number>().as('orderCount')]).groupBy('poYear'), []],
    [
      'GROUP BY a plain output column: renamed (the name is still the input column)',
      (db) => db.selectFrom('poHeader').select(['compNo', (eb) => eb.fn.countAll<number>().as('orderCount')]).groupBy('compNo').orderBy('orderCount'),
      [
        ['select "comp_no", count(*) as "order_count"', 'select "comp_no" as "compNo", count(*) as "orderCount"'],
        ['order by "order_count"', 'order by "orderCount"'],
      ],
    ],
    ['a union keeps the old names', (db) => db.selectFrom('poHeader').select('poNo').union(db.selectFrom('prHeader').select('prNo as poNo')), []],
    ['DISTINCT ON keeps the old names', (db) => db.selectFrom('poHeader').distinctOn('compNo').select(['compNo', 'poNo']).orderBy('compNo'), []],
  ];
  for (const [name, build, renames] of statements) {
    it(name, () => {
      const a = build(before).compile();
      const b = build(after).compile();
      const expected = answerNames(a.sql, renames);
      for (const [from] of renames) expect(a.sql).toContain(from);
      expect(b.sql).toBe(expected);
      expect(b.parameters).toEqual(a.parameters);
    });
  }
});
