import '@glideapps/glide-data-grid/dist/index.css';
import {
  CompactSelection,
  DataEditor,
  withAlpha,
  type DataEditorRef,
  type EditableGridCell,
  type GridCell,
  type GridKeyEventArgs,
  type GridSelection,
  type Item,
  type Rectangle,
  type Theme,
} from '@glideapps/glide-data-grid';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type ForwardedRef,
  type ReactElement,
  type Ref,
} from 'react';
import { useWidgetText } from '../i18n';
import { useAccessibleTable } from './accessible-table';
import { codeCellRenderer } from './code-cell';
import {
  gridHeight,
  isCellEditable,
  isSortKey,
  loadingCell,
  nextSort,
  parseCellEdit,
  rowsToSelection,
  sameRows,
  selectionToRows,
  toGlideColumns,
  toGridCell,
  totalsCell,
  TOTALS_ROW_THEME,
  HIGHLIGHT_ROW_THEME,
  visibleRange,
  type GridColumn,
  type GridRow,
  type GridSort,
} from './grid-model';
import styles from './data-grid.module.css';
import { useFillHeight } from './fill-height';

/**
 * Pixels past the last column when scrolled to the end, so its right edge reads as the table's end rather than
 * meeting the scroll bar. glide draws inside the scroller's client width, so nothing is ever under the bar itself.
 */
const LAST_COLUMN_ROOM = 18;

export type { GridColumn, GridSort } from './grid-model';

export interface DataGridProps<Row extends GridRow> {
  columns: GridColumn[];
  rowCount: number;
  /** undefined = not loaded yet (a loading cell is drawn). Called only for visible rows. */
  getRow: (index: number) => Row | undefined;
  /** [start, end) of the data rows on screen, so the engine fetches pages lazily. */
  onVisibleRangeChange?: (start: number, end: number) => void;
  sort?: GridSort | null;
  /** Header click cycles asc → desc → none; the grid never sorts by itself (server-side sort). */
  onSortChange?: (sort: GridSort | null) => void;
  /** Default 'none'. 'multi' shows a checkbox column unless readOnly. */
  selection?: 'none' | 'single' | 'multi';
  /** Controlled selected row indexes; leave undefined for the grid to keep its own. */
  selectedRows?: number[];
  onSelectionChange?: (rows: number[]) => void;
  /** Double-click on a row (or Enter on a read-only cell). */
  onRowDoubleClick?: (row: Row, index: number) => void;
  onLinkClick?: (row: Row, field: string) => void;
  /** Disables editing, check bars (row markers) and edit styling. */
  readOnly?: boolean;
  onCellEdit?: (index: number, field: string, value: unknown) => void;
  /** A frozen totals row at the bottom. */
  totals?: Record<string, unknown> | null;
  /** Rows to mark (a warm background): a budget line over its limit. */
  highlightRow?: (index: number) => boolean;
  /** Defaults 10, 27, 30 (lib/constants.ts). */
  visibleRows?: number;
  rowHeight?: number;
  headerHeight?: number;
  /** A fixed height in px; overrides visibleRows (popups use 400). */
  height?: number;
  /**
   * A page's list: the grid takes the window's height left below what is above it (at least five
   * rows, at most what its rows need) instead of visibleRows; visibleRows where nothing is laid out.
   */
  fill?: boolean;
  /** Shown over an empty grid; default 조회된 데이터가 없습니다. '' shows nothing. */
  emptyText?: string;
  /** Accessible name of the grid region. */
  'aria-label'?: string;
  className?: string;
  'data-testid'?: string;
  /** Columns kept in place while scrolling sideways. */
  freezeColumns?: number;
}

/** Imperative handle (ref) for the engine. */
export interface DataGridHandle {
  /**
   * Rows [start, end) changed (their page arrived): redraws when any of them is on screen.
   * Passing a new `getRow` function redraws too.
   */
  redraw(start?: number, end?: number): void;
  scrollToRow(index: number): void;
  focus(): void;
}

const FONT_FAMILY = "'Noto Sans KR', 'Noto Sans CJK KR', 'Malgun Gothic', 'Apple SD Gothic Neo', sans-serif";
const DEFAULT_ACCENT = '#1b4b8f';
const ROW_MARKER_WIDTH = 36;

function gridTheme(accent: string): Partial<Theme> {
  return {
    fontFamily: FONT_FAMILY,
    baseFontStyle: '13px',
    headerFontStyle: '600 13px',
    editorFontSize: '13px',
    accentColor: accent,
    accentLight: withAlpha(accent, 0.12),
    textDark: '#1c2430',
    textMedium: '#5b6778',
    textLight: '#8a95a5',
    textHeader: '#1c2430',
    bgHeader: '#f1f4f8',
    bgHeaderHovered: '#e6ebf2',
    bgHeaderHasFocus: '#e6ebf2',
    borderColor: '#dde3ea',
    horizontalBorderColor: '#e8ecf1',
    linkColor: accent,
    cellHorizontalPadding: 8,
    cellVerticalPadding: 3,
  };
}

/** glide's overlay editor needs `<div id="portal">`; above every modal (z-index from 3000). */
export function ensureGridPortal(doc: Document = document): HTMLElement {
  const existing = doc.getElementById('portal');
  if (existing) return existing;
  const el = doc.createElement('div');
  el.id = 'portal';
  el.style.cssText = 'position: fixed; left: 0; top: 0; z-index: 9000;';
  doc.body.appendChild(el);
  return el;
}

function DataGridInner<Row extends GridRow>(props: DataGridProps<Row>, ref: ForwardedRef<DataGridHandle>) {
  const {
    columns,
    rowCount,
    getRow,
    onVisibleRangeChange,
    sort,
    onSortChange,
    selection = 'none',
    selectedRows,
    onSelectionChange,
    onRowDoubleClick,
    onLinkClick,
    readOnly = false,
    onCellEdit,
    totals,
    highlightRow,
    visibleRows,
    rowHeight,
    headerHeight,
    height,
    fill = false,
    emptyText,
    className,
    freezeColumns,
  } = props;
  const t = useWidgetText();
  const editorRef = useRef<DataEditorRef>(null);
  const lastRange = useRef<[number, number]>([-1, -1]);
  const anchorRow = useRef<number | null>(null);
  /**
   * The last click on a cell, to tell a double click on a link from a click. Glide's own `isDoubleClick` says only that
   * some mouse button came up anywhere in the window less than 500 ms before: a link clicked within half a second of
   * 조회 (or of any button) did nothing.
   */
  const lastCellClick = useRef<{ col: number; row: number; at: number } | null>(null);
  const [accent, setAccent] = useState(DEFAULT_ACCENT);
  const [current, setCurrent] = useState<GridSelection['current']>(undefined);
  const [innerRows, setInnerRows] = useState<number[]>([]);
  // Bumped by redraw(): a new getCellContent makes glide redraw and rebuild its accessibility table.
  const [dataVersion, setDataVersion] = useState(0);

  useEffect(() => {
    ensureGridPortal();
  }, []);

  // The portal's accent (internal blue, external teal) from the CSS token, read once mounted.
  const rootRef = useRef<HTMLDivElement | null>(null);
  const wrapperRef = useCallback((el: HTMLDivElement | null) => {
    rootRef.current = el;
    if (!el || typeof getComputedStyle !== 'function') return;
    const v = getComputedStyle(el).getPropertyValue('--accent').trim();
    if (/^#[0-9a-f]{3,8}$/i.test(v)) setAccent(v);
  }, []);

  const rh = rowHeight ?? 27;
  const hh = headerHeight ?? 30;
  const hasTotals = !!totals;
  const fixedHeight = gridHeight({ visibleRows, rowHeight, headerHeight, height, hasTotals });
  // The horizontal scroll bar's room is kept, so the last row is not under it.
  const filled = useFillHeight(
    rootRef,
    fill && height === undefined,
    hh + 5 * rh + (hasTotals ? rh : 0),
    hh + Math.max(rowCount, 5) * rh + (hasTotals ? rh : 0) + 16,
  );
  const h = filled ?? fixedHeight;
  const totalLabel = t('gridTotal');
  const theme = useMemo(() => gridTheme(accent), [accent]);
  const glideColumns = useMemo(() => toGlideColumns(columns, sort), [columns, sort]);
  // The columns' fields in order: tests and play functions find a column by field, not by pixels.
  const fieldList = useMemo(() => columns.map((c) => c.field).join(' '), [columns]);
  // The widths drawn (a definition's, widened to the title): a browser test finds a cell on the canvas by them.
  const widthList = useMemo(() => glideColumns.map((c) => ('width' in c ? c.width : 0)).join(' '), [glideColumns]);
  const showMarkers = selection === 'multi' && !readOnly;

  const rows = useMemo(
    () => (selection === 'none' ? [] : (selectedRows ?? innerRows)),
    [selection, selectedRows, innerRows],
  );
  const rowSelection = useMemo(() => rowsToSelection(rows), [rows]);
  // A current cell beyond the rows (after a new search) is dropped rather than handed to glide.
  const safeCurrent = current && current.cell[1] < rowCount && current.cell[0] < columns.length ? current : undefined;
  const gridSelection = useMemo<GridSelection>(
    () => ({ current: safeCurrent, rows: rowSelection, columns: CompactSelection.empty() }),
    [safeCurrent, rowSelection],
  );

  useAccessibleTable(rootRef, {
    label: props['aria-label'],
    multiselectable: selection === 'multi',
    columns,
    sort,
    sortable: !!onSortChange,
    editingColumn: safeCurrent?.cell[0],
  });

  const emitRows = useCallback(
    (next: number[]) => {
      if (selectedRows === undefined) setInnerRows(next);
      onSelectionChange?.(next);
    },
    [selectedRows, onSelectionChange],
  );

  const getCellContent = useCallback(
    ([col, row]: Item): GridCell => {
      void dataVersion;
      const column = columns[col];
      if (!column) return loadingCell();
      if (totals && row === rowCount) return totalsCell(column, totals, col, totalLabel);
      const r = getRow(row);
      return r === undefined ? loadingCell() : toGridCell(column, r, { readOnly });
    },
    [columns, totals, rowCount, totalLabel, getRow, readOnly, dataVersion],
  );

  const onGridSelectionChange = useCallback(
    (s: GridSelection) => {
      setCurrent(s.current);
      if (selection === 'single') {
        const r = s.current?.cell[1];
        if (r !== undefined && r < rowCount && !(rows.length === 1 && rows[0] === r)) emitRows([r]);
      } else if (selection === 'multi' && showMarkers) {
        const next = selectionToRows(s.rows, rowCount);
        if (!sameRows(next, rows)) emitRows(next);
      }
    },
    [selection, rowCount, rows, emitRows, showMarkers],
  );

  const onCellClicked = useCallback(
    ([col, row]: Item, args: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) => {
      if (row >= rowCount) return;
      const column = columns[col];
      // A click on the current cell after the owner cleared the selection (a list reloaded after an action keeps its
      // current cell) is no change of glide's selection, so onGridSelectionChange stays silent: select it here.
      if (selection === 'single' && !(rows.length === 1 && rows[0] === row)) emitRows([row]);
      // Read-only multi selection has no check bars: click, Ctrl/⌘-click and Shift-click select rows.
      if (selection === 'multi' && !showMarkers) {
        let next: number[];
        if (args.shiftKey && anchorRow.current !== null) {
          const [a, b] = anchorRow.current < row ? [anchorRow.current, row] : [row, anchorRow.current];
          next = Array.from({ length: b - a + 1 }, (_, i) => a + i);
        } else if (args.ctrlKey || args.metaKey) {
          next = rows.includes(row) ? rows.filter((x) => x !== row) : [...rows, row];
          anchorRow.current = row;
        } else {
          next = [row];
          anchorRow.current = row;
        }
        if (!sameRows(next, rows)) emitRows(next);
      }
      const at = Date.now();
      const last = lastCellClick.current;
      const repeated = last !== null && last.col === col && last.row === row && at - last.at < 500;
      lastCellClick.current = { col, row, at };
      if (column?.type === 'link' && onLinkClick && !repeated) {
        const r = getRow(row);
        if (r !== undefined) onLinkClick(r, column.field);
      }
    },
    [rowCount, columns, selection, showMarkers, rows, emitRows, onLinkClick, getRow],
  );

  const onCellActivated = useCallback(
    ([col, row]: Item) => {
      if (!onRowDoubleClick || row >= rowCount) return;
      const column = columns[col];
      if (column && isCellEditable(column, readOnly)) return; // glide opens the editor instead
      const r = getRow(row);
      if (r !== undefined) onRowDoubleClick(r, row);
    },
    [onRowDoubleClick, rowCount, columns, readOnly, getRow],
  );

  const onHeaderClicked = useCallback(
    (col: number) => {
      const column = columns[col];
      if (!column || !onSortChange || column.sortable === false) return;
      onSortChange(nextSort(sort, column.field));
    },
    [columns, onSortChange, sort],
  );

  // Sorting from the keyboard (KWCAG 6.1.1): glide's headers take no focus, so Alt+S on a cell sorts
  // its column as a header click does; the focus stays on the (visibly outlined) cell and the header's
  // aria-sort says the new order. `code` too: a Korean IME turns the S key into ㄴ.
  const onKeyDown = useCallback(
    (e: GridKeyEventArgs) => {
      if (!isSortKey(e) || !e.location) return;
      e.cancel();
      e.preventDefault();
      onHeaderClicked(e.location[0]);
    },
    [onHeaderClicked],
  );

  const parseEdit = useCallback(
    ([col, row]: Item, value: EditableGridCell | GridCell) => {
      const column = columns[col];
      if (!column || row >= rowCount) return null;
      const r = getRow(row);
      const previous = r === undefined ? undefined : (r as Record<string, unknown>)[column.field];
      const result = parseCellEdit(column, value, previous);
      return { column, result };
    },
    [columns, rowCount, getRow],
  );

  const onCellEdited = useCallback(
    (cell: Item, value: EditableGridCell) => {
      const parsed = parseEdit(cell, value);
      if (parsed && parsed.result.ok) onCellEdit?.(cell[1], parsed.column.field, parsed.result.value);
    },
    [parseEdit, onCellEdit],
  );

  const validateCell = useCallback(
    (cell: Item, value: EditableGridCell) => parseEdit(cell, value)?.result.ok ?? false,
    [parseEdit],
  );

  const onVisibleRegionChanged = useCallback(
    (range: Rectangle) => {
      const next = visibleRange(range, rowCount);
      const [a, b] = lastRange.current;
      if (a === next[0] && b === next[1]) return;
      lastRange.current = next;
      onVisibleRangeChange?.(next[0], next[1]);
    },
    [rowCount, onVisibleRangeChange],
  );

  useImperativeHandle(
    ref,
    () => ({
      redraw(start = 0, end = rowCount) {
        const [vs, ve] = lastRange.current;
        // Rows off screen are drawn when they scroll in; only a visible change costs a redraw.
        if (Math.max(start, vs) < Math.min(end, ve) || vs < 0) setDataVersion((v) => v + 1);
      },
      scrollToRow(index) {
        editorRef.current?.scrollTo(0, Math.max(0, Math.min(index, rowCount - 1)), 'vertical');
      },
      focus() {
        editorRef.current?.focus();
      },
    }),
    [rowCount],
  );

  // glide gives the keyboard a current cell on focus only when nothing is selected; a grid arriving
  // with a chosen row (a popup's first row) would take Tab and then ignore the arrows. Focus by Tab
  // starts on the chosen row (or the first); a pointer's focus is left to the click.
  const pointerDown = useRef(false);
  useEffect(() => {
    // Released anywhere (a drag may end outside the grid).
    const up = () => (pointerDown.current = false);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
    return () => {
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
    };
  }, []);
  const onFocusCapture = (e: FocusEvent<HTMLDivElement>) => {
    if (
      pointerDown.current ||
      safeCurrent ||
      rowCount === 0 ||
      (e.target as HTMLElement).dataset.testid !== 'data-grid-canvas'
    )
      return;
    const row = Math.min(rows[0] ?? Math.max(0, lastRange.current[0]), rowCount - 1);
    setCurrent({ cell: [0, row], range: { x: 0, y: row, width: 1, height: 1 }, rangeStack: [] });
  };

  const empty = rowCount === 0 && emptyText !== '';
  return (
    <div
      ref={wrapperRef}
      className={[styles.grid, readOnly ? styles.readOnly : '', className ?? ''].filter(Boolean).join(' ')}
      style={{ height: h }}
      role="region"
      aria-label={props['aria-label']}
      data-testid={props['data-testid']}
      data-gpms-grid=""
      data-row-marker-width={showMarkers ? ROW_MARKER_WIDTH : 0}
      data-header-height={hh}
      data-row-height={rh}
      data-fields={fieldList}
      data-column-widths={widthList}
      data-current={safeCurrent ? safeCurrent.cell.join(',') : undefined}
      onFocusCapture={onFocusCapture}
      onPointerDownCapture={() => (pointerDown.current = true)}
    >
      <DataEditor
        ref={editorRef}
        columns={glideColumns}
        rows={rowCount + (hasTotals ? 1 : 0)}
        freezeTrailingRows={hasTotals ? 1 : 0}
        getRowThemeOverride={
          hasTotals || highlightRow
            ? (row: number) =>
                hasTotals && row === rowCount ? TOTALS_ROW_THEME : highlightRow?.(row) ? HIGHLIGHT_ROW_THEME : undefined
            : undefined
        }
        freezeColumns={freezeColumns}
        getCellContent={getCellContent}
        customRenderers={[codeCellRenderer]}
        width="100%"
        height={h}
        overscrollX={rowCount > 0 ? LAST_COLUMN_ROOM : undefined}
        rowHeight={rh}
        headerHeight={hh}
        theme={theme}
        rowMarkers={
          showMarkers ? { kind: 'checkbox-visible', width: ROW_MARKER_WIDTH, checkboxStyle: 'square' } : 'none'
        }
        rowSelect={selection === 'none' ? 'none' : selection}
        rowSelectionMode={showMarkers ? 'multi' : 'auto'}
        rowSelectionBlending="mixed"
        rangeSelectionBlending="mixed"
        rangeSelect="cell"
        columnSelect="none"
        gridSelection={gridSelection}
        onGridSelectionChange={onGridSelectionChange}
        onCellClicked={onCellClicked}
        onCellActivated={onCellActivated}
        cellActivationBehavior="double-click"
        onHeaderClicked={onHeaderClicked}
        onKeyDown={onKeyDown}
        onCellEdited={onCellEdited}
        validateCell={validateCell}
        onPaste={readOnly ? false : undefined}
        onDelete={readOnly ? () => false : undefined}
        editOnType={!readOnly}
        getCellsForSelection={true}
        onVisibleRegionChanged={onVisibleRegionChanged}
        smoothScrollX
        smoothScrollY
      />
      {empty && (
        <div className={styles.empty} style={{ top: hh }} role="status">
          {emptyText ?? t('gridEmpty')}
        </div>
      )}
    </div>
  );
}

/**
 * The engine's main grid on glide-data-grid (canvas): data is pulled row by row through
 * `getRow`, so 100,000+ rows scroll smoothly; nothing is sorted or filtered here.
 */
export const DataGrid = forwardRef(DataGridInner) as <Row extends GridRow>(
  props: DataGridProps<Row> & { ref?: Ref<DataGridHandle> },
) => ReactElement;
