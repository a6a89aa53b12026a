import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { DateInput, type DateInputProps } from './date-input';

function Demo(props: Partial<DateInputProps>) {
  const [value, setValue] = useState(props.value ?? '');
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <DateInput label="납기일" {...props} value={value} onChange={setValue} />
      <code style={{ fontSize: 12, color: '#5b6778' }} data-testid="value">
        값: {JSON.stringify(value)}
      </code>
    </div>
  );
}

const meta = {
  title: 'Widgets/DateInput',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Type freely ('240230', '2024.2.30', '99-13-1') and leave the field: the date is repaired (spec §5). */
export const FreeTyping: Story = {
  render: () => <Demo />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('납기일');
    await userEvent.type(input, '240230');
    await userEvent.tab();
    await expect(input).toHaveValue('2024-02-29');
    await userEvent.clear(input);
    await userEvent.type(input, '991301');
    await userEvent.tab();
    await expect(input).toHaveValue('1999-12-01');
    await userEvent.clear(input);
    await userEvent.type(input, '18991231');
    await userEvent.tab();
    await expect(input).toHaveValue('1900-01-01');
    await expect(canvas.getByText('1900-01-01 이후의 날짜만 입력할 수 있습니다.')).toBeInTheDocument();
  },
};

export const WithValue: Story = {
  render: () => <Demo value="2024-11-05" required />,
};

export const LaterMinimum: Story = {
  render: () => <Demo label="입고예정일 (2024-01-01 이후)" min="2024-01-01" />,
};

export const Disabled: Story = {
  render: () => <Demo value="2024-11-05" disabled />,
};
