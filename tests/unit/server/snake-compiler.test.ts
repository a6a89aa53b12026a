// @vitest-environment node
import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Dialect,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { CompiledCamelCasePlugin } from '../../../server/db/lists/camel-rows';
import type { Database } from '../../../server/db/schema.generated';
import { withSnakeCaseCompiler } from '../../../server/db/lists/snake-compiler';

const dialect: Dialect = {
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new DummyDriver(),
  createQueryCompiler: () => new PostgresQueryCompiler(),
  createIntrospector: (db) => new PostgresIntrospector(db),
};

// Before: CamelCasePlugin copying the tree. After: the names renamed as the compiler writes them.
const before = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin({ underscoreBeforeDigits: true })] });
const after = new Kysely<Database>({
  dialect: withSnakeCaseCompiler(dialect),
  plugins: [new CompiledCamelCasePlugin({ underscoreBeforeDigits: true })],
});

describe('snake_case names written by the compiler (no tree copy), as CamelCasePlugin wrote them', () => {
  const statements: Array<
    [string, (db: Kysely<Database>) => { compile(): { sql: string; parameters: readonly unknown[] } }]
  > = [
    [
      'joins, aliases, subqueries in the select list and in WHERE, sql.ref, order, limit',
      (db) =>
        db
          .selectFrom('delivery as d')
          .innerJoin('company as c', 'c.compNo', 'd.compNo')
          .leftJoin('poHeader as h', 'h.poNo', 'd.poNo')
          .select(['d.deliveryNo', 'c.compNameKr as compName', 'h.title as poTitle', 'd.createdAt'])
          .select((eb) => [
            eb
              .selectFrom('deliveryLine as l')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('l.deliveryNo', '=', 'd.deliveryNo')
              .as('lineCount'),
          ])
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('deliveryLine as l')
                .select('l.lineNo')
                .whereRef('l.deliveryNo', '=', 'd.deliveryNo')
                .where('l.itemName', 'ilike', '%a%'),
            ),
          )
          .where('d.status', 'in', ['REGISTERED', 'RECEIVED'])
          .orderBy(sql.ref('c.compNameKr'), 'desc')
          .limit(100)
          .offset(200),
    ],
    [
      'digits in names (taxNo2 → tax_no_2)',
      (db) => db.selectFrom('company').select(['compNo', 'taxNo2']).where('taxNo2', '=', '1'),
    ],
    [
      'insert with conflict and returning',
      (db) =>
        db
          .insertInto('userPref')
          .values({ userId: 'u', prefKey: 'k', value: '{}' })
          .onConflict((oc) => oc.columns(['userId', 'prefKey']).doUpdateSet({ value: '{}' }))
          .returning(['userId', 'updatedAt']),
    ],
    [
      'update with a CTE and a raw fragment',
      (db) =>
        db
          .with('k', (q) => q.selectFrom('poHeader').select('poNo').limit(1))
          .updateTable('poHeader')
          .set({ updatedAt: sql`now()` })
          .where('poNo', 'in', (eb) => eb.selectFrom('k').select('k.poNo')),
    ],
  ];
  for (const [name, build] of statements) {
    it(name, () => {
      const a = build(before).compile();
      const b = build(after).compile();
      expect(b.sql).toBe(a.sql);
      expect(b.parameters).toEqual(a.parameters);
    });
  }
});

// The compiler overrides a protected method of Kysely's, which a minor release may rename or stop
// calling: package.json pins Kysely exactly, and this fails an upgrade that changed either.
describe('the overridden Kysely method', () => {
  it('is still the one PostgresQueryCompiler writes identifiers with, on the pinned version', async () => {
    const pkg = JSON.parse(
      await import('node:fs').then((fs) =>
        fs.promises.readFile(new URL('../../../package.json', import.meta.url), 'utf8'),
      ),
    ) as { dependencies: Record<string, string> };
    expect(pkg.dependencies.kysely, 'Kysely is pinned exactly (no ^ or ~)').toMatch(/^\d+\.\d+\.\d+$/);
    const installed = JSON.parse(
      await import('node:fs').then((fs) =>
        fs.promises.readFile(new URL('../../../node_modules/kysely/package.json', import.meta.url), 'utf8'),
      ),
    ) as { version: string };
    expect(installed.version).toBe(pkg.dependencies.kysely);
    expect(typeof (PostgresQueryCompiler.prototype as unknown as Record<string, unknown>).sanitizeIdentifier).toBe(
      'function',
    );
    // Every identifier goes through it: a table name written by the override alone is renamed.
    const sqlText = after.selectFrom('poHeader').select('poNo').compile().sql;
    expect(sqlText).toBe('select "po_no" from "po_header"');
  });
});
