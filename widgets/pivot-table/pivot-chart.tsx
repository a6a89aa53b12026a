import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useWidgetText, type WidgetText } from '../i18n';
import { WidgetButton } from '../common/button';
import type { PivotAxisEntry, PivotModel } from '../../lib/pivot-model';
import styles from './pivot-table.module.css';

export interface PivotChartProps {
  model: PivotModel;
  /** The chart's name: the measure and the rows' dimension (구매 지출 분석 — 협력사별 발주금액). */
  title: string;
  /** What the rows are (협력사) and what is measured (발주금액), for the summary sentence. */
  axisTitle: string;
  measureTitle: string;
  format: (n: number) => string;
  withPrevious: boolean;
  /** Rows drawn, largest first (default 20). */
  limit?: number;
  height?: number;
  /** Fixed width in pixels (tests); default: the container's width. */
  width?: number;
  /** A bar's row (a click on it). */
  onDrill?: (rowKey: string) => void;
}

/** Two series with ≥ 4.5:1 contrast on white (a tooltip writes their names in them). */
const CURRENT = '#1b4b8f';
const PREVIOUS = '#5b6778';

/** The rows drawn: the largest `limit` by the period's figure. */
function chartRows(model: PivotModel, limit = 20): PivotAxisEntry[] {
  return [...model.rows].sort((a, b) => b.total.value - a.total.value).slice(0, limit);
}

/** One Korean (or English) sentence saying what the chart shows: the largest row and the total against the previous period. */
export function pivotSummary(
  t: WidgetText,
  model: PivotModel,
  p: { axisTitle: string; measureTitle: string; format: (n: number) => string; withPrevious: boolean },
): string {
  const base = { axis: p.axisTitle, measure: p.measureTitle };
  const top = chartRows(model, 1)[0];
  if (!top) return t('pivotSummaryEmpty', base);
  const vars = {
    ...base,
    count: model.rows.length.toLocaleString('ko-KR'),
    top: top.label,
    topValue: p.format(top.total.value),
    total: p.format(model.total.value),
  };
  const pct = model.total.changePct;
  if (!p.withPrevious || !model.total.previous || pct === null) return t('pivotSummaryNoPrevious', vars);
  if (pct === 0) return t('pivotSummarySame', vars);
  return t(pct > 0 ? 'pivotSummaryUp' : 'pivotSummaryDown', {
    ...vars,
    pct: Math.abs(pct).toLocaleString('ko-KR', { maximumFractionDigits: 1 }),
  });
}

/**
 * The pivot's rows as bars (the period beside the previous one), drawn with recharts and its keyboard
 * layer (`accessibilityLayer`: the chart takes focus, the arrow keys move the tooltip from bar to bar).
 * A figure named by its title and described by one sentence (aria-describedby); 표로 보기 shows the
 * same rows as a table instead of the drawing.
 */
export function PivotChart({
  model,
  title,
  axisTitle,
  measureTitle,
  format,
  withPrevious,
  limit = 20,
  height = 260,
  width,
  onDrill,
}: PivotChartProps) {
  const t = useWidgetText();
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const rows = chartRows(model, limit);
  const summary = pivotSummary(t, model, { axisTitle, measureTitle, format, withPrevious });
  const data = rows.map((r) => ({
    key: r.key,
    name: r.label,
    current: r.total.value,
    previous: r.total.previous ?? 0,
  }));
  const tilt = rows.length > 8;
  const chart = (
    <BarChart
      data={data}
      width={width}
      height={width ? height : undefined}
      margin={{ top: 8, right: 28, bottom: 0, left: 8 }}
      accessibilityLayer
    >
      <CartesianGrid strokeDasharray="3 3" stroke="#e8ecf1" />
      <XAxis
        dataKey="name"
        tick={{ fontSize: 12 }}
        interval={0}
        angle={tilt ? -30 : 0}
        textAnchor={tilt ? 'end' : 'middle'}
        height={tilt ? 70 : 30}
      />
      <YAxis tick={{ fontSize: 12 }} width={90} tickFormatter={(v: number) => v.toLocaleString('ko-KR')} />
      <Tooltip formatter={(v) => (typeof v === 'number' ? format(v) : String(v))} />
      <Legend />
      <Bar
        dataKey="current"
        name={t('pivotCurrent')}
        fill={CURRENT}
        isAnimationActive={false}
        onClick={onDrill ? (_e: unknown, i: number) => rows[i] && onDrill(rows[i].key) : undefined}
        style={onDrill ? { cursor: 'pointer' } : undefined}
      />
      {withPrevious && (
        <Bar dataKey="previous" name={t('pivotPreviousSeries')} fill={PREVIOUS} isAnimationActive={false} />
      )}
    </BarChart>
  );
  return (
    <figure
      role="figure"
      aria-label={title}
      aria-describedby={`${id}-summary`}
      style={{ margin: 0 }}
      data-testid="pivot-chart"
    >
      <div style={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 8 }}>
        <p id={`${id}-summary`} className={styles.hint} data-testid="pivot-chart-summary">
          {summary}
        </p>
        <WidgetButton aria-pressed={asTable} onClick={() => setAsTable((v) => !v)} data-action="pivot-as-table">
          {t('pivotShowTable')}
        </WidgetButton>
      </div>
      {asTable ? (
        // A scrolling region the keyboard can reach (WCAG 2.1.1): the table itself holds nothing focusable.
        <div className={styles.wrap} tabIndex={0} role="region" aria-label={title}>
          <table className={styles.table} data-testid="pivot-chart-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{axisTitle}</th>
                <th scope="col">{t('pivotCurrent')}</th>
                {withPrevious && <th scope="col">{t('pivotPreviousSeries')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  <td className={styles.cell}>{format(r.total.value)}</td>
                  {withPrevious && <td className={styles.cell}>{format(r.total.previous ?? 0)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : width ? (
        chart
      ) : (
        <ResponsiveContainer width="100%" height={height}>
          {chart}
        </ResponsiveContainer>
      )}
    </figure>
  );
}
