import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { WidgetButton } from '../common/button';
import { gridRowTexts } from '../testing/grid-pointer';
import { withWidgets } from '../testing/story-decorators';
import { ItemPopup, type ItemRow } from './item-popup';
import { FIXTURE_ITEM_CATEGORIES, searchFixtureItems } from './item-popup.fixtures';

function Demo() {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ItemRow | null>(null);
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <WidgetButton variant="primary" onClick={() => setOpen(true)}>
        품목 검색
      </WidgetButton>
      <span data-testid="chosen">
        {chosen ? `${chosen.itemName} ${chosen.spec ?? ''} (${chosen.itemCode})` : '선택 안 함'}
      </span>
      <ItemPopup
        open={open}
        search={searchFixtureItems}
        categories={FIXTURE_ITEM_CATEGORIES}
        onChoose={(i) => {
          setChosen(i);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}

const meta = {
  title: 'Widgets/ItemPopup',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Search by name (볼트) and specification; 선택 takes the selected row. */
export const Default: Story = {
  render: () => <Demo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '품목 검색' }));
    const dialog = await screen.findByRole('dialog', { name: '품목 검색' });
    await userEvent.type(within(dialog).getByLabelText('품목명'), '볼트{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(3));
    await userEvent.click(within(dialog).getByRole('button', { name: '선택' }));
    await waitFor(() => expect(canvas.getByTestId('chosen')).toHaveTextContent('(MRO0101-0001)'));
  },
};
