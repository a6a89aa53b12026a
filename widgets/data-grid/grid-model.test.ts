// @vitest-environment node
import { GridCellKind, type BooleanCell, type TextCell, type UriCell } from '@glideapps/glide-data-grid';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  EDITABLE_CELL_THEME,
  formatDateText,
  gridHeight,
  isCodeCell,
  nextSort,
  parseCellEdit,
  rowsToSelection,
  selectionToRows,
  toGlideColumns,
  toGridCell,
  totalsCell,
  visibleRange,
  type GridColumn,
} from './grid-model';

const text = (field: string, extra: Partial<GridColumn> = {}): GridColumn => ({
  field,
  title: field,
  type: 'text',
  ...extra,
});

describe('gridHeight (spec §9: 10 rows of 27 px under a 30 px header)', () => {
  it('defaults to 30 + 10 × 27 = 300', () => {
    expect(gridHeight()).toBe(300);
  });
  it('adds one row for a totals row', () => {
    expect(gridHeight({ hasTotals: true })).toBe(327);
  });
  it('follows visibleRows, rowHeight and headerHeight', () => {
    expect(gridHeight({ visibleRows: 5, rowHeight: 30, headerHeight: 40 })).toBe(190);
  });
  it('takes a fixed height over visibleRows (popups: 400)', () => {
    expect(gridHeight({ height: 400, visibleRows: 3 })).toBe(400);
  });
});

describe('nextSort (header click cycles asc → desc → none)', () => {
  it('cycles on the same column', () => {
    const asc = nextSort(null, 'poNo');
    expect(asc).toEqual({ field: 'poNo', direction: 'asc' });
    const desc = nextSort(asc, 'poNo');
    expect(desc).toEqual({ field: 'poNo', direction: 'desc' });
    expect(nextSort(desc, 'poNo')).toBeNull();
  });
  it('starts another column at asc', () => {
    expect(nextSort({ field: 'poNo', direction: 'desc' }, 'amount')).toEqual({ field: 'amount', direction: 'asc' });
  });
});

describe('toGlideColumns', () => {
  it('marks the sorted column and keeps widths', () => {
    const cols = toGlideColumns([text('poNo', { title: '발주번호', width: 150 }), text('title', { title: '제목' })], {
      field: 'poNo',
      direction: 'desc',
    });
    expect(cols[0]).toMatchObject({ id: 'poNo', title: '발주번호 ▼', width: 150 });
    expect(cols[1]).toMatchObject({ id: 'title', title: '제목' });
    expect(toGlideColumns([text('poNo', { title: '발주번호' })], { field: 'poNo', direction: 'asc' })[0].title).toBe(
      '발주번호 ▲',
    );
  });
});

describe('toGridCell — typed cells', () => {
  it('number: thousand commas, right aligned', () => {
    const cell = toGridCell({ field: 'qty', title: '수량', type: 'number' }, { qty: 1234567 }) as TextCell;
    expect(cell.kind).toBe(GridCellKind.Text);
    expect(cell.displayData).toBe('1,234,567');
    expect(cell.contentAlign).toBe('right');
    expect(cellText({ field: 'qty', title: '', type: 'number' }, { qty: '-1234.50' })).toBe('-1,234.5');
  });

  it('number: the server\'s fixed decimals without trailing zeros ("10.000" → "10", "2.500" → "2.5")', () => {
    const col: GridColumn = { field: 'qty', title: '수량', type: 'number' };
    expect(cellText(col, { qty: '10.000' })).toBe('10');
    expect(cellText(col, { qty: '2.500' })).toBe('2.5');
    expect(cellText(col, { qty: '1200.000' })).toBe('1,200');
    expect(cellText(col, { qty: '100' })).toBe('100');
    expect(cellText(col, { qty: '0.000' })).toBe('0');
  });

  it('money: KRW and JPY through formatMoney, currency per row via currencyField', () => {
    const col: GridColumn = { field: 'amount', title: '금액', type: 'money', currencyField: 'currency' };
    expect((toGridCell(col, { amount: '1234567.4', currency: 'KRW' }) as TextCell).displayData).toBe('1,234,567');
    expect((toGridCell(col, { amount: '98765.5', currency: 'JPY' }) as TextCell).displayData).toBe('98,766');
    // no currency on the row: the column's, else KRW
    expect(cellText({ ...col, currency: 'JPY' }, { amount: '1000' })).toBe('1,000');
    expect(cellText(col, { amount: null })).toBe('');
    expect(cellText(col, { amount: 'n/a' })).toBe('n/a');
  });

  it("date: 'YYYY-MM-DD' from several shapes", () => {
    expect(formatDateText('20240305')).toBe('2024-03-05');
    expect(formatDateText('2024-03-05 13:20:00')).toBe('2024-03-05');
    expect(formatDateText(new Date(2024, 2, 5, 23, 59))).toBe('2024-03-05');
    expect(formatDateText('2024.3.5')).toBe('2024-03-05');
    expect(formatDateText(null)).toBe('');
  });

  it("code: shows the code's text", () => {
    const col: GridColumn = {
      field: 'status',
      title: '상태',
      type: 'code',
      codeOptions: [{ value: 'SENT', text: '발주전송' }],
    };
    const cell = toGridCell(col, { status: 'SENT' });
    expect(isCodeCell(cell)).toBe(true);
    expect(cellText(col, { status: 'SENT' })).toBe('발주전송');
    expect(cellText(col, { status: 'UNKNOWN' })).toBe('UNKNOWN');
  });

  it('checkbox: Y/true are checked', () => {
    const col: GridColumn = { field: 'useYn', title: '사용', type: 'checkbox', editable: true };
    expect((toGridCell(col, { useYn: 'Y' }) as BooleanCell).data).toBe(true);
    expect((toGridCell(col, { useYn: 'N' }) as BooleanCell).data).toBe(false);
    expect((toGridCell(col, { useYn: true }) as BooleanCell).readonly).toBe(false);
    expect((toGridCell(col, { useYn: true }, { readOnly: true }) as BooleanCell).readonly).toBe(true);
  });

  it('code: a list of codes shows each code’s text', () => {
    const col: GridColumn = {
      field: 'issues',
      title: '불일치 사유',
      type: 'code',
      codeOptions: [
        { value: 'OVER_SETTLED', text: '초과정산' },
        { value: 'NOT_YET_SETTLED', text: '미정산' },
      ],
    };
    expect(cellText(col, { issues: ['OVER_SETTLED', 'NOT_YET_SETTLED'] })).toBe('초과정산, 미정산');
    expect(cellText(col, { issues: ['ODD'] })).toBe('ODD');
    expect(cellText(col, { issues: [] })).toBe('');
  });

  it('link: a uri cell drawn as a link, never edited', () => {
    const cell = toGridCell(
      { field: 'poNo', title: '발주번호', type: 'link', editable: true },
      { poNo: 'PO2024-0001' },
    ) as UriCell;
    expect(cell.kind).toBe(GridCellKind.Uri);
    expect(cell.displayData).toBe('PO2024-0001');
    expect(cell.hoverEffect).toBe(true);
    expect(cell.readonly).toBe(true);
  });

  it('editable columns get edit styling and an editor; readOnly removes both', () => {
    const col = text('remark', { editable: true });
    const editable = toGridCell(col, { remark: '비고' }) as TextCell;
    expect(editable.readonly).toBe(false);
    expect(editable.allowOverlay).toBe(true);
    expect(editable.themeOverride).toEqual(EDITABLE_CELL_THEME);
    const locked = toGridCell(col, { remark: '비고' }, { readOnly: true }) as TextCell;
    expect(locked.readonly).toBe(true);
    expect(locked.allowOverlay).toBe(false);
    expect(locked.themeOverride).toBeUndefined();
    // a column without editable is never edited
    expect((toGridCell(text('x'), { x: 'a' }) as TextCell).readonly).toBe(true);
  });
});

describe('totalsCell', () => {
  it('labels the first column 합계 and formats amounts', () => {
    const cols: GridColumn[] = [text('poNo'), { field: 'amount', title: '금액', type: 'money' }];
    expect(totalsCell(cols[0], { amount: '1234567' }, 0, '합계').displayData).toBe('합계');
    expect(totalsCell(cols[1], { amount: '1234567' }, 1, '합계').displayData).toBe('1,234,567');
  });
});

describe('parseCellEdit', () => {
  const textCell = (data: string): TextCell => ({
    kind: GridCellKind.Text,
    data,
    displayData: data,
    allowOverlay: true,
  });
  it('number: commas and letters refused, the row type kept', () => {
    const col: GridColumn = { field: 'qty', title: '', type: 'number' };
    expect(parseCellEdit(col, textCell('1,250'), 10)).toEqual({ ok: true, value: 1250 });
    expect(parseCellEdit(col, textCell('1250.5'), '10')).toEqual({ ok: true, value: '1250.5' });
    expect(parseCellEdit(col, textCell('12a'), 10)).toEqual({ ok: true, value: 12 });
    expect(parseCellEdit(col, textCell('abc'), 10)).toEqual({ ok: true, value: null });
  });
  it('number with exact: the decimal text typed, commas dropped, never a float — whatever the row held', () => {
    const col: GridColumn = { field: 'q', title: '', type: 'number', exact: true };
    expect(parseCellEdit(col, textCell('1,234.5'), '29.000')).toEqual({ ok: true, value: '1234.5' });
    // A row that held a number (a fixture, an old answer) still gets text: no digits lost past 15.
    expect(parseCellEdit(col, textCell('12345678901234567.891'), 10)).toEqual({
      ok: true,
      value: '12345678901234567.891',
    });
    expect(parseCellEdit(col, textCell(''), 10)).toEqual({ ok: true, value: '' });
    // Shown grouped, the text untouched in the row.
    const row = { q: '1234567.500' };
    expect(cellText(col, row)).toBe('1,234,567.5');
    expect(row.q).toBe('1234567.500');
  });
  it('money stays an exact decimal string', () => {
    expect(parseCellEdit({ field: 'a', title: '', type: 'money' }, textCell('1,234,567.89'), '0')).toEqual({
      ok: true,
      value: '1234567.89',
    });
  });
  it('date goes through textToDate (clamping and two-digit years)', () => {
    const col: GridColumn = { field: 'd', title: '', type: 'date' };
    expect(parseCellEdit(col, textCell('240230'), '')).toEqual({ ok: true, value: '2024-02-29' });
    expect(parseCellEdit(col, textCell('hello'), '')).toEqual({ ok: false });
    expect(parseCellEdit(col, textCell(''), '2024-01-01')).toEqual({ ok: true, value: '' });
  });
  it('checkbox keeps Y/N when the row used it', () => {
    const col: GridColumn = { field: 'useYn', title: '', type: 'checkbox' };
    const cell: BooleanCell = { kind: GridCellKind.Boolean, data: true, allowOverlay: false };
    expect(parseCellEdit(col, cell, 'N')).toEqual({ ok: true, value: 'Y' });
    expect(parseCellEdit(col, { ...cell, data: false }, true)).toEqual({ ok: true, value: false });
  });
});

describe('selection and visible range', () => {
  it('round-trips row indexes through CompactSelection', () => {
    const sel = rowsToSelection([5, 1, 2, 3, 9, 3]);
    expect(selectionToRows(sel, 100)).toEqual([1, 2, 3, 5, 9]);
    expect(selectionToRows(sel, 4)).toEqual([1, 2, 3]);
  });
  it('clamps the visible region to the data rows', () => {
    expect(visibleRange({ y: 0, height: 12 }, 100)).toEqual([0, 12]);
    expect(visibleRange({ y: 95, height: 12 }, 100)).toEqual([95, 100]);
    expect(visibleRange({ y: 0, height: 12 }, 0)).toEqual([0, 0]);
  });
});
