import { useEffect, useMemo, useState } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DataGrid } from '../../widgets/data-grid/data-grid';
import { isOperationId, operations } from '../../schemas/operations.generated';
import type { DashboardScreenDef, PanelDef } from '../definition/types';
import { gridColumns } from '../list/grid-columns';
import { buildInputs } from '../runtime/actions';
import { useFrame } from '../runtime/frame';
import { useEngineServices } from '../services';
import { ChartFigure } from '../chart/chart-alt';
import { CHART_PALETTE } from '../chart/chart-data';
import { fieldLabel } from '../text';
import { ScreenHeader } from '../ui/parts';
import styles from '../ui/engine.module.css';

type Row = Record<string, unknown>;
const PALETTE = CHART_PALETTE;

interface PanelData {
  rows: Row[];
  total: number | null;
}

const num = (v: unknown) => {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').replace(/,/g, ''));
  return Number.isFinite(n) ? n : 0;
};

function Panel({ panel, index }: { panel: PanelDef; index: number }) {
  const frame = useFrame();
  const services = useEngineServices();
  const { t } = frame;
  const prefix = (frame.def as { labels?: unknown }).labels;
  const labelPrefix = typeof prefix === 'string' ? prefix : '';
  const [data, setData] = useState<PanelData | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const input = buildInputs(panel.source.params, { query: frame.query, login: services.loginData() });
    if (isOperationId(panel.source.operation) && operations[panel.source.operation].list)
      input.query = { size: panel.limit ?? 500, ...input.query };
    services.call(panel.source.operation, input).then(
      (answer) => {
        if (!live) return;
        const rows = (Array.isArray(answer) ? answer : ((answer as { rows?: Row[] })?.rows ?? [])) as Row[];
        setData({
          rows: panel.limit ? rows.slice(0, panel.limit) : rows,
          total: (answer as { total?: number })?.total ?? rows.length,
        });
      },
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [panel, services, frame.query]);

  const height = panel.height ?? 260;
  const body = useMemo(() => {
    const series = panel.series ?? [];
    if (failed)
      return (
        <p className={styles.warning} role="alert">
          {t('engine.loadFailed', { message: failed })}
        </p>
      );
    if (!data) return <p className={styles.muted}>{t('engine.loading')}</p>;
    if (panel.type === 'stat') {
      const value =
        panel.aggregate === 'total'
          ? (data.total ?? 0)
          : panel.aggregate === 'sum' && panel.value
            ? data.rows.reduce((a, r) => a + num(r[panel.value!]), 0)
            : data.rows.length;
      return <div className={styles.stat}>{value.toLocaleString('ko-KR')}</div>;
    }
    if (data.rows.length === 0) return <p className={styles.muted}>{t('engine.chartEmpty')}</p>;
    if (panel.type === 'table') {
      const columns = gridColumns(panel.columns ?? [], {
        t,
        codes: (g) => services.codes(g),
        sortFields: [],
        where: `${frame.file}#/panels/${index}/columns`,
      });
      return (
        <DataGrid<Row>
          columns={columns}
          rowCount={data.rows.length}
          getRow={(i) => data.rows[i]}
          readOnly
          height={height}
        />
      );
    }
    const named = series.map((s, i) => ({
      ...s,
      name: fieldLabel(t, s),
      color: s.color ?? PALETTE[i % PALETTE.length],
    }));
    const chartRows = data.rows.map((r) => {
      const out: Row = { ...r };
      for (const s of series) out[s.field] = num(r[s.field]);
      if (panel.value) out[panel.value] = num(r[panel.value]);
      return out;
    });
    const axes = (
      <>
        <CartesianGrid strokeDasharray="3 3" stroke="#e8ecf1" />
        <XAxis
          dataKey={panel.x}
          tick={{ fontSize: 12 }}
          interval={0}
          angle={chartRows.length > 8 ? -30 : 0}
          textAnchor={chartRows.length > 8 ? 'end' : 'middle'}
          height={chartRows.length > 8 ? 60 : 30}
        />
        <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => v.toLocaleString('ko-KR')} />
        <Tooltip formatter={(v) => (typeof v === 'number' ? v.toLocaleString('ko-KR') : String(v))} />
        {named.length > 1 && <Legend />}
      </>
    );
    // Read as text: the categories and their values (a dashboard has no grid beside its charts).
    // The category and a pie's value are named by the definition's label prefix too (not their raw field names).
    const labelOf = (field: string) =>
      fieldLabel(t, { field, labelKey: labelPrefix ? `${labelPrefix}.${field}` : undefined });
    const valueFields = panel.type === 'pie' ? [{ field: panel.value!, name: labelOf(panel.value!) }] : named;
    const table = {
      columns: [panel.x ? labelOf(panel.x) : '', ...valueFields.map((s) => s.name)],
      rows: chartRows.map((r) => [String(r[panel.x ?? ''] ?? ''), ...valueFields.map((s) => num(r[s.field]))]),
    };
    return (
      <ChartFigure
        t={t}
        title={panel.title ? t(panel.title) : panel.id}
        kind={panel.type as 'bar' | 'line' | 'area' | 'pie'}
        count={chartRows.length}
        series={valueFields.map((s) => s.name)}
        table={table}
      >
        <ResponsiveContainer width="100%" height={height}>
          {panel.type === 'bar' ? (
            <BarChart data={chartRows}>
              {axes}
              {named.map((s) => (
                <Bar key={s.field} dataKey={s.field} name={s.name} fill={s.color} isAnimationActive={false} />
              ))}
            </BarChart>
          ) : panel.type === 'line' ? (
            <LineChart data={chartRows}>
              {axes}
              {named.map((s) => (
                <Line
                  key={s.field}
                  dataKey={s.field}
                  name={s.name}
                  stroke={s.color}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          ) : panel.type === 'area' ? (
            <AreaChart data={chartRows}>
              {axes}
              {named.map((s) => (
                <Area
                  key={s.field}
                  dataKey={s.field}
                  name={s.name}
                  stroke={s.color}
                  fill={s.color}
                  fillOpacity={0.2}
                  isAnimationActive={false}
                />
              ))}
            </AreaChart>
          ) : (
            <PieChart>
              <Tooltip formatter={(v) => (typeof v === 'number' ? v.toLocaleString('ko-KR') : String(v))} />
              <Legend />
              <Pie
                data={chartRows}
                dataKey={panel.value!}
                nameKey={panel.x}
                outerRadius={Math.min(height / 2 - 30, 110)}
                isAnimationActive={false}
                label
              >
                {chartRows.map((_, i) => (
                  <Cell key={i} fill={PALETTE[i % PALETTE.length]} />
                ))}
              </Pie>
            </PieChart>
          )}
        </ResponsiveContainer>
      </ChartFigure>
    );
  }, [failed, data, panel, t, height, services, frame.file, index, labelPrefix]);

  return (
    <section
      className={`${styles.panel} ${styles.section}`}
      style={panel.span ? { gridColumn: `span ${panel.span}` } : undefined}
      data-panel={panel.id}
    >
      {panel.title && <h2 className={styles.sectionTitle}>{t(panel.title)}</h2>}
      {body}
    </section>
  );
}

/** A dashboard: charts (recharts), figures and small tables, each from its own operation. */
export function DashboardScreen() {
  const frame = useFrame();
  const def = frame.def as DashboardScreenDef;
  const columns = def.columns ?? 2;
  return (
    <>
      <ScreenHeader title={frame.t(def.title)} />
      <div className={styles.dashboard} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {def.panels.map((p, i) => (
          <Panel key={p.id} panel={p} index={i} />
        ))}
      </div>
    </>
  );
}
