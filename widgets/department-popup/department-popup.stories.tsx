import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { WidgetButton } from '../common/button';
import type { DepartmentRow } from '../services';
import { doubleClickGridRowAsync, gridRowTexts } from '../testing/grid-pointer';
import { withWidgets } from '../testing/story-decorators';
import { DepartmentField } from './department-field';
import { DepartmentPopup, type DepartmentPopupProps } from './department-popup';

function PopupDemo(props: Partial<DepartmentPopupProps>) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<DepartmentRow | null>(null);
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <WidgetButton variant="primary" onClick={() => setOpen(true)}>
        부서 선택
      </WidgetButton>
      <span data-testid="chosen">
        {chosen ? `${chosen.sectionName} / ${chosen.deptnm} (${chosen.deptcd})` : '선택 안 함'}
      </span>
      <DepartmentPopup
        {...props}
        open={open}
        onChoose={(row) => {
          setChosen(row);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}

function FieldDemo() {
  const [value, setValue] = useState<DepartmentRow | null>(null);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <DepartmentField value={value} onChange={setValue} />
      <code style={{ fontSize: 12, color: '#5b6778' }}>
        값: {JSON.stringify(value && { deptcd: value.deptcd, deptnm: value.deptnm })}
      </code>
    </div>
  );
}

const meta = {
  title: 'Widgets/DepartmentPopup',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** 부서 선택: Enter in 부서명 searches; a double-click chooses. */
export const SearchAndDoubleClick: Story = {
  render: () => <PopupDemo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '부서 선택' }));
    const dialog = await screen.findByRole('dialog', { name: '부서 선택' });
    await waitFor(() => expect(within(dialog).getByLabelText('부서명')).toHaveFocus());
    await userEvent.type(within(dialog).getByLabelText('부서명'), '구매{Enter}');
    await waitFor(() =>
      expect(gridRowTexts(dialog).map((r) => r[1])).toEqual([
        '구매기획팀',
        '구매1팀',
        '구매2팀',
        '구매운영팀',
        '구매혁신TF',
      ]),
    );
    await doubleClickGridRowAsync(3, { root: dialog });
    await waitFor(() => expect(canvas.getByTestId('chosen')).toHaveTextContent('본사 / 구매운영팀 (D1240)'));
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** If the first search returns exactly one row, it is chosen without showing the grid. */
export const FirstSearchSingleRow: Story = {
  render: () => <PopupDemo deptnm="감사" />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '부서 선택' }));
    await waitFor(() => expect(canvas.getByTestId('chosen')).toHaveTextContent('본사 / 감사팀 (D1410)'));
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** The section is fixed (enabledBsns false): its field and business popup are disabled. */
export const FixedSection: Story = {
  render: () => <PopupDemo section={{ topDept: 'D2000', sectionName: '생산부문' }} enabledBsns={false} />,
};

/** 선택 stays disabled while the grid is empty. */
export const NothingFound: Story = {
  render: () => <PopupDemo deptnm="없는부서" />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '부서 선택' }));
    const dialog = await screen.findByRole('dialog', { name: '부서 선택' });
    await expect(within(dialog).getByRole('button', { name: '선택' })).toBeDisabled();
  },
};

/** The field form used by filters: type part of a name and press Enter. */
export const Field: Story = {
  render: () => <FieldDemo />,
};
