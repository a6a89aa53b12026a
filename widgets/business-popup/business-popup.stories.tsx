import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { WidgetButton } from '../common/button';
import type { BusinessSection } from '../services';
import { gridRowTexts } from '../testing/grid-pointer';
import { withWidgets } from '../testing/story-decorators';
import { useBusinessPopup } from './business-popup';
import { BusinessSectionField } from './business-section-field';

function FieldDemo() {
  const [value, setValue] = useState<BusinessSection | null>(null);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <BusinessSectionField value={value} onChange={setValue} />
      <code style={{ fontSize: 12, color: '#5b6778' }} data-testid="value">
        값: {JSON.stringify(value)}
      </code>
      <p style={{ fontSize: 12, color: '#5b6778', margin: 0 }}>
        '연구' + Enter: 한 건이라 바로 선택 · '부문' + Enter: 팝업에서 선택 · 빈 칸 + 🔍: 전체
      </p>
    </div>
  );
}

function HookDemo() {
  const { openBusinessPopup, popup } = useBusinessPopup();
  const [result, setResult] = useState('');
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <WidgetButton
        onClick={() =>
          void openBusinessPopup('').then((s) => setResult(s ? `${s.sectionName} (${s.topDept})` : '취소'))
        }
      >
        openBusinessPopup()
      </WidgetButton>
      <span data-testid="result">{result}</span>
      {popup}
    </div>
  );
}

const meta = {
  title: 'Widgets/BusinessPopup',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A single match is chosen without the popup ever showing (spec §2). */
export const SingleResultAutoChoose: Story = {
  render: () => <FieldDemo />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('사업부문');
    await userEvent.type(input, '연구{Enter}');
    await waitFor(() => expect(input).toHaveValue('연구소'));
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expect(canvas.getByTestId('value')).toHaveTextContent('D3000');
  },
};

/** Several matches: a single-row grid with 취소 and 선택. */
export const ChooseFromSeveral: Story = {
  render: () => <FieldDemo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('사업부문'), '부문{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '사업부문 선택' });
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(4));
    await userEvent.click(within(dialog).getByRole('button', { name: '선택' }));
    await waitFor(() => expect(canvas.getByLabelText('사업부문')).toHaveValue('생산부문'));
  },
};

/** The hook form: `await openBusinessPopup(selectOption)` → the section or null. */
export const AsHook: Story = {
  render: () => <HookDemo />,
};

/** A failed search is shown in an alert with the server's message. */
export const SearchFails: Story = {
  // The runner of the built Storybook fails a story on an error dialog left open, except where it is the point.
  tags: ['error-dialog'],
  parameters: {
    fixtures: {
      failures: { listBusinessSections: '사업부문 정보를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.' },
    },
  },
  render: () => <FieldDemo />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('사업부문'), '본사{Enter}');
    await expect(await screen.findByRole('alertdialog')).toHaveTextContent('사업부문 정보를 불러오지 못했습니다.');
  },
};
