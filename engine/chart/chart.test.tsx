import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListChartDef } from '../definition/types';
import { CHART_PALETTE, chartNumber, chartPoints, pointAt, rechartsData } from './chart-data';
import { ENGINE_TEXTS_KO } from '../text';
import { contrastRatio } from '../../lib/contrast';
import { ChartFigure } from './chart-alt';
import { ListChart } from './ListChart';

const rows = [
  { compName: '가나상사', totalKrw: '1500000', jpyKrw: '250000.00', compNo: 'C1' },
  { compName: '다라물산', totalKrw: '900,000', jpyKrw: null, compNo: 'C2' },
  { compName: '마바테크', totalKrw: 300000, jpyKrw: 'x', compNo: 'C3' },
];
const chart: ListChartDef = {
  kind: 'bar',
  x: 'compName',
  series: [{ field: 'totalKrw', label: '합계' }, { field: 'jpyKrw' }],
  limit: 2,
};

describe('chart data', () => {
  it('every series colour reads as text on white (4.5:1): a tooltip writes names and values in it', () => {
    expect(contrastRatio('#d4a017')).toBeLessThan(4.5); // the gold that failed axe, as a check of the check
    for (const colour of CHART_PALETTE) expect(contrastRatio(colour), colour).toBeGreaterThanOrEqual(4.5);
  });

  it('reads amounts as numbers: decimal strings, commas; empty and junk are 0', () => {
    expect(chartNumber('1500000')).toBe(1500000);
    expect(chartNumber('900,000')).toBe(900000);
    expect(chartNumber('250000.50')).toBe(250000.5);
    expect(chartNumber(null)).toBe(0);
    expect(chartNumber('x')).toBe(0);
    expect(chartNumber(Number.NaN)).toBe(0);
  });

  it('charts the first `limit` rows in the grid order and keeps the row behind each point', () => {
    const points = chartPoints(chart, rows);
    expect(points.map((p) => p.label)).toEqual(['가나상사', '다라물산']);
    expect(points[0].values).toEqual({ totalKrw: 1500000, jpyKrw: 250000 });
    expect(points[1].values).toEqual({ totalKrw: 900000, jpyKrw: 0 });
    expect(points[1].row).toBe(rows[1]);
    expect(rechartsData(points)[0]).toEqual({ __x: '가나상사', totalKrw: 1500000, jpyKrw: 250000 });
    expect(chartPoints({ ...chart, limit: undefined }, rows)).toHaveLength(3);
  });

  it('finds the clicked point by index (number or numeric string), nothing otherwise', () => {
    const points = chartPoints(chart, rows);
    expect(pointAt(points, 1)?.row.compNo).toBe('C2');
    expect(pointAt(points, '0')?.row.compNo).toBe('C1');
    expect(pointAt(points, 2)).toBeNull();
    expect(pointAt(points, null)).toBeNull();
    expect(pointAt(points, '-1')).toBeNull();
  });
});

describe('ListChart', () => {
  const t = (k: string) => k;

  it('draws an svg with one bar per row and series', () => {
    const { container } = render(
      <ListChart
        chart={{ ...chart, limit: 3 }}
        points={chartPoints({ ...chart, limit: 3 }, rows)}
        t={t}
        name="구매실적"
        gridLabel="구매실적"
        width={600}
      />,
    );
    const svg = container.querySelector('[data-testid="list-chart"] svg');
    expect(svg).not.toBeNull();
    expect(container.querySelector('[data-chart-kind="bar"]')).not.toBeNull();
    // Three categories × two series; the two zero values draw no bar.
    expect(container.querySelectorAll('.recharts-bar-rectangle').length).toBe(4);
  });

  it('draws lines for a line chart, and says so when there are no rows', () => {
    const line = render(
      <ListChart
        chart={{ ...chart, kind: 'line' }}
        points={chartPoints(chart, rows)}
        t={t}
        name="구매실적"
        gridLabel="구매실적"
        width={600}
      />,
    );
    expect(line.container.querySelectorAll('.recharts-line').length).toBe(2);
    const empty = render(
      <ListChart chart={chart} points={[]} t={t} name="구매실적" gridLabel="구매실적" width={600} />,
    );
    expect(empty.container.textContent).toContain('engine.chartEmpty');
    expect(empty.container.querySelector('svg.recharts-surface')).toBeNull();
  });

  it('a click on a bar drills into the row behind it', () => {
    const onDrill = vi.fn();
    const { container } = render(
      <ListChart
        chart={{ ...chart, limit: 3 }}
        points={chartPoints({ ...chart, limit: 3 }, rows)}
        t={t}
        name="구매실적"
        gridLabel="구매실적"
        width={600}
        onDrill={onDrill}
      />,
    );
    const bars = container.querySelectorAll('.recharts-bar-rectangle');
    fireEvent.click(bars[1].querySelector('path') ?? bars[1]);
    expect(onDrill).toHaveBeenCalledWith(rows[1]);
  });

  it('stacks the series of a stackedBar chart', () => {
    const { container } = render(
      <ListChart
        chart={{ ...chart, kind: 'stackedBar' }}
        points={chartPoints(chart, rows)}
        t={t}
        name="구매실적"
        gridLabel="구매실적"
        width={600}
        onDrill={vi.fn()}
      />,
    );
    expect(container.querySelector('[data-chart-kind="stackedBar"]')).not.toBeNull();
    expect(container.querySelectorAll('.recharts-bar').length).toBe(2);
  });
});

describe('chart text alternative (WCAG 1.1.1)', () => {
  const ko = (k: string, o?: Record<string, unknown>) =>
    (ENGINE_TEXTS_KO[k] ?? k).replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(o?.[n] ?? ''));

  it('a list chart is a figure named by its title, described by what it draws and the grid beside it', () => {
    render(
      <ListChart
        chart={{ ...chart, title: '업체별 합계', limit: 3 }}
        points={chartPoints({ ...chart, limit: 3 }, rows)}
        t={ko}
        name="구매실적"
        gridLabel="협력사별 구매실적"
        width={600}
      />,
    );
    const figure = screen.getByRole('figure', { name: '업체별 합계' });
    expect(figure).toHaveAccessibleDescription(
      '업체별 합계: 항목 3개 중 합계 최댓값은 가나상사 1,500,000입니다. ' +
        '막대 그래프, 항목 3개: 합계, jpyKrw. 같은 자료를 아래 표 "협력사별 구매실적"에서 읽을 수 있습니다.',
    );
  });

  it('a list chart says in one sentence which item is largest, and 표로 보기 shows the drawn rows as a table', () => {
    const points = chartPoints({ ...chart, series: [{ field: 'jpyKrw' }, { field: 'totalKrw' }], limit: 3 }, rows);
    render(
      <ListChart
        chart={{
          ...chart,
          series: [
            { field: 'jpyKrw', label: '엔화' },
            { field: 'totalKrw', label: '합계' },
          ],
        }}
        points={points}
        t={ko}
        name="구매실적"
        gridLabel="구매실적"
        width={600}
      />,
    );
    // The first series decides: 가나상사's 250,000 yen-in-won, not the largest total.
    expect(screen.getByTestId('chart-summary')).toHaveTextContent(
      '구매실적: 항목 3개 중 엔화 최댓값은 가나상사 250,000입니다.',
    );
    const toggle = screen.getByRole('button', { name: '표로 보기' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByTestId('list-chart-table')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const table = screen.getByRole('table', { name: '구매실적' });
    const cells = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(cells).toEqual([
      ['항목', '엔화', '합계'],
      ['가나상사', '250,000', '1,500,000'],
      ['다라물산', '0', '900,000'],
      ['마바테크', '0', '300,000'],
    ]);
    fireEvent.click(toggle);
    expect(screen.queryByTestId('list-chart-table')).toBeNull();
  });

  it('without a title of its own the chart takes the screen’s name', () => {
    render(
      <ListChart
        chart={{ ...chart, kind: 'line' }}
        points={chartPoints(chart, rows)}
        t={ko}
        name="구매실적"
        gridLabel="구매실적"
        width={600}
      />,
    );
    expect(screen.getByRole('figure', { name: '구매실적' })).toHaveAccessibleDescription(
      /^구매실적: 항목 2개 중 합계 최댓값은 가나상사 1,500,000입니다\. 꺾은선 그래프, 항목 2개/,
    );
  });

  it('a dashboard chart (no grid beside it) carries a table of its values', () => {
    render(
      <ChartFigure
        t={ko}
        title="월별 발주"
        kind="bar"
        count={2}
        series={['금액']}
        table={{
          columns: ['월', '금액'],
          rows: [
            ['1월', 1200000],
            ['2월', 0],
          ],
        }}
      >
        <svg />
      </ChartFigure>,
    );
    const figure = screen.getByRole('figure', { name: '월별 발주' });
    expect(figure).toHaveAccessibleDescription('막대 그래프, 항목 2개: 금액. 같은 자료를 아래 표로 읽을 수 있습니다.');
    const table = within(figure).getByRole('table', { name: '월별 발주' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['월금액', '1월1,200,000', '2월0']);
  });
});
