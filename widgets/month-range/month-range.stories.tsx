import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { MonthRange, type MonthRangeValue } from './month-range';

function Demo({ initial = { from: '', to: '' } }: { initial?: MonthRangeValue }) {
  const [value, setValue] = useState(initial);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <MonthRange label="정산월" value={value} onChange={setValue} />
      <code style={{ fontSize: 12, color: '#5b6778' }} data-testid="value">
        값: {JSON.stringify(value)}
      </code>
    </div>
  );
}

const meta = {
  title: 'Widgets/MonthRange',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two months (YYYYMM, shown YYYY-MM); a start after the end moves the end along. */
export const Default: Story = {
  render: () => <Demo initial={{ from: '202601', to: '202603' }} />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByLabelText('시작 월')).toHaveValue('2026-01');
    const from = canvas.getByLabelText('시작 월');
    await userEvent.clear(from);
    await userEvent.type(from, '2026.5{Enter}');
    await expect(canvas.getByLabelText('종료 월')).toHaveValue('2026-05');
    await expect(canvas.getByTestId('value')).toHaveTextContent('"from":"202605","to":"202605"');
  },
};

/** Open at one end: only the start month. */
export const OpenEnd: Story = {
  render: () => <Demo initial={{ from: '202610', to: '' }} />,
};
