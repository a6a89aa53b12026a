import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useWidgetText } from '../i18n';
import type { PivotFigure, PivotModel } from '../../lib/pivot-model';
import styles from './pivot-table.module.css';

/** The cell a drill asks for: a row key, a column key, both (a cell), one (a total) or neither (the grand total). */
export interface PivotTarget {
  rowKey: string | null;
  columnKey: string | null;
}

export interface PivotTableProps {
  model: PivotModel;
  /** The table's name (its caption). */
  caption: string;
  /** What the rows are (the header over their names): 협력사, 부서 … */
  rowTitle: string;
  /** Whether the columns are a dimension; without one the table has the totals column only. */
  hasColumns: boolean;
  /** A figure as text (won, counts). */
  format: (n: number) => string;
  /** Whether the figures have a previous period beside them. */
  withPrevious: boolean;
  /** A click, or Enter / Space on the focused cell. */
  onDrill?: (target: PivotTarget) => void;
  'data-testid'?: string;
}

const pctText = (pct: number) => `${pct > 0 ? '+' : ''}${pct.toLocaleString('ko-KR', { maximumFractionDigits: 1 })}%`;

/**
 * A pivot table: the rows' names down the side, the columns' across the top, each cell the period's
 * figure with the previous period's and the change under it, and the totals row and column. A
 * keyboard grid (WAI-ARIA grid pattern): one cell is in the tab order, the arrow keys, Home and End
 * move it, Enter or Space drills, so a large pivot is one tab stop, not hundreds.
 */
export function PivotTable({
  model,
  caption,
  rowTitle,
  hasColumns,
  format,
  withPrevious,
  onDrill,
  'data-testid': testId,
}: PivotTableProps) {
  const t = useWidgetText();
  const hintId = useId();
  const columns = useMemo(() => (hasColumns ? model.columns : []), [hasColumns, model.columns]);
  // Grid positions: rows 0..n-1 then the totals row; columns 0..m-1 then the totals column.
  const height = model.rows.length + 1;
  const width = columns.length + 1;
  const [chosen, setPos] = useState<[number, number]>([0, 0]);
  // A smaller new result keeps the tab stop inside the grid.
  const pos: [number, number] = [Math.min(chosen[0], height - 1), Math.min(chosen[1], width - 1)];
  const tableRef = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  // A layout effect: the focus moves in the key's own commit, so a key typed right after an arrow (a fast typist, a
  // play function) reaches the new cell; a passive effect ran after paint and the next key hit the old cell.
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    tableRef.current?.querySelector<HTMLElement>(`[data-pos="${chosen[0]}:${chosen[1]}"]`)?.focus();
  }, [chosen]);

  const targetAt = useCallback(
    (r: number, c: number): PivotTarget => ({
      rowKey: r < model.rows.length ? model.rows[r].key : null,
      columnKey: hasColumns && c < columns.length ? columns[c].key : null,
    }),
    [model.rows, columns, hasColumns],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLTableCellElement>, r: number, c: number) => {
    let next: [number, number] | null = null;
    if (e.key === 'ArrowRight') next = [r, Math.min(width - 1, c + 1)];
    else if (e.key === 'ArrowLeft') next = [r, Math.max(0, c - 1)];
    else if (e.key === 'ArrowDown') next = [Math.min(height - 1, r + 1), c];
    else if (e.key === 'ArrowUp') next = [Math.max(0, r - 1), c];
    else if (e.key === 'Home') next = e.ctrlKey ? [0, 0] : [r, 0];
    else if (e.key === 'End') next = e.ctrlKey ? [height - 1, width - 1] : [r, width - 1];
    else if ((e.key === 'Enter' || e.key === ' ') && onDrill) {
      e.preventDefault();
      onDrill(targetAt(r, c));
      return;
    }
    if (!next) return;
    e.preventDefault();
    moved.current = true;
    setPos(next);
  };

  const cell = (f: PivotFigure | undefined, r: number, c: number, extra = '') => {
    const active = pos[0] === r && pos[1] === c;
    const change = f?.changePct ?? null;
    return (
      <td
        key={c}
        role="gridcell"
        tabIndex={active ? 0 : -1}
        data-pos={`${r}:${c}`}
        className={`${styles.cell} ${onDrill ? styles.drill : ''} ${extra}`}
        onKeyDown={(e) => onKeyDown(e, r, c)}
        onFocus={() => {
          if (!active) setPos([r, c]);
        }}
        onClick={onDrill ? () => onDrill(targetAt(r, c)) : undefined}
      >
        <span className={styles.value}>{format(f?.value ?? 0)}</span>
        {withPrevious && (
          <span className={styles.prev}>
            {f?.previous ? t('pivotPrevious', { value: format(f.previous) }) : t('pivotNoPrevious')}
            {change !== null && (
              <>
                {' · '}
                <span className={change > 0 ? styles.up : change < 0 ? styles.down : undefined}>{pctText(change)}</span>
              </>
            )}
          </span>
        )}
      </td>
    );
  };

  return (
    <div>
      {onDrill && (
        <p id={hintId} className={styles.hint}>
          {t('pivotHint')}
        </p>
      )}
      <div className={styles.wrap}>
        <table
          ref={tableRef}
          role="grid"
          className={styles.table}
          aria-describedby={onDrill ? hintId : undefined}
          data-testid={testId}
        >
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{rowTitle}</th>
              {columns.map((col) => (
                <th key={col.key} scope="col">
                  {col.label}
                </th>
              ))}
              <th scope="col">{t('pivotTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {model.rows.map((row, r) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {columns.map((col, c) => cell(model.cells.get(row.key)?.get(col.key), r, c))}
                {cell(row.total, r, columns.length, styles.totalCol)}
              </tr>
            ))}
            <tr className={styles.totals}>
              <th scope="row">{t('pivotTotal')}</th>
              {columns.map((col, c) => cell(col.total, model.rows.length, c))}
              {cell(model.total, model.rows.length, columns.length)}
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}
