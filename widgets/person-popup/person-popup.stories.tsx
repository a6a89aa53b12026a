import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { WidgetButton } from '../common/button';
import type { PersonRow } from '../services';
import { doubleClickGridRowAsync, gridRowTexts } from '../testing/grid-pointer';
import { withWidgets } from '../testing/story-decorators';
import { PersonField } from './person-field';
import { PersonPopup } from './person-popup';

function PopupDemo() {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<PersonRow | null>(null);
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <WidgetButton variant="primary" onClick={() => setOpen(true)}>
        사원 검색
      </WidgetButton>
      <span data-testid="chosen">
        {chosen ? `${chosen.hname} (${chosen.singleid}) · ${chosen.sectionName} ${chosen.deptnm}` : '선택 안 함'}
      </span>
      <PersonPopup
        open={open}
        onChoose={(p) => {
          setChosen(p);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}

function FieldDemo() {
  const [value, setValue] = useState<PersonRow | null>(null);
  return <PersonField value={value} onChange={setValue} />;
}

const meta = {
  title: 'Widgets/PersonPopup',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** 조회 with nothing entered, then with one character: the Korean messages, nothing sent. */
export const ValidationMessages: Story = {
  render: () => <PopupDemo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '사원 검색' }));
    const dialog = await screen.findByRole('dialog', { name: '사원 검색' });
    await waitFor(() => expect(within(dialog).getByLabelText('이름')).toHaveFocus());
    await expect(within(dialog).getByRole('button', { name: '선택' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: '조회' }));
    const first = await screen.findByRole('alertdialog');
    await expect(first).toHaveTextContent('이름과 싱글ID 중 하나 이상 입력해 주세요.');
    await userEvent.click(within(first).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await userEvent.type(within(dialog).getByLabelText('이름'), '김');
    await userEvent.click(within(dialog).getByRole('button', { name: '조회' }));
    await expect(await screen.findByRole('alertdialog')).toHaveTextContent('이름은 2자 이상 입력해 주세요.');
  },
};

/** Search 김민, double-click 김민수. */
export const SearchAndChoose: Story = {
  render: () => <PopupDemo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '사원 검색' }));
    const dialog = await screen.findByRole('dialog', { name: '사원 검색' });
    await userEvent.type(within(dialog).getByLabelText('이름'), '김민{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(3));
    await expect(gridRowTexts(dialog)[0]).toEqual(['김민수', '본사', '구매운영팀', 'E000004']);
    await doubleClickGridRowAsync(0, { root: dialog });
    await waitFor(() => expect(canvas.getByTestId('chosen')).toHaveTextContent('김민수 (E000004)'));
  },
};

/** The field form: type a name, Enter opens the popup with it. */
export const Field: Story = {
  render: () => <FieldDemo />,
};
