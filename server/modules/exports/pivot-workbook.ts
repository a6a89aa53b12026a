import type * as XLSXTypes from 'xlsx';
import { exportCell, type ExportColumn, type TimeZone } from '../../../lib/export-cell.js';
import { buildPivot, type PivotFigure } from '../../../lib/pivot-model.js';
import type { PivotLayout } from './schemas.js';

type Row = Record<string, unknown>;
type Cell = XLSXTypes.CellObject | null;
type SheetJs = typeof XLSXTypes;

/**
 * SheetJS is loaded when a pivot is first written, not with the server (its full build holds ~27 MB of heap;
 * items/upload/workbooks.ts). A whole workbook in memory is fine here: a pivot holds at most `limit` rows
 * (10,000 key pairs), where the streamed writer (xlsx-stream.ts) is for lists of any length.
 */
const sheetjs = () => import('xlsx');

/** Won and counts in whole numbers with thousands, as the pivot shows them. */
const WHOLE = '#,##0';
/** The change in %, one decimal with its sign, as the pivot's "+27.5%". */
const CHANGE = '+0.0;-0.0;0.0';

const text = (v: string): XLSXTypes.CellObject => ({ t: 's', v });
const num = (v: number, z: string): XLSXTypes.CellObject => ({ t: 'n', v, z });

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ], unique whatever the case. */
function sheetNames(wanted: readonly string[]): string[] {
  const taken = new Set<string>();
  return wanted.map((w, i) => {
    const base =
      w
        .replace(/[:\\/?*[\]]/g, ' ')
        .trim()
        .slice(0, 31) || `Sheet${i + 1}`;
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - `(${n})`.length)}(${n})`;
    taken.add(name.toLowerCase());
    return name;
  });
}

function sheetOf(XLSX: SheetJs, lines: readonly Cell[][]): XLSXTypes.WorkSheet {
  const ws: XLSXTypes.WorkSheet = {};
  let width = 1;
  lines.forEach((line, r) => {
    width = Math.max(width, line.length);
    line.forEach((cell, c) => {
      if (cell) ws[XLSX.utils.encode_cell({ r, c })] = cell;
    });
  });
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, lines.length - 1), c: width - 1 } });
  return ws;
}

/**
 * One measure as the screen's pivot (widgets/pivot-table) shows it: the rows' names down the side, one group of
 * columns per column key (the period's figure, then the previous period's and the change when the measure has
 * one), the 합계 group and row; the same order and sums (lib/pivot-model). Two header lines: the groups' names
 * over their columns, and under them what each column holds.
 */
function pivotSheet(
  XLSX: SheetJs,
  rows: readonly Row[],
  layout: PivotLayout,
  measure: PivotLayout['measures'][number],
): XLSXTypes.WorkSheet {
  const model = buildPivot(rows, {
    rowKey: layout.row.key,
    rowLabel: layout.row.label,
    columnKey: layout.column?.key,
    columnLabel: layout.column?.label,
    value: measure.field,
    previous: measure.previous,
  });
  const columns = layout.column ? model.columns : [];
  const sub = measure.previous ? [measure.header, layout.texts.previous, layout.texts.change] : [measure.header];
  // A pair the server did not answer reads 0, as on the screen; a change without a previous figure stays empty.
  const figure = (f: PivotFigure | undefined): Cell[] => {
    const value = num(f?.value ?? 0, WHOLE);
    if (!measure.previous) return [value];
    const change = f?.changePct ?? null;
    return [value, num(f?.previous ?? 0, WHOLE), change === null ? null : num(change, CHANGE)];
  };
  const group = (label: string): Cell[] => [text(label), ...Array<Cell>(sub.length - 1).fill(null)];
  const groups = columns.length + 1;
  const ws = sheetOf(XLSX, [
    [text(layout.row.title), ...columns.flatMap((c) => group(c.label)), ...group(layout.texts.total)],
    [null, ...Array.from({ length: groups }, () => sub.map(text)).flat()],
    ...model.rows.map((r) => [
      text(r.label),
      ...columns.flatMap((c) => figure(model.cells.get(r.key)?.get(c.key))),
      ...figure(r.total),
    ]),
    [text(layout.texts.total), ...columns.flatMap((c) => figure(c.total)), ...figure(model.total)],
  ]);
  ws['!merges'] = [
    { s: { r: 0, c: 0 }, e: { r: 1, c: 0 } },
    ...(sub.length > 1
      ? Array.from({ length: groups }, (_, g) => ({
          s: { r: 0, c: 1 + g * sub.length },
          e: { r: 0, c: g * sub.length + sub.length },
        }))
      : []),
  ];
  ws['!cols'] = [{ wch: 24 }, ...Array.from({ length: groups * sub.length }, () => ({ wch: 14 }))];
  return ws;
}

/** The result's rows as the screen's columns say (the grid's cells, lib/export-cell): what Excel's own pivot reads. */
function rowsSheet(
  XLSX: SheetJs,
  rows: readonly Row[],
  columns: readonly ExportColumn[],
  zone: TimeZone,
): XLSXTypes.WorkSheet {
  const ws = sheetOf(XLSX, [
    columns.map((c) => text(c.header)),
    ...rows.map((r) => columns.map((c) => exportCell(c, r, zone))),
  ]);
  ws['!cols'] = columns.map((c) => ({ wch: c.width }));
  return ws;
}

/** The workbook of a pivot export: a sheet per measure in the screen's order, then the rows. */
export async function pivotWorkbook(
  rows: readonly Row[],
  layout: PivotLayout,
  columns: readonly ExportColumn[],
  zone: TimeZone,
): Promise<Buffer> {
  const XLSX = await sheetjs();
  const wb = XLSX.utils.book_new();
  const names = sheetNames([...layout.measures.map((m) => m.header), layout.texts.rows]);
  layout.measures.forEach((m, i) => XLSX.utils.book_append_sheet(wb, pivotSheet(XLSX, rows, layout, m), names[i]));
  XLSX.utils.book_append_sheet(wb, rowsSheet(XLSX, rows, columns, zone), names[names.length - 1]);
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
