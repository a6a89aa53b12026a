import { useMemo, useRef, useState } from 'react';
import { WidgetButton } from '../../widgets/common/button';
import { CompanyPopup, type CompanyRow } from '../../widgets/company-popup/company-popup';
import { PersonPopup } from '../../widgets/person-popup/person-popup';
import { ItemPopup, type ItemFilters, type ItemRow } from '../../widgets/item-popup/item-popup';
import {
  AgreementLinePopup,
  type AgreementLineFilters,
  type AgreementLineRow,
} from '../../widgets/agreement-line-popup/agreement-line-popup';
import { DataGrid } from '../../widgets/data-grid/data-grid';
import { isOperationId, operations } from '../../schemas/operations.generated';
import type { ColumnDef, DetailDef } from '../definition/types';
import { fillPairs } from '../definition/fill';
import { evalRule, type ExprScope } from '../expr/expr';
import { gridColumns, viewTransform } from '../list/grid-columns';
import { linkQuery } from '../runtime/actions';
import { useFrame } from '../runtime/frame';
import { OperationError, useCodesRevision, useEngineServices } from '../services';
import { fieldLabel, type Translate } from '../text';
import styles from '../ui/engine.module.css';
import { formatMoney, sumDecimals } from '../../lib/money';
import { groupThousands } from '../../lib/mask';

/** '16500.00' → '16,500', '4.500' → '4.5': a sum as a person reads it. */
function grouped(sum: string): string {
  const [int, frac = ''] = sum.replace(/^-/, '').split('.');
  const decimals = frac.replace(/0+$/, '');
  return `${sum.startsWith('-') ? '-' : ''}${groupThousands(int)}${decimals ? `.${decimals}` : ''}`;
}
import {
  addRow,
  addRowFrom,
  computeCells,
  deleteRows,
  editCell,
  moveRow,
  type CellProblem,
  type DetailState,
} from './detail-state';

export interface DetailGridProps {
  def: DetailDef;
  state: DetailState;
  onChange: (next: DetailState) => void;
  /** A change computed from the state as it is when applied (answers that arrive later: a column's lookup). */
  onUpdate?: (change: (current: DetailState) => DetailState) => void;
  readOnly: boolean;
  /** Client and server problems by row index. */
  problems: CellProblem[];
  scope: ExprScope;
  t: Translate;
  where: string;
}

/** A detail grid: rows added, edited in place and deleted; problems listed under it by row. */
export function DetailGrid({
  def,
  state,
  onChange: setState,
  onUpdate: updateState,
  readOnly,
  problems,
  scope,
  t,
  where,
}: DetailGridProps) {
  // Every change brings the computed cells (`product` columns: quantity × price) up to date.
  const onChange = (next: DetailState) => setState(computeCells(next, def.columns));
  const onUpdate =
    updateState &&
    ((change: (current: DetailState) => DetailState) =>
      updateState((current) => computeCells(change(current), def.columns)));
  const services = useEngineServices();
  const frame = useFrame();
  const [selected, setSelected] = useState<number[]>([]);
  const [note, setNote] = useState<string | null>(null);
  // The popup open: the index of its addFrom source (a grid may offer several), null when none.
  const [picking, setPicking] = useState<number | null>(null);
  const codesRevision = useCodesRevision(services);
  const formKey = JSON.stringify([scope.form ?? null, scope.mode ?? null]);
  const columns = useMemo(
    () =>
      gridColumns(def.columns, { t, codes: (g) => services.codes(g), sortFields: [], where }).map((c) => {
        const source = def.columns.find((d) => d.field === c.field)!;
        // A rule over the form alone (not the row: `"form.noPo == 'Y'"`) decides for the whole column, so its
        // cells look editable only when they are; a rule over the row is asked cell by cell when edited.
        const byForm =
          typeof source.editable === 'string' && !/\brow\b/.test(source.editable)
            ? evalRule(source.editable, scope, false)
            : true;
        return {
          ...c,
          sortable: false,
          editable: !source.product && source.editable !== undefined && source.editable !== false && byForm,
        };
      }),
    // codesRevision: the code texts came again (another language, or edited codes); formKey: the form's values a rule reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [def.columns, t, services, where, codesRevision, formKey],
  );
  // canAdd / canDelete: true, false or a rule over the form (e.g. rows are added while the document is a draft only).
  const addAllowed = evalRule(def.canAdd, scope, true);
  const canAdd = !readOnly && addAllowed && (def.maxRows === undefined || state.rows.length < def.maxRows);
  const canDelete = !readOnly && evalRule(def.canDelete, scope, true);
  const rows = state.rows;
  // Timestamps and masked text as the list shows them (yyyy-MM-dd HH:mm …); editable cells keep their raw value.
  const transform = useMemo(
    () => viewTransform(def.columns.filter((c) => c.editable === undefined || c.editable === false)),
    [def.columns],
  );
  const viewCache = useRef(new WeakMap<Record<string, unknown>, Record<string, unknown>>());
  const shown = (data: Record<string, unknown> | undefined) => {
    if (!data || !transform) return data;
    let v = viewCache.current.get(data);
    if (!v) viewCache.current.set(data, (v = transform(data)));
    return v;
  };
  const sources = def.addFrom === undefined ? [] : [def.addFrom].flat();
  const addFrom = picking !== null ? sources[picking] : undefined;
  const canPick = sources.length > 0 && !readOnly && (def.maxRows === undefined || state.rows.length < def.maxRows);
  const pick = (entry: Record<string, unknown>) => {
    setPicking(null);
    if (addFrom) onChange(addRowFrom(state, def, entry, addFrom.fill));
  };
  /** The agreement-line popup's search: the definition's operation with the popup's filters (empty ones left out). */
  const searchAgreementLines = async (f: AgreementLineFilters): Promise<AgreementLineRow[]> => {
    const query: Record<string, unknown> = { size: 200 };
    for (const [k, v] of Object.entries(f)) if (v) query[k] = v;
    const answer = await services.call(addFrom!.operation!, { query });
    return (Array.isArray(answer) ? answer : ((answer as { rows?: unknown[] })?.rows ?? [])) as AgreementLineRow[];
  };
  /** The company popup's search: the definition's operation with `q`, its rows as the popup shows them. */
  const searchCompanies = async (q: string): Promise<CompanyRow[]> => {
    const answer = await services.call(addFrom!.operation!, { query: { q } });
    const list = (Array.isArray(answer) ? answer : ((answer as { rows?: unknown[] })?.rows ?? [])) as Array<
      Record<string, unknown>
    >;
    return list.map((r) => ({
      ...r,
      compNo: String(r.compNo ?? ''),
      compNameKr: String(r.compNameKr ?? ''),
      taxNo2: String(r.taxNo2 ?? ''),
    }));
  };
  /** The item popup's search: the definition's operation with the popup's filters (empty ones left out). */
  const searchItems = async (f: ItemFilters): Promise<ItemRow[]> => {
    const query: Record<string, unknown> = { size: 200, useYn: 'Y' };
    for (const [k, v] of Object.entries(f)) if (v) query[k] = v;
    const answer = await services.call(addFrom!.operation!, { query });
    return (Array.isArray(answer) ? answer : ((answer as { rows?: unknown[] })?.rows ?? [])) as ItemRow[];
  };
  const [itemCategories, setItemCategories] = useState<Array<{ value: string; text: string }> | undefined>(undefined);
  const openPicker = (index: number) => {
    setPicking(index);
    const source = sources[index];
    const cats = source?.widget === 'item' ? source.categories : undefined;
    if (cats && !itemCategories) {
      void services
        .call(
          cats.operation,
          isOperationId(cats.operation) && operations[cats.operation].list ? { query: { size: 5000 } } : {},
        )
        .then(
          (answer) => {
            const list = (Array.isArray(answer) ? answer : ((answer as { rows?: unknown[] })?.rows ?? [])) as Array<
              Record<string, unknown>
            >;
            setItemCategories(
              list.map((r) => ({ value: String(r[cats.value] ?? ''), text: String(r[cats.text] ?? '') })),
            );
          },
          () => setItemCategories([]),
        );
    }
  };
  const move = (delta: number) => {
    if (selected.length !== 1) return;
    const to = selected[0] + delta;
    if (to < 0 || to >= rows.length) return;
    onChange(moveRow(state, selected[0], delta));
    setSelected([to]);
  };

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
    if (column.lookup && value !== null && value !== undefined && String(value).trim() !== '')
      void lookUp(column, row.uid, String(value).trim());
  };

  /**
   * A column's lookup (an item code typed): the operation's answer fills the row's other cells;
   * a refusal (an unknown code) is said under the grid and leaves the row as typed.
   */
  const lookUp = async (column: ColumnDef, uid: number, value: string) => {
    const lookup = column.lookup!;
    const param = lookup.param ?? column.field;
    const info = isOperationId(lookup.operation) ? operations[lookup.operation] : null;
    const input = (info?.pathParams as readonly string[] | undefined)?.includes(param)
      ? { path: { [param]: value } }
      : { query: { [param]: value } };
    try {
      const answer = (await services.call(lookup.operation, input)) as Record<string, unknown>;
      const apply = (current: DetailState) => {
        const at = current.rows.findIndex((r) => r.uid === uid);
        // The user changed the cell again meanwhile: that value's lookup decides.
        if (at < 0 || String(current.rows[at].data[column.field] ?? '').trim() !== value) return current;
        let next = current;
        for (const [field, from] of fillPairs(lookup.fill)) next = editCell(next, at, field, answer?.[from] ?? '');
        return next;
      };
      if (onUpdate) onUpdate(apply);
    } catch (e) {
      setNote(
        e instanceof OperationError ? (e.serverMessage ?? e.message) : e instanceof Error ? e.message : String(e),
      );
    }
  };

  // `total: 'sum'` columns: the sum of the rows' cells, said beside the title (the user sees it change as they type).
  const totals = def.columns
    .filter((c) => c.total === 'sum')
    .map((c) => {
      const cells = rows
        .map((r) =>
          String(r.data[c.field] ?? '')
            .replace(/,/g, '')
            .trim(),
        )
        .filter((v) => /^-?\d+(\.\d+)?$/.test(v));
      const sum = sumDecimals(cells);
      const amount = c.currency ? `${c.currency} ${formatMoney(sum, c.currency)}` : grouped(sum);
      return { field: c.field, text: t('engine.detailTotal', { label: fieldLabel(t, c), amount }) };
    });

  return (
    <section className={`${styles.panel} ${styles.section}`} data-detail={def.id}>
      <div className={styles.toolbar}>
        <h2 className={styles.sectionTitle}>
          {def.title ? t(def.title) : def.id}{' '}
          <span className={styles.muted}>({t('engine.total', { count: rows.length })})</span>
          {totals.map((x) => (
            <span
              key={x.field}
              className={styles.muted}
              data-total={x.field}
              aria-live="polite"
              style={{ marginLeft: 8 }}
            >
              {x.text}
            </span>
          ))}
        </h2>
        {!readOnly && (
          <div className={styles.actions}>
            {addAllowed && (
              <WidgetButton
                size="small"
                disabled={!canAdd}
                onClick={() => onChange(addRow(state, def))}
                data-action={`addRow-${def.id}`}
              >
                {t('engine.addRow')}
              </WidgetButton>
            )}
            {sources.map((source, i) => (
              <WidgetButton
                key={i}
                size="small"
                disabled={!canPick}
                onClick={() => openPicker(i)}
                data-action={i === 0 ? `addFrom-${def.id}` : `addFrom-${def.id}-${i}`}
              >
                {t(source.label ?? 'engine.addRow')}
              </WidgetButton>
            ))}
            {def.reorder && (
              <>
                <WidgetButton
                  size="small"
                  disabled={selected.length !== 1 || selected[0] === 0}
                  onClick={() => move(-1)}
                  data-action={`moveUp-${def.id}`}
                >
                  {t('engine.moveUp')}
                </WidgetButton>
                <WidgetButton
                  size="small"
                  disabled={selected.length !== 1 || selected[0] === rows.length - 1}
                  onClick={() => move(1)}
                  data-action={`moveDown-${def.id}`}
                >
                  {t('engine.moveDown')}
                </WidgetButton>
              </>
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
        getRow={(i) => shown(rows[i]?.data)}
        selection={canDelete || (def.reorder && !readOnly) ? 'multi' : 'none'}
        selectedRows={selected}
        onSelectionChange={setSelected}
        readOnly={readOnly}
        onCellEdit={onCellEdit}
        onLinkClick={(row, field) => {
          // A link column (e.g. the orders that follow a document) opens its screen like a list's.
          const link = def.columns.find((c) => c.field === field)?.link;
          const data = state.rows.find((r) => shown(r.data) === row)?.data ?? row;
          // An empty cell links nowhere (a line without the document its column names).
          const value = data[field];
          if (link && value !== null && value !== undefined && value !== '')
            void frame.open(link, linkQuery(link.query, { ...scope, row: data }));
        }}
        visibleRows={def.visibleRows ?? 8}
        highlightRow={
          def.highlight ? (i) => evalRule(def.highlight, { ...scope, row: rows[i]?.data ?? null }, false) : undefined
        }
        emptyText={t('ui.noData')}
        aria-label={def.title ? t(def.title) : def.id}
      />
      {note && <p className={styles.muted}>{note}</p>}
      {addFrom?.widget === 'person' && (
        <PersonPopup
          open
          onChoose={(p) => pick(p as unknown as Record<string, unknown>)}
          onClose={() => setPicking(null)}
        />
      )}
      {addFrom?.widget === 'company' && addFrom.operation && (
        <CompanyPopup
          open
          search={searchCompanies}
          onChoose={(c) => pick(c as unknown as Record<string, unknown>)}
          onClose={() => setPicking(null)}
        />
      )}
      {addFrom?.widget === 'item' && addFrom.operation && (
        <ItemPopup
          open
          search={searchItems}
          categories={addFrom.categories ? (itemCategories ?? []) : undefined}
          onChoose={(i) => pick(i as unknown as Record<string, unknown>)}
          onClose={() => setPicking(null)}
        />
      )}
      {addFrom?.widget === 'agreementLine' && addFrom.operation && (
        <AgreementLinePopup
          open
          search={searchAgreementLines}
          onChoose={(l) => pick(l as unknown as Record<string, unknown>)}
          onClose={() => setPicking(null)}
        />
      )}
      {problems.length > 0 && (
        <ul className={styles.error} role="alert" style={{ margin: 0 }}>
          {problems.slice(0, 20).map((p, i) => {
            const column = def.columns.find((c) => c.field === p.field);
            return (
              <li key={i}>
                {t('engine.rowInvalid', {
                  row: p.index + 1,
                  message: `${column ? fieldLabel(t, column) : p.field} — ${p.message}`,
                })}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
