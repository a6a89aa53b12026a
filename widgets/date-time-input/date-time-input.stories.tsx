import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { DateTimeInput } from './date-time-input';

function Demo({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <DateTimeInput label="입찰 마감" value={value} onChange={setValue} />
      <code style={{ fontSize: 12, color: '#5b6778' }} data-testid="value">
        값: {JSON.stringify(value)}
      </code>
    </div>
  );
}

const meta = {
  title: 'Widgets/DateTimeInput',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A server instant shown in Korean time; the date typed or picked, the time picked; the value is "YYYY-MM-DD HH:mm" Korean time. */
export const Default: Story = {
  render: () => <Demo initial="2026-12-01T01:00:00.000Z" />,
  play: async ({ canvas, userEvent }) => {
    const date = canvas.getByLabelText('입찰 마감');
    await expect(date).toHaveValue('2026-12-01');
    await expect(canvas.getByLabelText('입찰 마감 시각')).toHaveValue('10:00');
    await userEvent.clear(date);
    await userEvent.type(date, '2026.12.15{Enter}');
    await expect(canvas.getByTestId('value')).toHaveTextContent('"2026-12-15 10:00"');
  },
};
