// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkValues, schemaModule, type CatalogColumn } from './db-schema';

const col = (column: string, type: string, over: Partial<CatalogColumn> = {}): CatalogColumn => ({
  table: 'company',
  column,
  type,
  notNull: true,
  hasDefault: false,
  ...over,
});

describe('npm run codegen:db', () => {
  it('reads the value list of a single-column CHECK as PostgreSQL prints it', () => {
    expect(checkValues("CHECK ((use_yn = ANY (ARRAY['Y'::bpchar, 'N'::bpchar])))")).toEqual(['Y', 'N']);
    expect(
      checkValues(
        "CHECK (((status)::text = ANY ((ARRAY['DRAFT'::character varying, 'FINAL'::character varying])::text[])))",
      ),
    ).toEqual(['DRAFT', 'FINAL']);
    expect(checkValues("CHECK ((portal = 'I'::bpchar))")).toEqual(['I']);
    expect(checkValues("CHECK ((note = ANY (ARRAY['it''s'::text])))")).toEqual(["it's"]);
    // Anything but a plain list keeps the column's own type.
    expect(checkValues('CHECK ((qty > (0)::numeric))')).toBeNull();
    expect(checkValues("CHECK (((kind)::text = 'A'::text) OR ((kind)::text = 'B'::text))")).toBeNull();
    expect(checkValues('CHECK (((score >= 0) AND (score <= 100)))')).toBeNull();
  });

  it('writes camelCase names, the parsers’ value types, nulls, defaults and CHECK unions', () => {
    const out = schemaModule(
      [
        col('comp_no', 'varchar'),
        col('tax_no_2', 'bpchar'),
        col('use_yn', 'bpchar', { hasDefault: true }),
        col('amount', 'numeric', { notNull: false }),
        col('reg_date', 'date'),
        col('created_at', 'timestamptz', { hasDefault: true }),
        col('ended_at', 'timestamptz', { notNull: false }),
        col('row_count', 'int8'),
        col('seq', 'int4', { hasDefault: true }),
        col('payload', 'jsonb', { notNull: false }),
        col('urls', '_text'),
        { table: 'po_line_2', column: 'x', type: 'bool', notNull: true, hasDefault: false },
      ],
      [{ table: 'company', column: 'use_yn', definition: "CHECK ((use_yn = ANY (ARRAY['Y'::bpchar, 'N'::bpchar])))" }],
    );
    expect(out).toContain('export interface CompanyTable {');
    expect(out).toContain('  compNo: string;');
    expect(out).toContain('  taxNo2: string;');
    expect(out).toContain("  useYn: Generated<'Y' | 'N'>;");
    expect(out).toContain('  amount: Numeric | null;');
    expect(out).toContain('  regDate: string;');
    expect(out).toContain('  createdAt: ColumnType<string, Date | string | undefined, Date | string>;');
    expect(out).toContain('  endedAt: Timestamp | null;');
    expect(out).toContain('  rowCount: number;');
    expect(out).toContain('  seq: Generated<number>;');
    expect(out).toContain('  payload: Json | null;');
    expect(out).toContain('  urls: string[];');
    expect(out).toContain('export interface PoLine2Table {');
    expect(out).toMatch(/export interface Database \{\n {2}company: CompanyTable;\n {2}poLine2: PoLine2Table;\n\}/);
  });

  it('refuses a type it does not know rather than guessing', () => {
    expect(() => schemaModule([col('shape', 'polygon')], [])).toThrow(/does not know the PostgreSQL type polygon/);
  });
});
