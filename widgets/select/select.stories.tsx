import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { Select, type SelectProps } from './select';

function Demo(props: Partial<SelectProps>) {
  const [value, setValue] = useState(props.value ?? '');
  return <Select label="발주상태" codeGroup="PO_STATUS" width={180} {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Widgets/Select',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Common codes after the empty entry 선택 (forms). */
export const Choose: Story = {
  render: () => <Demo />,
  play: async ({ canvas, userEvent }) => {
    const select = canvas.getByLabelText('발주상태');
    await expect((select as HTMLSelectElement).options[0].text).toBe('선택');
    await userEvent.selectOptions(select, '발주전송');
    await expect(select).toHaveValue('SENT');
  },
};

/** The empty entry labelled 전체 (search filters). */
export const All: Story = {
  render: () => <Demo empty="all" label="결재상태" codeGroup="APPROVAL_STATUS" />,
};

export const Required: Story = {
  render: () => <Demo required label="통화" codeGroup="CURRENCY" />,
};
