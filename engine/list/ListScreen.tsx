import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { WidgetButton } from '../../widgets/common/button';
import { DataGrid, type DataGridHandle } from '../../widgets/data-grid/data-grid';
import { formatMoney, sumDecimals } from '../../lib/money';
import { isOperationId, operations } from '../../schemas/operations.generated';
import type { CallAction, ColumnDef, ExportAction, LinkDef, ListScreenDef, OpenAction } from '../definition/types';
import { evalRule, type ExprScope } from '../expr/expr';
import { askDownloadReason, downloadNeedsReason, downloadShape } from '../export/download-reason';
import { fileSubjects } from '../../lib/personal-download';
import { runExport, saveBlob, type ExportProgress } from '../export/run-export';
import { runServerExport } from '../export/server-export';
import { SERVER_EXPORT_ROWS } from '../../lib/constants';
import { createExportWorker } from '../export/worker-factory';
import { actionState, buildInputs, linkQuery, normalizeAction, type NormalAction } from '../runtime/actions';
import { useFrame } from '../runtime/frame';
import { EngineInput } from '../runtime/inputs';
import { runEffects, runRowCalls } from '../runtime/run-actions';
import { useCodesRevision, useEngineServices, type EngineServices } from '../services';
import { fieldLabel } from '../text';
import { chartPoints } from '../chart/chart-data';
import { ListChart } from '../chart/ListChart';
import { ListPivot } from './ListPivot';
import { pivotExportLayout } from './pivot-export';
import { ActionButton, ProgressLine, ScreenHeader } from '../ui/parts';
import styles from '../ui/engine.module.css';
import { exportColumns, gridColumns, viewTransform } from './grid-columns';
import {
  filterQuery,
  initialFilterValues,
  missingRequired,
  queryFilterValues,
  readRemembered,
  rememberKey,
  writeRemembered,
  type FilterValues,
} from './filters';
import { SummaryState, summaryStateOf, type SummaryStateValue } from './SummaryState';
import { PagedRows } from './paged-rows';
import { listInputs, pageFetcher } from './page-fetcher';

type Row = Record<string, unknown>;
type Sort = { field: string; direction: 'asc' | 'desc' } | null;

const DEFAULT_PAGE_SIZE = 100;
/** Rows a pivot reads at most (20 pages of 500): one per key pair, so a result larger than this needs narrower filters. */
const PIVOT_ROW_LIMIT = 10_000;

/** Columns a filter takes in the panel: its span, or two for the four-level sourcing group (four selects side by side). */
export function filterSpan(f: { span?: number; widget?: string }): number {
  return f.span ?? (f.widget === 'sourcingGroup' ? 2 : 1);
}

function parseSort(s: string | undefined): Sort {
  if (!s) return null;
  const [field, direction] = s.split(':');
  return { field, direction: direction === 'desc' ? 'desc' : 'asc' };
}

function defaultStorage(services: EngineServices): Storage | null {
  if (services.storage) return services.storage();
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * `currencyTotals`: the server's per-currency sums as one line, `KRW 1,234,000 · JPY 56,000`
 * (in the answer's order; zero and empty sums left out; null when nothing is left).
 */
function currencyTotalsText(totals: Row | null | undefined): string | null {
  if (!totals) return null;
  const parts: string[] = [];
  // Also the purchasing lists' form: [{ currency, count, totalAmount }] (docs/purchasing.md).
  const entries = Array.isArray(totals)
    ? (totals as Row[])
        .filter((x) => x && typeof x === 'object' && typeof x.currency === 'string')
        .map((x): [string, unknown] => [x.currency as string, x.totalAmount])
    : Object.entries(totals);
  for (const [currency, amount] of entries) {
    if (amount === null || amount === undefined || amount === '') continue;
    try {
      if (Number(String(amount)) === 0) continue;
      parts.push(`${currency} ${formatMoney(String(amount), currency)}`);
    } catch {
      parts.push(`${currency} ${String(amount)}`);
    }
  }
  return parts.length ? parts.join(' · ') : null;
}

/** Sums of the loaded rows for `total: 'sum'` columns (used when the server sends no totals and every row is here). */
function localTotals(columns: ColumnDef[], rows: Row[], label: string): Row {
  const out: Row = {};
  for (const c of columns) {
    if (c.total === 'sum') {
      try {
        out[c.field] = sumDecimals(
          rows.map((r) =>
            r[c.field] === null || r[c.field] === undefined || r[c.field] === '' ? '0' : String(r[c.field]),
          ),
        );
      } catch {
        out[c.field] = rows.reduce((a, r) => a + (Number(r[c.field]) || 0), 0);
      }
    } else if (c.total && typeof c.total === 'object') out[c.field] = label;
  }
  return out;
}

/**
 * A list screen: the filter form (Enter searches; reset; required filters; defaults and prefill
 * from login data; remembered filters), a server-paged and server-sorted grid, selection,
 * double-click to open, link columns, a totals row, actions and the Excel export of the whole
 * filtered result.
 */
export function ListScreen() {
  const frame = useFrame();
  const services = useEngineServices();
  const { t, alertError } = frame;
  const def = frame.def as ListScreenDef;
  const login = services.loginData();
  const storage = useMemo(() => defaultStorage(services), [services]);
  const memoryKey = rememberKey(def.id, def.rememberFilters);
  const [remembered] = useState(() => readRemembered(storage, memoryKey));
  // A link that names filters (`?settleNo=…`) starts from the defaults with those values, not from the remembered filter.
  const [linked] = useState(() => queryFilterValues(def.filters, frame.query));
  const [values, setValues] = useState<FilterValues>(() => ({
    ...initialFilterValues(def.filters, login),
    ...(linked ?? remembered?.values ?? {}),
  }));
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  // The first search: a remembered one repeats only if it had run; otherwise per autoSearch and the required filters.
  const [search, setSearch] = useState<{ query: Row; path: Row; values: FilterValues; seq: number } | null>(() => {
    const auto = linked
      ? missingRequired(def.filters, values).length === 0
      : remembered
        ? remembered.isSearched
        : def.source.autoSearch !== false && missingRequired(def.filters, values).length === 0;
    return auto ? { ...filterQuery(def.filters, values), values, seq: 1 } : null;
  });
  const [sort, setSort] = useState<Sort>(() => parseSort(def.source.defaultSort));
  const [meta, setMeta] = useState<{ total: number | null; totals: Row | null }>({ total: null, totals: null });
  const [summary, setSummary] = useState<SummaryStateValue | null>(null);
  const [rebuilding, setRebuilding] = useState(false);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  // Counts arrived pages: what depends on the loaded rows (local totals, the selected rows) follows it.
  const [loadedTick, setLoadedTick] = useState(0);
  const [exporting, setExporting] = useState<ExportProgress | null>(null);
  const exportAbort = useRef<AbortController | null>(null);
  const gridRef = useRef<DataGridHandle>(null);
  const where = `${frame.file}#/columns`;
  const opInfo = isOperationId(def.source.operation) ? operations[def.source.operation] : null;
  const sortFields = useMemo<readonly string[]>(() => opInfo?.sortFields ?? [], [opInfo]);
  const pageSize = def.source.pageSize ?? DEFAULT_PAGE_SIZE;
  const visibleColumns = useMemo(() => def.columns.filter((c) => !c.hidden), [def.columns]);
  const codesRevision = useCodesRevision(services);
  const columnCtx = useMemo(
    () => ({ t, codes: (g: string) => services.codes(g), sortFields, where }),
    // codesRevision: the code texts came again (another language, or edited codes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, services, sortFields, where, codesRevision],
  );
  const columns = useMemo(() => gridColumns(def.columns, columnCtx), [def.columns, columnCtx]);
  const transform = useMemo(() => viewTransform(def.columns), [def.columns]);
  const baseScope = useMemo<ExprScope>(
    () => ({
      login,
      screen: {
        canRead: !!frame.authority?.read,
        canWrite: !!frame.authority?.write,
        id: def.id,
        portal: frame.portal,
      },
      query: frame.query,
    }),
    [login, frame.authority, def.id, frame.portal, frame.query],
  );

  const rows = useMemo(() => {
    if (!search) return null;
    // An answer saying how current its figures are (summary: asOf, pendingMonths) is shown above the grid.
    const onAnswer = (answer: unknown) => {
      const next = summaryStateOf(answer);
      setSummary((old) => (JSON.stringify(old) === JSON.stringify(next) ? old : next));
    };
    return new PagedRows<Row>(
      pageFetcher(services, def, search, sort, { ...baseScope, filters: search.values }, onAnswer),
      pageSize,
    );
    // A new PagedRows per search and sort; the other inputs do not change during a screen's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, sort]);

  // The latest alertError, read when an error arrives: its identity follows the text function, which
  // changes whenever i18n resources are added (a screen's chunk loading them, say, while this list is
  // still shown during navigation). As an effect dependency that restarted the search each time.
  const alertErrorRef = useRef(alertError);
  useEffect(() => {
    alertErrorRef.current = alertError;
  }, [alertError]);

  useEffect(() => {
    if (!rows) return;
    rows.listen({
      onRows: (start, end) => {
        gridRef.current?.redraw(start, end);
        setLoadedTick((n) => n + 1);
      },
      onMeta: (m) => setMeta(m),
      onLoading: setLoading,
      onError: (e) => void alertErrorRef.current(e),
    });
    void rows.reset();
    return () => rows.dispose();
  }, [rows]);

  /** A new result (search, reload, sort): what belonged to the old one goes. */
  const startResult = useCallback(() => {
    setSelected([]);
    setMeta({ total: null, totals: null });
    setSummary(null);
  }, []);

  const viewCache = useRef(new WeakMap<object, Row>());
  // A shown row → the server's: links and row opening take their values as answered ('202610', not '2026-10').
  const answered = useRef(new WeakMap<object, Row>());
  const getRow = useCallback(
    (index: number): Row | undefined => {
      const r = rows?.get(index);
      if (!r || !transform) return r;
      let v = viewCache.current.get(r);
      if (!v) {
        viewCache.current.set(r, (v = transform(r)));
        answered.current.set(v, r);
      }
      return v;
    },
    [rows, transform],
  );
  const answeredRow = (row: Row): Row => answered.current.get(row) ?? row;

  const runSearch = useCallback(
    (withValues: FilterValues = values) => {
      const missing = missingRequired(def.filters, withValues);
      if (missing.length > 0) {
        setInvalid(Object.fromEntries(missing.map((f) => [f.field, t('engine.required')])));
        void frame.alert(t('engine.requiredFilters', { fields: missing.map((f) => fieldLabel(t, f)).join(', ') }));
        return;
      }
      setInvalid({});
      startResult();
      setSearch((s) => ({ ...filterQuery(def.filters, withValues), values: withValues, seq: (s?.seq ?? 0) + 1 }));
      writeRemembered(storage, memoryKey, { values: withValues, isSearched: true });
    },
    [values, def.filters, t, frame, storage, memoryKey, startResult],
  );

  const reset = () => {
    const initial = initialFilterValues(def.filters, login);
    setValues(initial);
    setInvalid({});
    writeRemembered(storage, memoryKey, { values: initial, isSearched: false });
  };

  const reload = useCallback(() => {
    startResult();
    setSearch((s) => (s ? { ...s, seq: s.seq + 1 } : s));
  }, [startResult]);

  /** `source.rebuild`: the pending months rebuilt now (the period searched), then the same search again. */
  const rebuildSummary = async () => {
    const rebuild = def.source.rebuild;
    if (!rebuild || !search) return;
    const words = services.writeWords?.(rebuild.operation) ?? null;
    if (
      services.confirmWrites &&
      !(await frame.confirm(words ? words.confirm : t('engine.confirmCall', { action: t('engine.summaryRebuild') })))
    )
      return;
    setRebuilding(true);
    try {
      const answer = (await services.call(
        rebuild.operation,
        buildInputs(rebuild.params, { ...baseScope, filters: search.values }),
        { confirmed: true },
      )) as { months?: unknown[] } | null;
      frame.notify(t('engine.summaryRebuilt', { count: Array.isArray(answer?.months) ? answer.months.length : 0 }));
      reload();
    } catch (e) {
      await frame.alertError(e);
    } finally {
      setRebuilding(false);
    }
  };

  // A link that asks for one row selected (`?transferNo=BT2026-000003&selected=BT2026-000003`: the
  // home page's approval card) selects the row of that key in the first result, so its actions (승인,
  // 반려 …) are ready without a click. Only on request: a key in the address is otherwise a filter
  // (a list of receipt lines filtered by their receipt number selects nothing by itself).
  const rowKey = def.source.rowKey;
  const linkedKey = rowKey && (def.selection ?? 'none') !== 'none' ? frame.query.selected : undefined;
  const linkedDone = useRef(false);
  useEffect(() => {
    if (!linkedKey || linkedDone.current || !rows || meta.total === null) return;
    const loaded = Math.min(meta.total, pageSize);
    for (let i = 0; i < loaded; i++) {
      const r = rows.get(i);
      if (!r) return; // the first page is still on its way
      if (String(r[rowKey!]) === linkedKey) {
        setSelected([i]);
        break;
      }
    }
    linkedDone.current = true;
  }, [linkedKey, rows, meta.total, loadedTick, pageSize, rowKey]);

  // loadedTick: rows selected before their page came (the header's check box selects every row of the result) count
  // once it arrives.
  const selectedRows = useMemo(
    () => selected.map((i) => rows?.get(i)).filter((r): r is Row => !!r),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selected, rows, loadedTick],
  );
  const scope = useMemo<ExprScope>(
    () => ({
      ...baseScope,
      filters: values,
      selection: selectedRows.length,
      rows: selectedRows,
      row: selectedRows[0] ?? null,
    }),
    [baseScope, values, selectedRows],
  );

  const openLink = useCallback(
    async (link: LinkDef, row: Row) => {
      // `filters` are those of the search the row came from (a drill passes the period on).
      const changed = await frame.open(
        link,
        linkQuery(link.query, { ...baseScope, filters: search?.values ?? {}, row }),
      );
      if (changed) reload();
    },
    [frame, baseScope, reload, search],
  );

  const startExport = async (action: NormalAction & ExportAction) => {
    if (!search) return;
    if (!meta.total) {
      await frame.alert(t('engine.exportEmpty'));
      return;
    }
    // A list holding personal data is downloaded only with a reason (docs/privacy.md).
    const personal = downloadNeedsReason(def.source.operation);
    const reason = personal ? await askDownloadReason(frame, t, scope) : null;
    if (personal && !reason) return;
    const controller = new AbortController();
    exportAbort.current = controller;
    setExporting({ phase: 'fetching', done: 0, total: meta.total });
    try {
      const columns = exportColumns(def.columns, columnCtx);
      const sheetName = action.sheetName ?? t(def.title);
      const searchScope = { ...baseScope, filters: search.values };
      // What the browser's own file holds of personal data, for its record: the fields among its columns, the rows' subjects.
      const shape = personal ? downloadShape(def.source.operation) : null;
      const inFile = shape
        ? fileSubjects(
            shape,
            columns.map((c) => c.field),
          )
        : null;
      // A pivot screen's file is laid out as its pivot, by the server (engine/list/pivot-export.ts).
      const pivot = def.pivot
        ? pivotExportLayout(
            def.pivot,
            { filters: search.values, filterDefs: def.filters ?? [], labels: def.labels, limit: PIVOT_ROW_LIMIT },
            t,
          )
        : null;
      // A result too large for the browser's memory is written on the server as a job (or any, when the action says so).
      const onServer = !!pivot || action.server === true || meta.total > SERVER_EXPORT_ROWS;
      const blob = onServer
        ? await runServerExport({
            call: (op, input, init) => services.call(op, input, { ...init, confirmed: true }),
            operation: def.source.operation,
            ...listInputs(def, search, sort, searchScope),
            columns,
            sheetName,
            reason,
            pivot,
            onProgress: setExporting,
            signal: controller.signal,
          })
        : await runExport({
            columns,
            sheetName,
            fetchPage: pageFetcher(services, def, search, sort, searchScope, (answer) =>
              inFile?.add((answer as { rows?: Row[] }).rows ?? []),
            ),
            pageSize: action.pageSize,
            onProgress: setExporting,
            signal: controller.signal,
            createWorker: createExportWorker,
          });
      // The browser's own file of a personal-data list is recorded, with its reason, before it is saved.
      if (reason && !onServer)
        await services.call(
          'recordPersonalDataDownload',
          {
            body: {
              operation: def.source.operation,
              rowCount: meta.total,
              reason,
              columns: columns.map((c) => c.field),
              subjectKeys: inFile?.result().keys ?? [],
            },
          },
          { confirmed: true },
        );
      exportAbort.current = null;
      setExporting(null);
      saveBlob(blob, `${t(action.fileName)}.xlsx`);
    } catch (e) {
      exportAbort.current = null;
      setExporting(null);
      if (e instanceof Error && e.name === 'AbortError') frame.notify(t('engine.exportCancelled'));
      else await frame.alert(t('engine.exportFailed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };
  useEffect(() => () => exportAbort.current?.abort(), []);

  const run = async (action: NormalAction) => {
    switch (action.kind) {
      case 'search':
        return runSearch();
      case 'reset':
        return reset();
      case 'exportExcel':
        return startExport(action as NormalAction & ExportAction);
      case 'open':
      case 'navigate': {
        const a = action as NormalAction & OpenAction;
        const changed = await frame.open(a, linkQuery(a.query, scope));
        if (changed || a.kind === 'navigate')
          await runEffects(a.then ?? (changed ? ['reload'] : []), {
            reload,
            services,
            frame,
            clearSelection: () => setSelected([]),
          });
        return;
      }
      case 'back':
        return frame.leave(false);
      default: {
        const a = action as NormalAction & CallAction;
        const effectContext = { reload, services, frame, clearSelection: () => setSelected([]) };
        // A failure the server recorded (thenOnError): show the rows as they now are.
        const onRefused = a.thenOnError?.length ? () => runEffects(a.thenOnError!, effectContext) : undefined;
        const ok = await runRowCalls(a, { frame, services, scope, rows: selectedRows, onRefused });
        if (ok) await runEffects(a.then ?? ['reload'], effectContext);
      }
    }
  };

  const actions = useMemo(
    () => (def.actions ?? []).map((a) => normalizeAction(a, def.title)),
    [def.actions, def.title],
  );
  const filterActions = actions.filter(
    (a) => a.placement === 'filters' || (a.placement === undefined && (a.kind === 'search' || a.kind === 'reset')),
  );
  const toolbarActions = actions.filter((a) => !filterActions.includes(a));
  const hasFilters = (def.filters?.length ?? 0) > 0;
  const showSearch = hasFilters && !filterActions.some((a) => a.kind === 'search');
  const showReset = hasFilters && !filterActions.some((a) => a.kind === 'reset');

  const totalsRow = useMemo(() => {
    if (!def.totals || !rows) return null;
    if (meta.totals) return meta.totals;
    if (!rows.isComplete) return null;
    return localTotals(
      visibleColumns,
      rows.loaded().map(([, r]) => r),
      t('engine.totalLabel'),
    );
    // The rows object stays; its contents change with every page that arrives (loadedTick).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def.totals, rows, meta, visibleColumns, t, loadedTick]);

  // The chart: the first rows of the same result, in the grid's order (loadedTick: pages arriving).
  const points = useMemo(() => {
    if (!def.chart || !rows) return null;
    const loaded = rows.loaded().map(([, r]) => r);
    return chartPoints(def.chart, loaded);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def.chart, rows, loadedTick]);

  // A pivot arranges every row of the result (up to PIVOT_ROW_LIMIT): all its pages are asked for at once.
  useEffect(() => {
    if (def.pivot && rows && meta.total) rows.ensure(0, Math.min(meta.total, PIVOT_ROW_LIMIT));
  }, [def.pivot, rows, meta.total]);
  const pivotRows = useMemo(() => {
    if (!def.pivot || !rows) return null;
    return rows
      .loaded()
      .filter(([i]) => i < PIVOT_ROW_LIMIT)
      .map(([, r]) => r);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def.pivot, rows, loadedTick]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    runSearch();
  };

  return (
    <>
      {/* In a dialog the dialog's title bar names the screen (as for edit screens). */}
      {!frame.dialog && (
        <ScreenHeader
          title={t(def.title)}
          badge={frame.authority && !frame.authority.write ? t('engine.readOnly') : null}
        />
      )}
      {hasFilters && (
        <form
          className={`${styles.panel} ${styles.filters}`}
          onSubmit={submit}
          role="search"
          aria-label={t('ui.search')}
        >
          {def.filters!.map((f, i) =>
            evalRule(f.visible, scope, true) ? (
              <div
                key={f.field}
                style={filterSpan(f) > 1 ? { gridColumn: `span ${filterSpan(f)}` } : undefined}
                data-filter={f.field}
              >
                <EngineInput
                  def={f}
                  value={values[f.field]}
                  onChange={(v) =>
                    setValues((old) => {
                      const next = { ...old, [f.field]: v };
                      for (const other of def.filters!)
                        if (other.dependsOn === f.field)
                          next[other.field] = initialFilterValues(
                            [{ ...other, default: undefined, prefill: undefined }],
                            null,
                          )[other.field];
                      return next;
                    })
                  }
                  scope={scope}
                  context="filter"
                  invalid={invalid[f.field] ?? null}
                  onEnter={() => runSearch()}
                  where={`${frame.file}#/filters/${i}`}
                  related={f.dependsOn ? values[f.dependsOn] : undefined}
                />
                {f.help && <p className={styles.help}>{t(f.help)}</p>}
              </div>
            ) : null,
          )}
          <div className={styles.filterButtons}>
            {showSearch && (
              <WidgetButton type="submit" variant="primary" data-action="search">
                {t('ui.search')}
              </WidgetButton>
            )}
            {showReset && (
              <WidgetButton onClick={reset} data-action="reset">
                {t('ui.reset')}
              </WidgetButton>
            )}
            {filterActions.map((a) => (
              <ActionButton
                key={a.id}
                action={a}
                state={actionState(a, frame.authority, scope, loading && a.kind === 'search')}
                onRun={(x) => void run(x)}
              />
            ))}
          </div>
        </form>
      )}
      <div className={styles.toolbar}>
        <div className={styles.toolbarInfo} aria-live="polite">
          {meta.total !== null ? (
            <span data-testid="list-total">
              <strong>{t('engine.total', { count: meta.total.toLocaleString('ko-KR') })}</strong>
            </span>
          ) : !search ? (
            <span>{t('engine.notSearched')}</span>
          ) : (
            <span>{t('engine.loading')}</span>
          )}
          {def.currencyTotals && meta.total !== null && currencyTotalsText(meta.totals) && (
            <span data-testid="list-currency-totals">
              {t('engine.currencyTotals', { amounts: currencyTotalsText(meta.totals) })}
            </span>
          )}
          {summary && (
            <SummaryState
              state={summary}
              t={t}
              rebuilding={rebuilding}
              onRebuild={def.source.rebuild && frame.authority?.read ? () => void rebuildSummary() : undefined}
            />
          )}
          {selected.length > 0 && <span>{t('engine.selected', { count: selected.length })}</span>}
        </div>
        <div className={styles.actions}>
          {!hasFilters && (
            <WidgetButton onClick={reload} data-action="search">
              {t('ui.search')}
            </WidgetButton>
          )}
          {toolbarActions.map((a) => (
            <ActionButton
              key={a.id}
              action={a}
              state={actionState(a, frame.authority, scope, a.kind === 'exportExcel' && !!exporting)}
              onRun={(x) => void run(x)}
            />
          ))}
        </div>
      </div>
      {exporting && (
        <ProgressLine
          label={
            exporting.phase === 'writing'
              ? t('engine.exportWriting')
              : t('engine.exporting', {
                  done: exporting.done.toLocaleString('ko-KR'),
                  total: exporting.total.toLocaleString('ko-KR'),
                })
          }
          fraction={exporting.phase === 'writing' ? 1 : exporting.total ? exporting.done / exporting.total : 0}
          onCancel={() => exportAbort.current?.abort()}
          cancelLabel={t('engine.exportCancel')}
        />
      )}
      {def.chart && points && (
        <ListChart
          chart={def.chart}
          points={points}
          t={t}
          name={t(def.title)}
          gridLabel={t(def.title)}
          onDrill={def.chart.drill ? (row) => void openLink(def.chart!.drill!, row) : undefined}
        />
      )}
      {def.pivot && search && pivotRows && meta.total !== null && (
        <ListPivot
          pivot={def.pivot}
          rows={pivotRows}
          total={meta.total}
          limit={PIVOT_ROW_LIMIT}
          filters={search.values}
          filterDefs={def.filters ?? []}
          labels={def.labels}
          title={t(def.title)}
          t={t}
          onDrill={def.pivot.drill ? (row) => void openLink(def.pivot!.drill!, row) : undefined}
        />
      )}
      {/* A pivot screen shows its rows as the pivot; the grid below would repeat them. */}
      {!def.pivot && (
        <DataGrid<Row>
          ref={gridRef}
          columns={columns}
          rowCount={meta.total ?? 0}
          getRow={getRow}
          onVisibleRangeChange={(start, end) => rows?.ensure(start, end)}
          sort={sort}
          onSortChange={(s) => {
            startResult();
            setSort(s);
          }}
          selection={def.selection ?? 'none'}
          selectedRows={selected}
          onSelectionChange={setSelected}
          onRowDoubleClick={def.rowOpen ? (row) => void openLink(def.rowOpen!, answeredRow(row)) : undefined}
          onLinkClick={(row, field) => {
            const link = def.columns.find((c) => c.field === field)?.link;
            if (link) void openLink(link, answeredRow(row));
          }}
          totals={totalsRow}
          visibleRows={def.visibleRows}
          // A page's list takes the height the window has left; a dialog's (and one with its own rows) keeps its rows.
          fill={!frame.dialog && def.visibleRows === undefined}
          emptyText={search && !loading ? t('ui.noData') : ''}
          aria-label={t(def.title)}
          data-testid="list-grid"
        />
      )}
    </>
  );
}
