import { useId, type ReactNode } from 'react';
import type { Translate } from '../text';
import hidden from '../../widgets/common/visually-hidden.module.css';

export interface ChartAltProps {
  t: Translate;
  /** The chart's name (its title, or the screen's). */
  title: string;
  kind: 'bar' | 'stackedBar' | 'line' | 'area' | 'pie';
  /** Categories drawn. */
  count: number;
  /** The series' names. */
  series: string[];
  /** The grid beside the chart that holds the same rows (list charts). */
  gridLabel?: string;
  /** A table of the values, read instead of the drawing (dashboards, which have no grid beside). */
  table?: { columns: string[]; rows: Array<Array<string | number>> };
  /** One sentence about what the chart shows (list charts), shown above it and read first in its description. */
  summary?: string;
  /** Beside the summary: a control of the chart's own (list charts: 표로 보기). */
  tools?: ReactNode;
  className?: string;
  style?: React.CSSProperties;
  'data-testid'?: string;
  children: ReactNode;
}

/** The chart's description: kind, size, series, and where the same data can be read as text. */
function chartAltText(
  t: Translate,
  p: Pick<ChartAltProps, 'kind' | 'count' | 'series' | 'gridLabel' | 'table'>,
): string {
  const first = t('engine.chartAlt', {
    kind: t(`engine.chartKind.${p.kind}`),
    count: p.count,
    series: p.series.join(', '),
  });
  const where = p.gridLabel
    ? t('engine.chartAltGrid', { grid: p.gridLabel })
    : p.table
      ? t('engine.chartAltTable')
      : '';
  return where ? `${first} ${where}` : first;
}

/**
 * A chart as a named figure (WCAG 1.1.1): screen readers hear its name and a description that says
 * what is drawn and where the same rows are as text — the grid beside it, or a table of the values
 * given here. The drawing stays reachable (recharts' keyboard layer: arrows move the tooltip).
 */
export function ChartFigure({
  t,
  title,
  kind,
  count,
  series,
  gridLabel,
  table,
  summary,
  tools,
  className,
  style,
  children,
  'data-testid': testId,
}: ChartAltProps) {
  const id = useId();
  const described = summary ? `${id}-summary ${id}-alt` : `${id}-alt`;
  return (
    <figure
      className={className}
      style={{ margin: 0, ...style }}
      role="figure"
      aria-label={title}
      aria-describedby={described}
      data-testid={testId}
    >
      {(summary || tools) && (
        <div style={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 8 }}>
          {summary && (
            <p id={`${id}-summary`} style={{ margin: '0 0 4px' }} data-testid="chart-summary">
              {summary}
            </p>
          )}
          {tools}
        </div>
      )}
      <p id={`${id}-alt`} className={hidden.visuallyHidden}>
        {chartAltText(t, { kind, count, series, gridLabel, table })}
      </p>
      {children}
      {table && (
        <table className={hidden.visuallyHidden}>
          <caption>{title}</caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r, i) => (
              <tr key={i}>
                {r.map((v, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {v}
                    </th>
                  ) : (
                    <td key={j}>{typeof v === 'number' ? v.toLocaleString('ko-KR') : v}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
