/**
 * The data behind a list's chart (engine/chart/ListChart.tsx): the first `limit` rows in the
 * grid's order, each series' field read as a number (amounts arrive as decimal strings), the
 * category as text. Pure, so the rules are tested without a browser.
 */
import type { ListChartDef } from '../definition/types';

type Row = Record<string, unknown>;

const DEFAULT_CHART_LIMIT = 20;
/**
 * The series' colours, in order. Each has at least 4.5:1 contrast on white: a tooltip writes a series' name and value
 * in its colour (text, WCAG 1.4.3), and a bar or line must stand out from the background (3:1, 1.4.11). The orange
 * (#c26a00, 3.92:1) and the gold (#d4a017, 2.38:1) that were here failed axe on a hovered chart's tooltip.
 */
export const CHART_PALETTE = ['#1b4b8f', '#0b7268', '#a15c00', '#7a4fb5', '#b42318', '#3f7f2a', '#5b6778', '#8a6d00'];

/** A number from a row value: numbers as they are, decimal strings ('1,234.5') parsed, anything else 0. */
export function chartNumber(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (v === null || v === undefined || v === '') return 0;
  const n = Number(String(v).replace(/,/g, ''));
  return Number.isFinite(n) ? n : 0;
}

export interface ChartPoint {
  /** The category text (the x field). */
  label: string;
  /** series field → number */
  values: Record<string, number>;
  /** The grid row behind the point (for the drill). */
  row: Row;
}

/** The points of a chart: the first `limit` rows (default 20), in their order. */
export function chartPoints(chart: Pick<ListChartDef, 'x' | 'series' | 'limit'>, rows: readonly Row[]): ChartPoint[] {
  const limit = chart.limit ?? DEFAULT_CHART_LIMIT;
  return rows.slice(0, limit).map((row) => ({
    label: row[chart.x] === null || row[chart.x] === undefined ? '' : String(row[chart.x]),
    values: Object.fromEntries(chart.series.map((s) => [s.field, chartNumber(row[s.field])])),
    row,
  }));
}

/** recharts' data: one object per point, `__x` the category and each series under its field. */
export function rechartsData(points: readonly ChartPoint[]): Array<Record<string, string | number>> {
  return points.map((p) => ({ __x: p.label, ...p.values }));
}

/** The point a click landed on: recharts names it by its index (a number or a numeric string). */
export function pointAt(points: readonly ChartPoint[], index: unknown): ChartPoint | null {
  const i = typeof index === 'number' ? index : typeof index === 'string' && /^\d+$/.test(index) ? Number(index) : NaN;
  return Number.isInteger(i) && i >= 0 && i < points.length ? points[i] : null;
}
