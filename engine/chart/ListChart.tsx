import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useState } from 'react';
import type { ListChartDef } from '../definition/types';
import { WidgetButton } from '../../widgets/common/button';
import { fieldLabel, type Translate } from '../text';
import styles from '../ui/engine.module.css';
import { ChartFigure } from './chart-alt';
import { CHART_PALETTE, pointAt, rechartsData, type ChartPoint } from './chart-data';
import { chartSummary } from './chart-summary';

type Row = Record<string, unknown>;

export interface ListChartProps {
  chart: ListChartDef;
  points: ChartPoint[];
  t: Translate;
  /** A click on a bar or point (only when the chart has a drill). */
  onDrill?: (row: Row) => void;
  /** Fixed width in pixels (tests); default: the container's width. */
  width?: number;
  /** The chart's name when it has no title of its own (the screen's title). */
  name: string;
  /** The grid beside the chart, holding the same rows: its name, for the chart's text alternative. */
  gridLabel: string;
}

// Room on the right for the last category's label.
const MARGIN = { top: 8, right: 28, bottom: 0, left: 8 };
const fmt = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('ko-KR') : String(v));

/**
 * A list's chart (`chart` in a list definition): bars, stacked bars or lines over the grid's rows,
 * drawn with recharts and its keyboard layer (on by default: the chart takes focus, the arrow keys move
 * from mark to mark). A click on a mark calls `onDrill` with the row behind it. As the pivot's chart: one
 * sentence says what it shows (shown, and first in the figure's description), and 표로 보기 shows the
 * drawn rows as a table instead of the drawing.
 */
export function ListChart({ chart, points, t, onDrill, width, name, gridLabel }: ListChartProps) {
  const [asTable, setAsTable] = useState(false);
  const height = chart.height ?? 260;
  const data = rechartsData(points);
  const series = chart.series.map((s, i) => ({
    ...s,
    name: fieldLabel(t, s),
    color: s.color ?? CHART_PALETTE[i % CHART_PALETTE.length],
  }));
  const tilt = points.length > 8;
  // Lines: the chart's click names the point under the pointer. Bars: each bar names its own row.
  const click =
    onDrill && chart.kind === 'line'
      ? (state: unknown) => {
          const p = pointAt(points, (state as { activeTooltipIndex?: unknown } | null)?.activeTooltipIndex);
          if (p) onDrill(p.row);
        }
      : undefined;
  const barClick = onDrill
    ? (_entry: unknown, index: number) => {
        const p = pointAt(points, index);
        if (p) onDrill(p.row);
      }
    : undefined;
  const axes = [
    <CartesianGrid key="g" strokeDasharray="3 3" stroke="#e8ecf1" />,
    <XAxis
      key="x"
      dataKey="__x"
      tick={{ fontSize: 12 }}
      interval={0}
      angle={tilt ? -30 : 0}
      textAnchor={tilt ? 'end' : 'middle'}
      height={tilt ? 70 : 30}
    />,
    <YAxis key="y" tick={{ fontSize: 12 }} width={90} tickFormatter={(v: number) => v.toLocaleString('ko-KR')} />,
    <Tooltip key="t" formatter={fmt} />,
    series.length > 1 ? <Legend key="l" /> : null,
  ];
  const inner =
    chart.kind === 'line' ? (
      <LineChart data={data} onClick={click} width={width} height={width ? height : undefined} margin={MARGIN}>
        {axes}
        {series.map((s) => (
          <Line key={s.field} dataKey={s.field} name={s.name} stroke={s.color} dot isAnimationActive={false} />
        ))}
      </LineChart>
    ) : (
      <BarChart data={data} onClick={click} width={width} height={width ? height : undefined} margin={MARGIN}>
        {axes}
        {series.map((s) => (
          <Bar
            key={s.field}
            dataKey={s.field}
            name={s.name}
            fill={s.color}
            stackId={chart.kind === 'stackedBar' ? 'stack' : undefined}
            isAnimationActive={false}
            onClick={barClick}
          />
        ))}
      </BarChart>
    );
  const title = chart.title ? t(chart.title) : name;
  return (
    <section
      className={`${styles.panel} ${styles.section}`}
      data-testid="list-chart"
      data-chart-kind={chart.kind}
      style={onDrill ? { cursor: 'pointer' } : undefined}
    >
      {chart.title && <h2 className={styles.sectionTitle}>{t(chart.title)}</h2>}
      {points.length === 0 ? (
        <p className={styles.muted}>{t('engine.chartEmpty')}</p>
      ) : (
        <ChartFigure
          t={t}
          title={title}
          kind={chart.kind}
          count={points.length}
          series={series.map((s) => s.name)}
          gridLabel={gridLabel}
          summary={chartSummary(t, { title, points, series })}
          tools={
            <WidgetButton
              size="small"
              aria-pressed={asTable}
              onClick={() => setAsTable((v) => !v)}
              data-action="chart-as-table"
            >
              {t('engine.chartShowTable')}
            </WidgetButton>
          }
        >
          {asTable ? (
            // A scrolling region the keyboard can reach (WCAG 2.1.1): the table itself holds nothing focusable.
            <div tabIndex={0} role="region" aria-label={title} style={{ overflowX: 'auto' }}>
              <table className={styles.chartTable} data-testid="list-chart-table">
                <caption>{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('engine.chartCategory')}</th>
                    {series.map((s) => (
                      <th key={s.field} scope="col">
                        {s.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {points.map((p, i) => (
                    <tr key={i}>
                      <th scope="row">{p.label}</th>
                      {series.map((s) => (
                        <td key={s.field}>{fmt(p.values[s.field] ?? 0)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : width ? (
            inner
          ) : (
            <ResponsiveContainer width="100%" height={height}>
              {inner}
            </ResponsiveContainer>
          )}
        </ChartFigure>
      )}
    </section>
  );
}
