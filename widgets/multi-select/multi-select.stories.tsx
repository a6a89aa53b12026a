import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { MultiSelect } from './multi-select';

function Demo({ initial = [] as string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <div style={{ display: 'grid', gap: 8, minHeight: 260, alignContent: 'start' }}>
      <MultiSelect label="입고상태" codeGroup="WH_STATUS" value={value} onChange={setValue} width={220} />
      <code style={{ fontSize: 12, color: '#5b6778' }} data-testid="value">
        값: {JSON.stringify(value)}
      </code>
    </div>
  );
}

const meta = {
  title: 'Widgets/MultiSelect',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => <Demo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /입고상태/ }));
    await userEvent.click(canvas.getByRole('checkbox', { name: '전체' }));
    await expect(canvas.getByTestId('value')).toHaveTextContent('["REQUESTED","APPROVED","DECIDED","CANCELLED"]');
    await userEvent.click(canvas.getByRole('checkbox', { name: '취소' }));
    await expect(canvas.getByRole('button', { name: /입고상태/ })).toHaveTextContent('입고요청 외 2건');
  },
};

export const Preselected: Story = {
  render: () => <Demo initial={['APPROVED']} />,
};
