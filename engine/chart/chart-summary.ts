/**
 * The one sentence a list chart says about itself (engine/chart/ListChart.tsx): read aloud through the
 * figure's description and shown above the drawing, as the pivot's chart does — how many items are drawn
 * and which has the largest value of the first series. Pure, so the wording is tested without a browser.
 */
import type { Translate } from '../text';
import type { ChartPoint } from './chart-data';

const fmt = (n: number) => n.toLocaleString('ko-KR', { maximumFractionDigits: 1 });

export function chartSummary(
  t: Translate,
  p: { title: string; points: readonly ChartPoint[]; series: ReadonlyArray<{ field: string; name: string }> },
): string {
  const first = p.series[0];
  if (!first || p.points.length === 0) return t('engine.chartSummaryEmpty', { title: p.title });
  let top = p.points[0];
  for (const point of p.points) if ((point.values[first.field] ?? 0) > (top.values[first.field] ?? 0)) top = point;
  return t('engine.chartSummary', {
    title: p.title,
    count: p.points.length.toLocaleString('ko-KR'),
    series: first.name,
    top: top.label,
    value: fmt(top.values[first.field] ?? 0),
  });
}
