import { useCallback } from 'react';
import { POPUP_GRID_HEIGHT } from '../../lib/constants';
import { DataGrid } from '../data-grid/data-grid';
import type { GridColumn } from '../data-grid/grid-model';

/**
 * The popups' grid (spec §2/§9): read-only, single-row selection, 400 px high; a double-click
 * (or Enter) on a row chooses it.
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
  return (
    <DataGrid<Row>
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
  );
}
