// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { judge, paramsMove, tokens, type Catalogue } from '../../../server/db/pglite/answer-rule.mjs';

// A catalogue as the worker reads it from pg_proc and pg_class: immutable names, names never
// volatile (immutable or stable), views. my_fn: a volatile function a module wrote; now: stable.
const catalogue: Catalogue = {
  immutable: new Set(['count', 'lower', 'sum', 'coalesce', 'unnest', 'row_number', 'upper']),
  nonVolatile: new Set([
    'count',
    'lower',
    'sum',
    'coalesce',
    'unnest',
    'row_number',
    'upper',
    'now',
    'to_char',
    'age',
    'current_setting',
    'my_stable_fn',
  ]),
  views: new Set(['clock_view']),
};
const kept = (sql: string) => judge(sql, catalogue);

describe('the PGlite worker keeps answers only for statements proven read-only and time-independent', () => {
  it('keeps a plain query, with immutable and allowed stable functions, casts and aliases', () => {
    for (const sql of [
      'select "nameKo" from "unit" where "unit_code" = $1',
      'select count(*)::int as n, lower("a"."name") from "po_header" as "a" where "a"."status" in ($1, $2) order by 1 desc limit 20',
      'with x as (select "po_no" from "po_header") select to_char("d", \'YYYYMM\'), "x".* from x cross join unnest($1::text[]) as u(v)',
      'select cast($1 as numeric(12,2)), $2::timestamp(3) with time zone, \'2024-01-01\'::date, row_number() over (partition by "a" order by "b")',
      "select 'it''s -- not a comment' as t -- a comment\n from \"unit\"; ",
    ]) {
      expect(kept(sql), sql).toMatchObject({ readOnly: true, keep: true });
    }
  });

  it('never keeps a statement that writes or locks, and drops the kept answers after it', () => {
    for (const sql of [
      'select * into t from x',
      'select my_fn()',
      'select "a" from "t" where my_fn("a") > 0',
      'select next_number()',
      'with d as (delete from "t" returning *) select * from d',
      'select * from "t" for update',
      'select * from "t" for no key update',
      'select * from "t" for share',
      'select 1; delete from "t"',
      'select * from clock_view',
      'select * from "clock_view"',
      'insert into "t" values (1)',
      'update "t" set "a" = 1',
      "select 'unclosed",
      'select pg_advisory_lock(1)',
      "select set_config('role', 'x', false)",
    ]) {
      expect(kept(sql), sql).toMatchObject({ readOnly: false, keep: false });
    }
  });

  it('never keeps a statement whose answer depends on the clock, the session or the catalogue', () => {
    for (const sql of [
      'select now()',
      'select * from "t" where "d" < current_date',
      'select current_timestamp, localtime',
      'select current_user',
      'select * from "t" where "d" < \'today\'::date',
      "select 'tomorrow 10:00'::timestamp",
      "select date 'yesterday'",
      "select E'now'::timestamptz",
      'select $$today$$::date',
      "select age('2020-01-01'::date)",
      "select current_setting('app.comp_no')",
      'select my_stable_fn()',
      'select * from pg_settings',
      'select * from information_schema.tables',
    ]) {
      expect(kept(sql), sql).toMatchObject({ readOnly: true, keep: false });
    }
  });

  it('a parameter naming a moment that moves is not kept: $1::date with today', () => {
    expect(paramsMove(['2024-01-01', 3])).toBe(false);
    expect(paramsMove(['today'])).toBe(true);
    expect(paramsMove([['x', 'Now']])).toBe(true);
  });

  it('reads strings, quoted names, comments and dollar quotes as PostgreSQL does', () => {
    expect(tokens(`select "a""b", E'x\\'y', $tag$ now() $tag$ /* into */ from t`)).toEqual([
      { t: 'word', v: 'select' },
      { t: 'qid', v: 'a"b' },
      { t: 'punct', v: ',' },
      { t: 'str', v: "x'y" },
      { t: 'punct', v: ',' },
      { t: 'str', v: ' now() ' },
      { t: 'word', v: 'from' },
      { t: 'word', v: 't' },
    ]);
    expect(tokens('select /* unclosed')).toBeNull();
  });
});
