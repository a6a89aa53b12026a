import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { MonthPicker } from './month-picker';

function Demo({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <MonthPicker label="정산월" value={value} onChange={setValue} />
      <code style={{ fontSize: 12, color: '#5b6778' }} data-testid="value">
        값: {JSON.stringify(value)}
      </code>
    </div>
  );
}

const meta = {
  title: 'Widgets/MonthPicker',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The value is YYYYMM; the field shows YYYY-MM; month 13 or a year before 1900 gives empty. */
export const Default: Story = {
  render: () => <Demo initial="202411" />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('정산월');
    await userEvent.clear(input);
    await userEvent.type(input, '2024.3{Enter}');
    await expect(input).toHaveValue('2024-03');
    await expect(canvas.getByTestId('value')).toHaveTextContent('"202403"');
    await userEvent.clear(input);
    await userEvent.type(input, '202413{Enter}');
    await expect(canvas.getByTestId('value')).toHaveTextContent('""');
    await expect(canvas.getByRole('alert')).toHaveTextContent('연월을 인식할 수 없습니다');
  },
};
