import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { gridRowTexts } from '../testing/grid-pointer';
import { withWidgets } from '../testing/story-decorators';
import { FIXTURE_ITEMS } from '../item-popup/item-popup.fixtures';
import type { ItemRow } from '../item-popup/item-popup';
import { SearchPopup } from './search-popup';

/** A bare configuration: one text filter, two columns, searched on opening; the choice is shown beside it. */
function Demo() {
  const [chosen, setChosen] = useState('');
  return (
    <>
      <output data-testid="chosen">{chosen}</output>
      <SearchPopup<ItemRow, { itemName: string }>
        open={chosen === ''}
        title="itemTitle"
        width={480}
        filters={[{ field: 'itemName', label: 'itemName', maxRealLength: 200, width: 200 }]}
        initial={{ itemName: '볼트' }}
        search={async (f) => FIXTURE_ITEMS.filter((i) => i.itemName.includes(f.itemName))}
        searchOnOpen="visible"
        columns={[
          { field: 'itemCode', title: 'itemCode', width: 140, align: 'center' },
          { field: 'itemName', title: 'itemName', width: 240 },
        ]}
        onChoose={(row) => setChosen(row.itemCode)}
        onClose={() => setChosen('-')}
      />
    </>
  );
}

const meta = {
  title: 'Widgets/SearchPopup',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Searched on opening with the initial filter; 선택 takes the selected row. */
export const Default: Story = {
  render: () => <Demo />,
  play: async ({ canvas, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: '품목 검색' });
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(3));
    await userEvent.click(within(dialog).getByRole('button', { name: '선택' }));
    await waitFor(() => expect(canvas.getByTestId('chosen')).toHaveTextContent('MRO0101-0001'));
  },
};
