import { useMemo, useState } from 'react';
import { Select } from '../../widgets/select/select';
import { PivotTable, type PivotTarget } from '../../widgets/pivot-table/pivot-table';
import { PivotChart } from '../../widgets/pivot-table/pivot-chart';
import { buildPivot } from '../../lib/pivot-model';
import { formatMoney } from '../../lib/money';
import type { FilterDef, ListPivotDef } from '../definition/types';
import type { Translate } from '../text';
import styles from '../ui/engine.module.css';
import { measureTitle as titleOf, pivotAxes } from './pivot-axes';

type Row = Record<string, unknown>;

export interface ListPivotProps {
  pivot: ListPivotDef;
  /** Every row of the result read so far, in the server's order. */
  rows: readonly Row[];
  /** The result's size, and whether every row (up to `limit`) has arrived. */
  total: number;
  limit: number;
  /** The filters of the search the rows came from (the axes' dimensions are among them). */
  filters: Record<string, unknown>;
  filterDefs: readonly FilterDef[];
  /** The screen's label prefix (`labels`), for measures without a label. */
  labels?: string;
  title: string;
  t: Translate;
  onDrill?: (row: Row) => void;
}

/**
 * A list's `pivot` (docs/screen-definitions.md "Pivot"): the rows of the result, one per key pair,
 * arranged by widgets/pivot-table — a chart of the row totals and the table — with the measure
 * chosen here. A cell's drill gets a row holding the cell's keys and names (a total only one axis's).
 */
export function ListPivot({
  pivot,
  rows,
  total,
  limit,
  filters,
  filterDefs,
  labels,
  title,
  t,
  onDrill,
}: ListPivotProps) {
  const [measureIndex, setMeasureIndex] = useState(0);
  const measure = pivot.measures[Math.min(measureIndex, pivot.measures.length - 1)];
  const measureTitle = titleOf(t, measure, labels);
  const { rowTitle, columnTitle, hasColumns } = useMemo(
    () => pivotAxes(pivot, filters, filterDefs, t),
    [pivot, filters, filterDefs, t],
  );
  const complete = rows.length >= Math.min(total, limit);
  const model = useMemo(
    () =>
      buildPivot(rows, {
        rowKey: pivot.row.key,
        rowLabel: pivot.row.label,
        columnKey: hasColumns ? pivot.column!.key : undefined,
        columnLabel: hasColumns ? pivot.column!.label : undefined,
        value: measure.field,
        previous: measure.previous,
      }),
    [rows, pivot, hasColumns, measure],
  );
  const currency = measure.currency ?? 'KRW';
  const format = (n: number) => {
    if (measure.type !== 'money') return n.toLocaleString('ko-KR');
    const amount = formatMoney(String(n), currency);
    return currency === 'KRW' ? t('engine.pivotWon', { amount }) : `${currency} ${amount}`;
  };
  const name = hasColumns
    ? t('engine.pivotCrossTitle', { axis: rowTitle, column: columnTitle, measure: measureTitle })
    : t('engine.pivotTitle', { axis: rowTitle, measure: measureTitle });
  const drill = onDrill
    ? (target: PivotTarget) => {
        const cell: Row = {};
        if (target.rowKey !== null) {
          cell[pivot.row.key] = target.rowKey;
          cell[pivot.row.label] = model.rows.find((r) => r.key === target.rowKey)?.label ?? target.rowKey;
        }
        if (hasColumns && target.columnKey !== null) {
          cell[pivot.column!.key] = target.columnKey;
          cell[pivot.column!.label] = model.columns.find((c) => c.key === target.columnKey)?.label ?? target.columnKey;
        }
        onDrill(cell);
      }
    : undefined;
  return (
    <section className={`${styles.panel} ${styles.section}`} data-testid="list-pivot">
      {pivot.measures.length > 1 && (
        <div style={{ maxWidth: 240, marginBottom: 8 }}>
          <Select
            label={t('engine.pivotMeasure')}
            value={String(measureIndex)}
            onChange={(v) => setMeasureIndex(Number(v) || 0)}
            options={pivot.measures.map((m, i) => ({
              value: String(i),
              text: titleOf(t, m, labels),
            }))}
            empty={false}
          />
        </div>
      )}
      {!complete ? (
        <p className={styles.muted} role="status">
          {t('engine.pivotLoading', {
            done: rows.length.toLocaleString('ko-KR'),
            total: Math.min(total, limit).toLocaleString('ko-KR'),
          })}
        </p>
      ) : (
        <>
          {total > limit && (
            <p className={styles.muted} role="status">
              {t('engine.pivotTruncated', { count: limit.toLocaleString('ko-KR') })}
            </p>
          )}
          {pivot.chart && (
            <PivotChart
              model={model}
              title={t('engine.pivotTitle', { axis: rowTitle, measure: measureTitle })}
              axisTitle={rowTitle}
              measureTitle={measureTitle}
              format={format}
              withPrevious={!!measure.previous}
              limit={pivot.chart.limit}
              height={pivot.chart.height}
              onDrill={drill ? (rowKey) => drill({ rowKey, columnKey: null }) : undefined}
            />
          )}
          <PivotTable
            model={model}
            caption={`${title} — ${name}`}
            rowTitle={rowTitle}
            hasColumns={hasColumns}
            format={format}
            withPrevious={!!measure.previous}
            onDrill={drill}
            data-testid="pivot-table"
          />
        </>
      )}
    </section>
  );
}
