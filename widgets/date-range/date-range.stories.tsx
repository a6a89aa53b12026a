import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { DateRange, type DateRangeValue } from './date-range';

const TODAY = new Date(2024, 10, 20);

function Demo({ initial = { from: '', to: '' } }: { initial?: DateRangeValue }) {
  const [value, setValue] = useState(initial);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <DateRange label="입고요청일" value={value} onChange={setValue} today={TODAY} />
      <code style={{ fontSize: 12, color: '#5b6778' }} data-testid="value">
        값: {JSON.stringify(value)}
      </code>
    </div>
  );
}

const meta = {
  title: 'Widgets/DateRange',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Presets end "today" (fixed here to 2024-11-20); a start after the end moves the end along. */
export const Default: Story = {
  render: () => <Demo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '1개월' }));
    await expect(canvas.getByLabelText('시작일')).toHaveValue('2024-10-20');
    await expect(canvas.getByLabelText('종료일')).toHaveValue('2024-11-20');
    const from = canvas.getByLabelText('시작일');
    await userEvent.clear(from);
    await userEvent.type(from, '20241201');
    await userEvent.tab();
    await expect(canvas.getByLabelText('종료일')).toHaveValue('2024-12-01');
    await expect(canvas.getByText(/종료일을 함께 변경했습니다/)).toBeInTheDocument();
  },
};

export const Filled: Story = {
  render: () => <Demo initial={{ from: '2024-08-01', to: '2024-10-31' }} />,
};
