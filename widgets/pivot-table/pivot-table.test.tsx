import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render';
import { buildPivot, changePct } from '../../lib/pivot-model';
import { PivotChart, pivotSummary } from './pivot-chart';
import { PivotTable } from './pivot-table';
import { PIVOT_FIELDS, PIVOT_ROWS, won } from './pivot-fixture';
import { WIDGET_TEXTS_KO, type WidgetText } from '../i18n';
import { resolveParticles } from '../../lib/josa';

const model = buildPivot(PIVOT_ROWS, PIVOT_FIELDS);

describe('buildPivot', () => {
  it('rows largest total first, months left to right, totals adding the cells and the previous period', () => {
    expect(model.rows.map((r) => [r.key, r.label, r.total.value, r.total.previous, r.total.changePct])).toEqual([
      ['C00001', '가나상사', 350000, 300000, 16.7],
      ['C00002', '다라물산', 79044, 0, null],
      ['C00003', '마바상회', 30000, 60000, -50],
    ]);
    expect(model.columns.map((c) => [c.key, c.total.value, c.total.previous])).toEqual([
      ['201901', 329044, 200000],
      ['201902', 130000, 160000],
    ]);
    expect(model.total).toEqual({ value: 459044, previous: 360000, changePct: 27.5 });
    expect(model.cells.get('C00002')?.get('201902')).toBeUndefined();
    expect(model.cells.get('C00001')?.get('201902')).toEqual({ value: 100000, previous: 100000, changePct: 0 });
  });

  it('without a column field: one column, the row totals; without a previous field no change', () => {
    const one = buildPivot(PIVOT_ROWS, { rowKey: 'key1', rowLabel: 'name1', value: 'poCount' });
    expect(one.columns.map((c) => c.key)).toEqual(['']);
    expect(one.rows.map((r) => [r.key, r.total.value, r.total.changePct])).toEqual([
      ['C00001', 2, null],
      ['C00002', 2, null],
      ['C00003', 1, null],
    ]);
    // Quarters as rows read in time order whatever their size.
    const quarters = buildPivot(
      [
        { q: '2019Q2', v: 5 },
        { q: '2019Q1', v: 1 },
      ],
      { rowKey: 'q', rowLabel: 'q', value: 'v' },
    );
    expect(quarters.rows.map((r) => r.key)).toEqual(['2019Q1', '2019Q2']);
  });

  it('change: one decimal, none without a previous figure', () => {
    expect(changePct(110, 100)).toBe(10);
    expect(changePct(1, 3)).toBe(-66.7);
    expect(changePct(5, 0)).toBeNull();
    expect(changePct(5, null)).toBeNull();
  });
});

describe('PivotTable', () => {
  it('shows each cell with the previous period and the change, and the totals row and column', () => {
    renderWidget(
      <PivotTable model={model} caption="협력사별 발주금액" rowTitle="협력사" hasColumns format={won} withPrevious />,
    );
    const grid = screen.getByRole('grid', { name: '협력사별 발주금액' });
    const rows = within(grid).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['협력사', '201901', '201902', '합계']);
    expect(rows[1]).toHaveTextContent('가나상사');
    expect(within(rows[1]).getAllByRole('gridcell')[0]).toHaveTextContent('250,000원이전 기간 200,000원 · +25%');
    expect(within(rows[2]).getAllByRole('gridcell')[1]).toHaveTextContent('0원이전 기간 없음');
    const totals = within(rows[4]).getAllByRole('gridcell');
    expect(totals.map((c) => c.querySelector('span')?.textContent)).toEqual(['329,044원', '130,000원', '459,044원']);
    expect(totals[2]).toHaveTextContent('+27.5%');
  });

  it('is one tab stop; arrows move, Enter drills the focused cell, a total drills with one key', async () => {
    const onDrill = vi.fn();
    renderWidget(
      <PivotTable
        model={model}
        caption="피벗"
        rowTitle="협력사"
        hasColumns
        format={won}
        withPrevious
        onDrill={onDrill}
      />,
    );
    await userEvent.tab();
    const cells = screen.getAllByRole('gridcell');
    expect(cells[0]).toHaveFocus();
    expect(cells.filter((c) => c.tabIndex === 0)).toHaveLength(1);
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(onDrill).toHaveBeenLastCalledWith({ rowKey: 'C00002', columnKey: '201902' });
    await userEvent.keyboard('{End}{Enter}');
    expect(onDrill).toHaveBeenLastCalledWith({ rowKey: 'C00002', columnKey: null });
    await userEvent.keyboard('{Control>}{End}{/Control} ');
    expect(onDrill).toHaveBeenLastCalledWith({ rowKey: null, columnKey: null });
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowLeft}{ArrowLeft}{ArrowLeft}{Enter}');
    expect(onDrill).toHaveBeenLastCalledWith({ rowKey: 'C00001', columnKey: '201901' });
    await userEvent.click(screen.getAllByText('30,000원')[0]);
    expect(onDrill).toHaveBeenLastCalledWith({ rowKey: 'C00003', columnKey: '201902' });
  });

  it('without a column dimension shows the totals column only', () => {
    renderWidget(
      <PivotTable
        model={buildPivot(PIVOT_ROWS, { rowKey: 'key1', rowLabel: 'name1', value: 'totalKrw' })}
        caption="피벗"
        rowTitle="협력사"
        hasColumns={false}
        format={won}
        withPrevious={false}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['협력사', '합계']);
    expect(screen.queryByText(/이전 기간/)).toBeNull();
  });
});

const ko: WidgetText = (key, vars) =>
  resolveParticles(WIDGET_TEXTS_KO[key].replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(vars?.[n] ?? '')));

describe('PivotChart', () => {
  it('says in one Korean sentence the largest row and the total against the previous period', () => {
    const p = { axisTitle: '협력사', measureTitle: '발주금액', format: won, withPrevious: true };
    expect(pivotSummary(ko, model, p)).toBe(
      '협력사별 발주금액: 3개 중 가나상사가 350,000원으로 가장 크고, 합계 459,044원은 이전 기간보다 27.5% 늘었습니다.',
    );
    const noPrev = buildPivot(PIVOT_ROWS, { rowKey: 'key1', rowLabel: 'name1', value: 'totalKrw' });
    expect(pivotSummary(ko, noPrev, { ...p, withPrevious: false })).toBe(
      '협력사별 발주금액: 3개 중 가나상사가 350,000원으로 가장 크고, 합계는 459,044원이며 이전 기간 실적은 없습니다.',
    );
    expect(pivotSummary(ko, buildPivot([], PIVOT_FIELDS), p)).toBe('협력사별 발주금액: 조회된 실적이 없습니다.');
  });

  it('is a figure described by that sentence, with a keyboard layer and a 표로 보기 toggle showing the same rows', async () => {
    renderWidget(
      <PivotChart
        model={model}
        title="협력사별 발주금액"
        axisTitle="협력사"
        measureTitle="발주금액"
        format={won}
        withPrevious
        width={600}
      />,
    );
    const figure = screen.getByRole('figure', { name: '협력사별 발주금액' });
    expect(figure).toHaveAccessibleDescription(/가나상사가 350,000원으로 가장 크고/);
    const toggle = screen.getByRole('button', { name: '표로 보기' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const table = screen.getByTestId('pivot-chart-table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      '협력사이번 기간이전 기간',
      '가나상사350,000원300,000원',
      '다라물산79,044원0원',
      '마바상회30,000원60,000원',
    ]);
  });
});
