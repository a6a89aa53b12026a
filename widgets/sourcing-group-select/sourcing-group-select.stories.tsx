import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { EMPTY_SOURCING_GROUP, SourcingGroupSelect, type SourcingGroupValue } from './sourcing-group-select';

function Demo({ initial = EMPTY_SOURCING_GROUP, empty }: { initial?: SourcingGroupValue; empty?: 'choose' | 'all' }) {
  const [value, setValue] = useState(initial);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <SourcingGroupSelect label="소싱그룹" value={value} onChange={setValue} empty={empty} />
      <code style={{ fontSize: 12, color: '#5b6778' }} data-testid="value">
        값: {JSON.stringify(value)}
      </code>
    </div>
  );
}

const meta = {
  title: 'Widgets/SourcingGroupSelect',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Level 1 loads getSgCode('001'); each choice loads the next level by its code and clears the levels below. */
export const Default: Story = {
  render: () => <Demo />,
  play: async ({ canvas, userEvent }) => {
    const l1 = canvas.getByRole('combobox', { name: '대분류' });
    await waitFor(() => expect(l1).toBeEnabled());
    await userEvent.selectOptions(l1, '직접재');
    const l2 = canvas.getByRole('combobox', { name: '중분류' });
    await waitFor(() => expect(l2).toBeEnabled());
    await userEvent.selectOptions(l2, '전자부품');
    const l3 = canvas.getByRole('combobox', { name: '소분류' });
    await waitFor(() => expect(l3).toBeEnabled());
    await userEvent.selectOptions(l3, '수동소자');
    const l4 = canvas.getByRole('combobox', { name: '세분류' });
    await waitFor(() => expect(l4).toBeEnabled());
    await userEvent.selectOptions(l4, '저항 (수입)');
    await expect(canvas.getByTestId('value')).toHaveTextContent('"L4_SG_CODE":"SGD-ELC0101-I"');
    await userEvent.selectOptions(l1, '간접재');
    await expect(canvas.getByTestId('value')).toHaveTextContent(
      '{"L1_SG_CODE":"SGI","L2_SG_CODE":"","L3_SG_CODE":"","L4_SG_CODE":""}',
    );
  },
};

/** Opened on a saved value: every level loads its options. Empty entries read 선택 (a form). */
export const WithValue: Story = {
  render: () => (
    <Demo
      empty="choose"
      initial={{ L1_SG_CODE: 'SGI', L2_SG_CODE: 'SGI-MRO', L3_SG_CODE: 'SGI-MRO01', L4_SG_CODE: 'SGI-MRO0101-D' }}
    />
  ),
};
