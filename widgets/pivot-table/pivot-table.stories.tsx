import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { buildPivot } from '../../lib/pivot-model';
import { PivotChart } from './pivot-chart';
import { PivotTable, type PivotTarget } from './pivot-table';
import { PIVOT_FIELDS, PIVOT_ROWS, won } from './pivot-fixture';

const model = buildPivot(PIVOT_ROWS, PIVOT_FIELDS);

function Demo() {
  const [drilled, setDrilled] = useState<PivotTarget | null>(null);
  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 760 }}>
      <PivotChart
        model={model}
        title="협력사별 발주금액"
        axisTitle="협력사"
        measureTitle="발주금액"
        format={won}
        withPrevious
        onDrill={(rowKey) => setDrilled({ rowKey, columnKey: null })}
      />
      <PivotTable
        model={model}
        caption="협력사 × 월 발주금액"
        rowTitle="협력사"
        hasColumns
        format={won}
        withPrevious
        onDrill={setDrilled}
      />
      <code data-testid="drilled" style={{ fontSize: 12, color: '#5b6778' }}>
        {drilled ? JSON.stringify(drilled) : '—'}
      </code>
    </div>
  );
}

const meta = {
  title: 'Widgets/PivotTable',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Suppliers × months with the previous period and the change; the chart of the row totals with its 표로 보기 toggle. */
export const SupplierByMonth: Story = {
  render: () => <Demo />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('grid', { name: '협력사 × 월 발주금액' })).toBeInTheDocument();
    await expect(canvas.getByTestId('pivot-chart-summary')).toHaveTextContent('가나상사가 350,000원으로 가장 크고');
    // One tab stop in the grid: the first cell; arrows move, Enter drills.
    canvas.getAllByRole('gridcell')[0].focus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(canvas.getByTestId('drilled')).toHaveTextContent('"rowKey":"C00002","columnKey":"201901"');
    await userEvent.click(canvas.getByRole('button', { name: '표로 보기' }));
    await expect(canvas.getByTestId('pivot-chart-table')).toHaveTextContent('마바상회30,000원60,000원');
  },
};

/** One dimension: the totals column only, no previous period. */
export const OneDimension: Story = {
  render: () => (
    <PivotTable
      model={buildPivot(PIVOT_ROWS, { rowKey: 'key1', rowLabel: 'name1', value: 'poCount' })}
      caption="협력사별 발주 건수"
      rowTitle="협력사"
      hasColumns={false}
      format={(n) => `${n.toLocaleString('ko-KR')}건`}
      withPrevious={false}
    />
  ),
};
