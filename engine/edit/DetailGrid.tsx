import { useMemo, useState } from 'react';
import { WidgetButton } from '../../widgets/common/button';
import { DataGrid } from '../../widgets/data-grid/data-grid';
import type { DetailDef } from '../definition/types';
import { evalRule, type ExprScope } from '../expr/expr';
import { gridColumns } from '../list/grid-columns';
import { useEngineServices } from '../services';
import { fieldLabel, type Translate } from '../text';
import styles from '../ui/engine.module.css';
import { addRow, deleteRows, editCell, type CellProblem, type DetailState } from './detail-state';

export interface DetailGridProps {
  def: DetailDef;
  state: DetailState;
  onChange: (next: DetailState) => void;
  readOnly: boolean;
  /** Client and server problems by row index. */
  problems: CellProblem[];
  scope: ExprScope;
  t: Translate;
  where: string;
}

/** A detail grid: rows added, edited in place and deleted; problems listed under it by row. */
export function DetailGrid({ def, state, onChange, readOnly, problems, scope, t, where }: DetailGridProps) {
  const services = useEngineServices();
  const [selected, setSelected] = useState<number[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const columns = useMemo(() => gridColumns(def.columns, { t, codes: (g) => services.codes(g), sortFields: [], where }).map((c) => {
    const source = def.columns.find((d) => d.field === c.field)!;
    return { ...c, sortable: false, editable: source.editable !== undefined && source.editable !== false };
  }), [def.columns, t, services, where]);
  const canAdd = !readOnly && def.canAdd !== false && (def.maxRows === undefined || state.rows.length < def.maxRows);
  const canDelete = !readOnly && def.canDelete !== false;
  const rows = state.rows;

  const onCellEdit = (index: number, field: string, value: unknown) => {
    const column = def.columns.find((c) => c.field === field);
    const row = rows[index];
    if (!column || !row) return;
    if (typeof column.editable === 'string' && !evalRule(column.editable, { ...scope, row: row.data }, false)) {
      setNote(t('engine.cellLocked', { column: fieldLabel(t, column) }));
      return;
    }
    setNote(null);
    onChange(editCell(state, index, field, value));
  };

  return (
    <section className={`${styles.panel} ${styles.section}`} data-detail={def.id}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>
          {def.title ? t(def.title) : def.id} <span className={styles.muted}>({t('engine.total', { count: rows.length })})</span>
        </h2>
        {!readOnly && (
          <div className={styles.actions}>
            {def.canAdd !== false && (
              <WidgetButton size="small" disabled={!canAdd} onClick={() => onChange(addRow(state, def))} data-action={`addRow-${def.id}`}>
                {t('engine.addRow')}
              </WidgetButton>
            )}
            {canDelete && (
              <WidgetButton
                size="small"
                disabled={selected.length === 0}
                onClick={() => {
                  onChange(deleteRows(state, selected));
                  setSelected([]);
                }}
                data-action={`deleteRows-${def.id}`}
              >
                {t('engine.deleteRows')}
              </WidgetButton>
            )}
          </div>
        )}
      </div>
      <DataGrid<Record<string, unknown>>
        columns={columns}
        rowCount={rows.length}
        getRow={(i) => rows[i]?.data}
        selection={canDelete ? 'multi' : 'none'}
        selectedRows={selected}
        onSelectionChange={setSelected}
        readOnly={readOnly}
        onCellEdit={onCellEdit}
        visibleRows={def.visibleRows ?? 8}
        emptyText={t('ui.noData')}
        aria-label={def.title ? t(def.title) : def.id}
      />
      {note && <p className={styles.muted}>{note}</p>}
      {problems.length > 0 && (
        <ul className={styles.error} role="alert" style={{ margin: 0 }}>
          {problems.slice(0, 20).map((p, i) => {
            const column = def.columns.find((c) => c.field === p.field);
            return <li key={i}>{t('engine.rowInvalid', { row: p.index + 1, message: `${column ? fieldLabel(t, column) : p.field} — ${p.message}` })}</li>;
          })}
        </ul>
      )}
    </section>
  );
}
