import { useCallback, useRef, type KeyboardEvent } from 'react';
import { POPUP_GRID_HEIGHT } from '../../lib/constants';
import { DataGrid, type DataGridHandle } from '../data-grid/data-grid';
import type { GridColumn } from '../data-grid/grid-model';

/**
 * The popups' grid (spec §2/§9): read-only, single-row selection, 400 px high; a double-click on a
 * row chooses it. From the keyboard: Tab from the search reaches the grid, ↑/↓ (Home,
 * End) move the selected row, Enter chooses it — the grid's own cell cursor is not needed.
 */
export function PopupGrid<Row extends object>({
  rows,
  columns,
  selected,
  onSelect,
  onChoose,
  label,
  height = POPUP_GRID_HEIGHT,
  emptyText,
}: {
  rows: readonly Row[];
  columns: GridColumn[];
  selected: number | null;
  onSelect: (index: number) => void;
  onChoose: (row: Row) => void;
  label: string;
  height?: number;
  emptyText?: string;
}) {
  const getRow = useCallback((i: number) => rows[i], [rows]);
  const grid = useRef<DataGridHandle>(null);
  // Captured before glide-data-grid sees the key: its Enter and arrows need a cell cursor first.
  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    if (rows.length === 0 || e.altKey || e.ctrlKey || e.metaKey || e.nativeEvent.isComposing) return;
    const current = selected ?? -1;
    const to = (index: number) => {
      e.preventDefault();
      e.stopPropagation();
      const next = Math.max(0, Math.min(rows.length - 1, index));
      onSelect(next);
      grid.current?.scrollToRow(next);
    };
    if (e.key === 'ArrowDown') to(current + 1);
    else if (e.key === 'ArrowUp') to(current < 0 ? 0 : current - 1);
    else if (e.key === 'Home') to(0);
    else if (e.key === 'End') to(rows.length - 1);
    else if (e.key === 'Enter' && current >= 0) {
      e.preventDefault();
      e.stopPropagation();
      onChoose(rows[current]);
    }
  };
  return (
    <div onKeyDownCapture={onKeyDownCapture}>
      <DataGrid<Row>
        ref={grid}
        aria-label={label}
        columns={columns}
        rowCount={rows.length}
        getRow={getRow}
        readOnly
        selection="single"
        selectedRows={selected === null ? [] : [selected]}
        onSelectionChange={(r) => {
          if (r.length > 0) onSelect(r[0]);
        }}
        onRowDoubleClick={(row) => onChoose(row)}
        height={height}
        emptyText={emptyText}
      />
    </div>
  );
}
