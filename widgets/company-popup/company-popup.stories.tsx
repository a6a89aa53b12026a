import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { WidgetButton } from '../common/button';
import { searchFixtureCompanies } from '../testing/fixture-services';
import { gridRowTexts } from '../testing/grid-pointer';
import { withWidgets } from '../testing/story-decorators';
import { CompanyPopup, type CompanyRow } from './company-popup';

function Demo() {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<CompanyRow | null>(null);
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <WidgetButton variant="primary" onClick={() => setOpen(true)}>
        업체 검색
      </WidgetButton>
      <span data-testid="chosen">
        {chosen ? `${chosen.compNameKr} (${chosen.compNo}, ${chosen.taxNo2})` : '선택 안 함'}
      </span>
      <CompanyPopup
        open={open}
        search={searchFixtureCompanies}
        onChoose={(c) => {
          setChosen(c);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}

const meta = {
  title: 'Widgets/CompanyPopup',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Search by a part of the name (한빛) or a business number; 선택 takes the selected row. */
export const Default: Story = {
  render: () => <Demo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '업체 검색' }));
    const dialog = await screen.findByRole('dialog', { name: '업체 검색' });
    await userEvent.type(within(dialog).getByLabelText('업체명 또는 사업자번호'), '한빛{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(2));
    await userEvent.click(within(dialog).getByRole('button', { name: '선택' }));
    await waitFor(() => expect(canvas.getByTestId('chosen')).toHaveTextContent('㈜한빛정밀 (C00001'));
  },
};
