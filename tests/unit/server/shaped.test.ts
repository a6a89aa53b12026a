// @vitest-environment node
import {
  DummyDriver,
  type Compilable,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Dialect,
  type KyselyPlugin,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { CompiledCamelCasePlugin } from '../../../server/db/lists/camel-rows';
import { keyset, encodeCursor, type Keyset, type KeysetValues } from '../../../server/db/lists/keyset';
import type { Database } from '../../../server/db/schema.generated';
import { shaped } from '../../../server/db/lists/shaped';
import { withSnakeCaseCompiler } from '../../../server/db/lists/snake-compiler';

const dialect: Dialect = {
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new DummyDriver(),
  createQueryCompiler: () => new PostgresQueryCompiler(),
  createIntrospector: (db) => new PostgresIntrospector(db),
};
// As connect.ts makes the handle: the snake_case compiler and the camelCase plugin alone.
const plainDb = () =>
  new Kysely<Database>({
    dialect: withSnakeCaseCompiler(dialect),
    plugins: [new CompiledCamelCasePlugin({ underscoreBeforeDigits: true })],
  });
const extra: KyselyPlugin = { transformQuery: (a) => a.node, transformResult: async (a) => a.result };
type Db = Kysely<Database>;

type V = { compNo?: string; name?: string; status?: string[]; noPo?: string; page: KeysetValues };

/** A deliveries page: optional filters, an `in` list, the keyset's order, seek and limit. */
function counted() {
  const calls: V[] = [];
  const build = (db: Db, v: V, ks: Keyset) => {
    calls.push(v);
    let q = db
      .selectFrom('delivery as d')
      .innerJoin('company as c', 'c.compNo', 'd.compNo')
      .select(['d.deliveryNo', 'c.compNameKr']);
    if (v.compNo) q = q.where('d.compNo', '=', v.compNo);
    if (v.name) q = q.where('c.compNameKr', 'ilike', v.name);
    if (v.status) q = q.where('d.status', 'in', v.status as never[]);
    if (v.noPo !== undefined) q = q.where('d.noPo', '=', v.noPo as 'Y');
    return q.$call((x) => ks.page(x, v.page));
  };
  return { calls, build, statement: shaped('test.deliveries', build) };
}

const columns = [
  { ref: 'd.deliveryDate', direction: 'desc' as const, nullable: true },
  { ref: 'd.deliveryNo', direction: 'desc' as const },
];
const ks = (w: { limit: number; offset: number; after?: string; before?: string }) =>
  keyset('deliveryDate:desc', columns, w);

describe('shaped statements: compiled once per shape, then only the values filled in', () => {
  it('sends exactly what a fresh compile of the same values gives, building once per shape', () => {
    const db = plainDb();
    const { calls, build, statement } = counted();
    const requests: Array<[Omit<V, 'page'>, Keyset]> = [
      [{ compNo: 'C00001', status: ['REGISTERED', 'RECEIVED'] }, ks({ limit: 100, offset: 0 })],
      [{ compNo: 'C00002', status: ['CANCELLED', 'RECEIVED'] }, ks({ limit: 50, offset: 0 })],
      [{ compNo: 'C00003', status: ['RECEIVED'] }, ks({ limit: 100, offset: 0 })],
      [{ name: '%a\\_b%', noPo: 'Y' }, ks({ limit: 100, offset: 200 })],
      [{ name: '%zz%', noPo: 'N' }, ks({ limit: 10, offset: 300 })],
      [{ noPo: '' }, ks({ limit: 10, offset: 0, after: encodeCursor('deliveryDate:desc', ['2026-01-02', 'D1']) })],
      [{ noPo: '' }, ks({ limit: 20, offset: 0, after: encodeCursor('deliveryDate:desc', ['2026-03-04', 'D9']) })],
      [{ noPo: '' }, ks({ limit: 20, offset: 0, after: encodeCursor('deliveryDate:desc', [null, 'D9']) })],
      [{ noPo: '' }, ks({ limit: 20, offset: 0, before: encodeCursor('deliveryDate:desc', ['2026-03-04', 'D9']) })],
    ];
    for (const [filter, k] of requests) {
      const v = { ...filter, page: k.values };
      const sent = statement.compile(db, k.shape, v, k);
      const fresh = build(db, v, k).compile();
      expect(sent.sql).toBe(fresh.sql);
      expect(sent.parameters).toEqual(fresh.parameters);
    }
    // Shapes: 2 statuses/offset 0 (sizes 100 and 50), 1 status, offset > 0 (twice), after with a date (sizes 10
    // and 20), after with NULL, before — the page's size is written into the statement (keyset.ts).
    expect(calls.length - requests.length, 'fresh compiles above').toBe(9);
    const placeholders = calls.filter((c) => JSON.stringify(c).includes('\uE000'));
    expect(placeholders).toHaveLength(9);
  });

  it('keys the shape by presence, NULL, falsy values and array lengths without being told', () => {
    const db = plainDb();
    const { calls, statement } = counted();
    const k = ks({ limit: 100, offset: 0 });
    const run = (f: Omit<V, 'page'>) => statement.compile(db, k.shape, { ...f, page: k.values }, k);
    run({ status: ['A'] });
    run({ status: ['B'] });
    run({ status: ['A', 'B'] });
    run({ noPo: 'Y' });
    run({ noPo: '' });
    run({});
    expect(calls).toHaveLength(5);
    // The page asks one row more than its size (keyset.ts: the extra row says whether a page follows), written
    // into the text, not sent as a value (a kept plan for `limit $n` is costed for a tenth of the rows).
    expect(run({ status: ['X', 'Y'] }).parameters).toEqual(['X', 'Y']);
    expect(run({ noPo: 'N' }).parameters).toEqual(['N']);
    expect(run({ noPo: '' }).parameters).toEqual(['']);
    expect(run({}).sql).toMatch(/ limit 101$/);
    expect(calls).toHaveLength(5);
  });

  it('builds every time through a handle with another plugin (a supplier-scoped one must see each statement)', () => {
    const db = plainDb().withPlugin(extra);
    const { calls, statement } = counted();
    const k = ks({ limit: 100, offset: 0 });
    for (const compNo of ['C1', 'C2', 'C3']) statement.compile(db, k.shape, { compNo, page: k.values }, k);
    expect(calls.map((c) => c.compNo)).toEqual(['C1', 'C2', 'C3']);
  });

  it('keeps at most maxShapes shapes a handle; beyond them it builds every time, answering the same', () => {
    const db = plainDb();
    let builds = 0;
    const statement = shaped(
      'test.in',
      (d: Db, v: { codes: string[] }) => {
        builds++;
        return d.selectFrom('item').select('itemCode').where('itemCode', 'in', v.codes);
      },
      2,
    );
    const codes = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`);
    for (const n of [1, 2, 3, 3, 1])
      expect(statement.compile(db, '', { codes: codes(n, 'x') }).parameters).toEqual(codes(n, 'x'));
    expect(builds).toBe(4);
    // Another handle keeps its own.
    statement.compile(plainDb(), '', { codes: ['a'] });
    expect(builds).toBe(5);
  });

  it('refuses, naming the statement, a builder that uses a value it was not given, computes with one or writes one into the text', () => {
    const db = plainDb();
    const captured = 'C00009';
    const cases: Array<[string, (d: Db, v: { compNo: string }) => Compilable<unknown>, RegExp]> = [
      [
        'captured',
        (d) => d.selectFrom('company').where('compNo', '=', captured),
        /test\.captured: value #0 never reached the parameters/,
      ],
      [
        'wrapped',
        (d, v) => d.selectFrom('company').where('compNameKr', 'like', `%${v.compNo}%`),
        /test\.wrapped: value #0 reached a parameter changed/,
      ],
      [
        'trimmed',
        (d, v) => d.selectFrom('company').where('compNo', '=', v.compNo.trim()),
        /test\.trimmed: value #0 reached a parameter changed/,
      ],
      [
        'upper',
        (d, v) => d.selectFrom('company').where('compNo', '=', v.compNo.toUpperCase()),
        /test\.upper: value #0 never reached the parameters/,
      ],
      [
        'text',
        (d, v) => d.selectFrom('company').where(sql.ref('compNo'), '=', sql.lit(v.compNo)),
        /test\.text: a value is written into the SQL text/,
      ],
    ];
    for (const [name, build, error] of cases) {
      const statement = shaped(`test.${name}`, build);
      expect(() => statement.compile(db, '', { compNo: 'C00001' }), name).toThrow(error);
    }
  });

  it('refuses a value that is neither text, number, boolean, null nor a list or plain object of them', () => {
    const statement = shaped('test.date', (d: Db, v: { at: never }) =>
      d.selectFrom('company').where('createdAt', '>=', v.at),
    );
    expect(() => statement.compile(plainDb(), '', { at: new Date() as never })).toThrow(
      /\[object Date\] cannot be a statement's value/,
    );
  });
});
