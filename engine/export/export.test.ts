// @vitest-environment node
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import type { ExportColumn } from '../registry/columns';
import { excelDateSerial, exportCell } from '../registry/columns';
import { runExport, type ExportPage } from './run-export';

const columns: ExportColumn[] = [
  { field: 'poNo', header: '발주번호', type: 'text', width: 14 },
  { field: 'status', header: '상태', type: 'code', codes: { APPROVED: '결재완료', SENT: '발주전송' }, width: 10 },
  { field: 'amount', header: '금액', type: 'money', currencyField: 'currency', width: 14 },
  { field: 'qty', header: '수량', type: 'number', width: 8 },
  { field: 'poDate', header: '발주일', type: 'date', width: 12 },
  { field: 'urgent', header: '긴급', type: 'checkbox', width: 6 },
  { field: 'memo', header: '비고', type: 'text', width: 20 },
];

const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    poNo: `PO${from + i}`,
    status: i % 2 ? 'SENT' : 'APPROVED',
    amount: String((from + i) * 1000),
    currency: 'KRW',
    qty: i,
    poDate: '2026-03-05',
    urgent: i % 3 === 0 ? 'Y' : 'N',
    memo: i % 2 ? '' : `비고 ${i}`,
  }));

function pager(total: number, calls: Array<[number, number]>) {
  return async (page: number, size: number): Promise<ExportPage> => {
    calls.push([page, size]);
    const start = (page - 1) * size;
    return { rows: rows(Math.max(0, Math.min(size, total - start)), start), total };
  };
}

async function readBack(blob: Blob) {
  const wb = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array', dense: true, cellNF: true });
  const ws = wb.Sheets[wb.SheetNames[0]];
  return { name: wb.SheetNames[0], ws, aoa: XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: false }) };
}

describe('Excel export', () => {
  it('writes the whole result, page by page, as the user sees it', async () => {
    const calls: Array<[number, number]> = [];
    const progress: number[] = [];
    const blob = await runExport({
      columns,
      sheetName: '발주/목록',
      fetchPage: pager(12_345, calls),
      pageSize: 5000,
      onProgress: (p) => progress.push(p.done),
    });
    expect(calls).toEqual([
      [1, 5000],
      [2, 5000],
      [3, 5000],
    ]);
    expect(progress).toEqual([5000, 10_000, 12_345, 12_345]);
    const { name, ws, aoa } = await readBack(blob);
    expect(name).toBe('발주 목록');
    expect(aoa).toHaveLength(12_346);
    expect(aoa[0]).toEqual(['발주번호', '상태', '금액', '수량', '발주일', '긴급', '비고']);
    expect(aoa[1]).toEqual(['PO0', '결재완료', '0', '0', '2026-03-05', 'Y', '비고 0']);
    expect(aoa[2]).toEqual(['PO1', '발주전송', '1,000', '1', '2026-03-05', 'N']);
    expect(aoa[12_345][0]).toBe('PO12344');
    const amount = (ws['!data'] as XLSX.CellObject[][])[2][2];
    expect(amount).toMatchObject({ t: 'n', v: 1000, z: '#,##0' });
    const date = (ws['!data'] as XLSX.CellObject[][])[2][4];
    expect(date).toMatchObject({ t: 'n', v: excelDateSerial('2026-03-05') });
  });

  it('cancels: the fetches stop and nothing is written', async () => {
    const controller = new AbortController();
    const calls: Array<[number, number]> = [];
    const fetchPage = async (page: number, size: number, signal: AbortSignal) => {
      const p = await pager(50_000, calls)(page, size);
      if (page === 2) controller.abort();
      if (signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      return p;
    };
    await expect(runExport({ columns, sheetName: 'x', fetchPage, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls.length).toBeLessThan(10);
  });

  /** A list paged by key: a page starts after the cursor (the last row's number), the last page answers null. */
  function keysetPager(total: number, calls: Array<{ page: number; after?: string; inFlight: number }>) {
    let inFlight = 0;
    return async (
      page: number,
      size: number,
      _signal: AbortSignal,
      cursor?: { after: string },
    ): Promise<ExportPage> => {
      inFlight++;
      calls.push({ page, after: cursor?.after, inFlight });
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      const start = cursor ? Number(cursor.after) + 1 : (page - 1) * size;
      const n = Math.max(0, Math.min(size, total - start));
      return { rows: rows(n, start), total, nextCursor: start + n < total ? String(start + n - 1) : null };
    };
  }

  it('a list paged by key: walked by cursor, one page at a time, ending on the page the server calls the last', async () => {
    const calls: Array<{ page: number; after?: string; inFlight: number }> = [];
    const progress: number[] = [];
    // A result of whole pages: no empty request after the third.
    const blob = await runExport({
      columns,
      sheetName: 'x',
      fetchPage: keysetPager(15_000, calls),
      pageSize: 5000,
      onProgress: (p) => progress.push(p.done),
    });
    expect(calls).toEqual([
      { page: 1, after: undefined, inFlight: 1 },
      { page: 2, after: '4999', inFlight: 1 },
      { page: 3, after: '9999', inFlight: 1 },
    ]);
    expect(progress).toEqual([5000, 10_000, 15_000, 15_000]);
    const { aoa } = await readBack(blob);
    expect(aoa).toHaveLength(15_001);
    expect(aoa.slice(1).map((r) => r[0])).toEqual(rows(15_000).map((r) => r.poNo));
  });

  it('a list paged by key: a short last page ends the walk, and 취소 stops it between pages', async () => {
    const calls: Array<{ page: number; after?: string; inFlight: number }> = [];
    await runExport({ columns, sheetName: 'x', fetchPage: keysetPager(7, calls), pageSize: 3 });
    expect(calls.map((c) => c.after)).toEqual([undefined, '2', '5']);
    const controller = new AbortController();
    const cancelled: Array<{ page: number; after?: string; inFlight: number }> = [];
    const pager = keysetPager(50, cancelled);
    const fetchPage = async (page: number, size: number, signal: AbortSignal, cursor?: { after: string }) => {
      const answer = await pager(page, size, signal, cursor);
      if (page === 2) controller.abort();
      return answer;
    };
    await expect(
      runExport({ columns, sheetName: 'x', fetchPage, pageSize: 5, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(cancelled.map((c) => c.page)).toEqual([1, 2]);
  });

  it('cells: decimal text a number cell while Excel holds it exactly, else the grid’s text; months as YYYY-MM text', () => {
    const qty = columns[3];
    expect(exportCell(qty, { qty: '29.000' })).toEqual({ t: 'n', v: 29, z: '#,##0' });
    expect(exportCell(qty, { qty: '1234.5' })).toEqual({ t: 'n', v: 1234.5, z: '#,##0.##########' });
    // 15 significant digits fit; 16 would be rounded by Excel: text, grouped as the grid shows it.
    expect(exportCell(qty, { qty: '123456789012.345' })).toEqual({
      t: 'n',
      v: 123456789012.345,
      z: '#,##0.##########',
    });
    expect(exportCell(qty, { qty: '1234567890123.456' })).toEqual({ t: 's', v: '1,234,567,890,123.456' });
    expect(exportCell(columns[2], { amount: '12345678901234567', currency: 'KRW' })).toEqual({
      t: 's',
      v: '12,345,678,901,234,567',
    });
    const month: ExportColumn = { field: 'period', header: '정산월', type: 'month', width: 8 };
    expect(exportCell(month, { period: '202610' })).toEqual({ t: 's', v: '2026-10' });
    expect(exportCell(month, { period: '' })).toBeNull();
    expect(exportCell(month, { period: '2026' })).toEqual({ t: 's', v: '2026' });
  });

  it('cells: code texts, money by currency, dates as Excel serials, numbers kept as numbers', () => {
    expect(exportCell(columns[1], { status: 'APPROVED' })).toEqual({ t: 's', v: '결재완료' });
    expect(exportCell(columns[1], { status: 'UNKNOWN' })).toEqual({ t: 's', v: 'UNKNOWN' });
    expect(exportCell(columns[1], { status: ['APPROVED', 'UNKNOWN'] })).toEqual({ t: 's', v: '결재완료, UNKNOWN' });
    expect(exportCell(columns[1], { status: [] })).toBeNull();
    expect(exportCell(columns[2], { amount: '1234567', currency: 'JPY' })).toEqual({ t: 'n', v: 1234567, z: '#,##0' });
    expect(exportCell(columns[2], { amount: '12.5', currency: 'USD' })).toEqual({ t: 'n', v: 12.5, z: '#,##0.00' });
    expect(exportCell(columns[2], { amount: null })).toBeNull();
    expect(excelDateSerial('1900-03-01')).toBe(61);
    expect(excelDateSerial('2026-03-05')).toBe(46086);
    expect(exportCell(columns[4], { poDate: 'not a date' })).toEqual({ t: 's', v: 'not a date' });
    expect(
      exportCell({ field: 'phone', header: 'p', type: 'text', mask: 'phone', width: 8 }, { phone: '01012345678' }),
    ).toEqual({ t: 's', v: '010 - 1234 - 5678' });
  });
});
