import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { ExportColumn } from '../../../lib/export-cell.js';
import { changePct } from '../../../lib/pivot-model.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Who } from '../purchase/helpers.js';
import { insertReportFixture } from './fixtures.js';

/**
 * The spend cube's Excel download laid out as its pivot (server/modules/exports/pivot-workbook.ts, through
 * POST /api/v1/exports as the screen starts it): a sheet per measure — the rows' names, a group of columns per
 * column key (the period, the previous period, the change), the 합계 group and row — and the cube's rows after
 * them. Every figure is read back and held against the cube's own JSON answer to the won.
 */
const CUBE = '/api/v1/reports/cube';
type Row = Record<string, unknown>;
type Line = Array<string | number | null>;

/** What /spendCube sends (engine/list/pivot-export.ts) for 협력사 × 월, in Korean. */
const LAYOUT = {
  row: { key: 'key1', label: 'name1', title: '협력사' },
  column: { key: 'key2', label: 'name2' },
  measures: [
    { field: 'totalKrw', previous: 'prevTotalKrw', header: '발주금액' },
    { field: 'poCount', previous: 'prevPoCount', header: '발주 건수' },
    { field: 'lineCount', previous: 'prevLineCount', header: '발주 품목 수' },
    { field: 'receivedKrw', previous: 'prevReceivedKrw', header: '입고금액' },
    { field: 'settledKrw', previous: 'prevSettledKrw', header: '정산금액' },
    { field: 'receivedLineCount', header: '입고 품목 수' },
  ],
  texts: { total: '합계', previous: '이전 기간', change: '증감률(%)', rows: '원자료' },
  limit: 10_000,
};
const COLUMNS: ExportColumn[] = [
  { field: 'key1', header: '행 기준 코드', type: 'text', width: 12 },
  { field: 'name1', header: '행 기준', type: 'text', width: 20 },
  { field: 'key2', header: '열 기준 코드', type: 'text', width: 12 },
  { field: 'totalKrw', header: '발주금액', type: 'money', currency: 'KRW', width: 14 },
];

/** A measure's sheet read back: header lines, and each row's groups of figures by the group's name. */
function readPivot(ws: XLSX.WorkSheet, width: number) {
  const lines = XLSX.utils.sheet_to_json<Line>(ws, { header: 1, raw: true, defval: null });
  const [head, sub, ...body] = lines;
  const groups: string[] = [];
  for (let c = 1; c < head.length; c += width) groups.push(String(head[c]));
  const figures = (line: Line) =>
    new Map(groups.map((g, i) => [g, line.slice(1 + i * width, 1 + (i + 1) * width) as Array<number | null>]));
  return {
    head,
    sub,
    rowNames: body.map((l) => String(l[0])),
    rows: new Map(body.map((l) => [String(l[0]), figures(l)])),
    groups,
    merges: ws['!merges'] ?? [],
  };
}

describe('the spend cube’s Excel download as its pivot', () => {
  let t: TestApp;
  let http: ReturnType<typeof client>;
  let who: Record<string, Who>;

  beforeAll(async () => {
    // Pages of 40: the seeded half-year of supplier × month takes several.
    t = await buildTestApp({ config: { exportPageSize: 40 } });
    await insertReportFixture(t);
    http = client(t);
    who = await logins(t, ['admin', 'supplier1']);
    ok(await http.post('/api/v1/reports/summary/rebuild', who.admin));
  }, 180_000);
  afterAll(async () => t?.close());

  async function download(query: Record<string, string>, layout: object = LAYOUT, as = who.admin) {
    const started = ok(
      await http.post('/api/v1/exports', as, {
        operation: 'getSpendCube',
        query: { ...query, sort: 'totalKrw:desc' },
        columns: COLUMNS,
        sheetName: '구매 지출 분석',
        pivot: layout,
      }),
      202,
    );
    let s = started;
    for (let i = 0; i < 400 && s.status === 'RUNNING'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      s = ok(await http.get(`/api/v1/exports/${started.exportId}`, as));
    }
    expect(s.status, s.error).toBe('DONE');
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/exports/${started.exportId}/file`,
      headers: as.headers,
    });
    expect(file.statusCode).toBe(200);
    return { status: s, book: XLSX.read(file.rawPayload, { cellNF: true }) };
  }
  const cube = async (query: Record<string, string>) =>
    ok(await http.get(`${CUBE}?${new URLSearchParams({ ...query, size: '5000' }).toString()}`, who.admin));

  it('lays the 2019 fixture out as the screen: groups per month, the previous period beside each, totals', async () => {
    // February–March 2019 against December 2018–January 2019: January's orders stand beside March.
    const query = { fromMonth: '201902', toMonth: '201903', dim1: 'supplier', dim2: 'month' };
    const answer = await cube(query);
    const { book } = await download(query);
    expect(book.SheetNames).toEqual([...LAYOUT.measures.map((m) => m.header), '원자료']);

    const won = readPivot(book.Sheets['발주금액'], 3);
    expect(won.head).toEqual(['협력사', '201902', null, null, '201903', null, null, '합계', null, null]);
    expect(won.sub).toEqual([null, ...Array(3).fill(['발주금액', '이전 기간', '증감률(%)']).flat()]);
    // The row title over both header lines, each group's name over its three columns.
    expect(won.merges.map((m) => XLSX.utils.encode_range(m))).toEqual(['A1:A2', 'B1:D1', 'E1:G1', 'H1:J1']);
    const name = (key: string) => (answer.rows as Row[]).find((r) => r.key1 === key)!.name1 as string;
    // Largest total first, as the screen: C00001 100,000 won, C00002 79,044 won (docs in fixtures.ts).
    expect(won.rowNames).toEqual([name('C00001'), name('C00002'), '합계']);
    expect(won.rows.get(name('C00001'))).toEqual(
      new Map([
        ['201902', [100000, 0, null]],
        ['201903', [0, 250000, -100]],
        ['합계', [100000, 250000, -60]],
      ]),
    );
    expect(won.rows.get(name('C00002'))).toEqual(
      new Map([
        ['201902', [70000, 0, null]],
        ['201903', [9044, 0, null]],
        ['합계', [79044, 0, null]],
      ]),
    );
    expect(won.rows.get('합계')!.get('합계')).toEqual([
      Number(answer.totals.totalKrw),
      Number(answer.totals.prevTotalKrw),
      Number(answer.totals.changePct),
    ]);
    // Won as whole numbers with thousands; the change with its sign.
    expect(book.Sheets['발주금액'].B3.z).toBe('#,##0');
    expect(book.Sheets['발주금액'].G3.z).toBe('+0.0;-0.0;0.0');

    // A measure without a previous figure: one column per group.
    const lines = readPivot(book.Sheets['입고 품목 수'], 1);
    expect(lines.sub).toEqual([null, '입고 품목 수', '입고 품목 수', '입고 품목 수']);
    expect(lines.rows.get('합계')!.get('합계')).toEqual([Number(answer.totals.receivedLineCount)]);

    // The cube's rows after the pivots, as the columns say.
    const data = XLSX.utils.sheet_to_json<Line>(book.Sheets['원자료'], { header: 1, raw: true });
    expect(data[0]).toEqual(COLUMNS.map((c) => c.header));
    expect(data.slice(1)).toEqual((answer.rows as Row[]).map((r) => [r.key1, r.name1, r.key2, Number(r.totalKrw)]));
  });

  it('every cell, row total and grand total of every measure equals the cube’s answer to the won, over many pages', async () => {
    const query = { fromMonth: '202601', toMonth: '202606', dim1: 'supplier', dim2: 'month' };
    const answer = await cube(query);
    const rows = answer.rows as Row[];
    expect(answer.total).toBeGreaterThan(80);
    const { status, book } = await download(query);
    expect(status).toMatchObject({ rowsDone: answer.total, rowsTotal: answer.total });
    // Names stand for keys on the sheet: they must tell the suppliers apart.
    const keyOf = new Map(rows.map((r) => [r.name1 as string, r.key1 as string]));
    expect(new Set(rows.map((r) => r.key1)).size).toBe(keyOf.size);

    for (const m of LAYOUT.measures) {
      const width = m.previous ? 3 : 1;
      const sheet = readPivot(book.Sheets[m.header], width);
      const months = [...new Set(rows.map((r) => r.key2 as string))].sort();
      expect(sheet.groups).toEqual([...months, '합계']);
      const sum = (of: (r: Row) => boolean, field: string) => rows.filter(of).reduce((a, r) => a + Number(r[field]), 0);
      const expected = (of: (r: Row) => boolean) => {
        const value = sum(of, m.field);
        if (!m.previous) return [value];
        const previous = sum(of, m.previous);
        return [value, previous, changePct(value, previous)];
      };
      for (const [label, groups] of sheet.rows) {
        const k1 = label === '합계' ? null : keyOf.get(label)!;
        for (const [group, figures] of groups) {
          const k2 = group === '합계' ? null : group;
          const of = (r: Row) => (k1 === null || r.key1 === k1) && (k2 === null || r.key2 === k2);
          expect([m.header, label, group, ...figures]).toEqual([m.header, label, group, ...expected(of)]);
        }
      }
      // The corner is the cube's totals, to the won.
      expect(sheet.rows.get('합계')!.get('합계')![0]).toBe(Number(answer.totals[m.field]));
      if (m.previous) expect(sheet.rows.get('합계')!.get('합계')![1]).toBe(Number(answer.totals[m.previous]));
      // Rows largest first by this measure, as the screen orders them when it is chosen.
      const totals = sheet.rowNames.slice(0, -1).map((n) => sheet.rows.get(n)!.get('합계')![0]!);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
    }
    expect(XLSX.utils.sheet_to_json(book.Sheets['원자료'])).toHaveLength(answer.total);
  });

  it('without a column dimension the sheet has the totals only; a limit reads no further than the screen', async () => {
    const query = { fromMonth: '202601', toMonth: '202606', dim1: 'department' };
    const answer = await cube(query);
    // As the screen sends it with 열 기준 left at 선택: no column axis.
    const oneAxis = { ...LAYOUT, column: undefined };
    const { book } = await download(query, { ...oneAxis, row: { ...LAYOUT.row, title: '부서' } });
    const won = readPivot(book.Sheets['발주금액'], 3);
    expect(won.head).toEqual(['부서', '합계', null, null]);
    expect(won.rows.get('합계')!.get('합계')![0]).toBe(Number(answer.totals.totalKrw));

    // The first 3 key pairs in the cube's order (totalKrw, largest first), as a screen limited to 3 would.
    const limited = await download(query, { ...oneAxis, limit: 3 });
    expect(limited.status).toMatchObject({ rowsDone: 3, rowsTotal: 3 });
    const top = (answer.rows as Row[]).slice(0, 3);
    const sheet = readPivot(limited.book.Sheets['발주금액'], 3);
    expect(sheet.rowNames).toEqual([...top.map((r) => r.name1), '합계']);
    expect(sheet.rows.get('합계')!.get('합계')![0]).toBe(top.reduce((a, r) => a + Number(r.totalKrw), 0));
  });

  it('a supplier is refused as by the cube itself; a layout out of bounds is refused before any read', async () => {
    const body = {
      operation: 'getSpendCube',
      query: { fromMonth: '202601', toMonth: '202606', dim1: 'supplier' },
      columns: COLUMNS,
      sheetName: '구매 지출 분석',
    };
    refused(await http.post('/api/v1/exports', who.supplier1, { ...body, pivot: LAYOUT }), 403);
    refused(await http.post('/api/v1/exports', who.admin, { ...body, pivot: { ...LAYOUT, measures: [] } }), 400);
    refused(await http.post('/api/v1/exports', who.admin, { ...body, pivot: { ...LAYOUT, limit: 10_001 } }), 400);
  });
});
