import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { MaskedInput, type MaskName } from './masked-input';

function Row({
  mask,
  label,
  padLength,
  initial = '',
}: {
  mask: MaskName;
  label: string;
  padLength?: number;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  const [company, setCompany] = useState<string | null | undefined>(undefined);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '320px 1fr', alignItems: 'end', gap: 16 }}>
      <MaskedInput
        mask={mask}
        label={label}
        value={value}
        onChange={setValue}
        padLength={padLength}
        onCompanyName={setCompany}
        width={mask === 'comp' ? 120 : 200}
      />
      <code style={{ fontSize: 12, color: '#5b6778' }} data-testid={`raw-${mask}`}>
        값: {JSON.stringify(value)}
        {mask === 'comp' && company !== undefined ? ` · 업체명: ${JSON.stringify(company)}` : ''}
      </code>
    </div>
  );
}

const meta = {
  title: 'Widgets/MaskedInput',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every mask of spec §5; the right column shows the raw value the field holds. */
export const AllMasks: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      <Row mask="phone" label="전화번호 (phone)" />
      <Row mask="number" label="수량 (number)" initial="1250" />
      <Row mask="numComma" label="금액 (numComma)" initial="-1234567.5" />
      <Row mask="num" label="환율 (num)" initial="905.32" />
      <Row mask="onlynum" label="계좌번호 (onlynum)" />
      <Row mask="taxnum" label="사업자번호 (taxnum)" />
      <Row mask="zeroPad" label="순번 (zeroPad, 5자리)" padLength={5} />
      <Row mask="comp" label="업체코드 (comp)" />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const phone = canvas.getByLabelText('전화번호 (phone)');
    await userEvent.type(phone, '010-abcd1234-5678');
    await expect(phone).toHaveValue('010 - 1234 - 5678');
    await expect(canvas.getByTestId('raw-phone')).toHaveTextContent('"01012345678"');
    const qty = canvas.getByLabelText('수량 (number)');
    await userEvent.type(qty, 'x99');
    await expect(qty).toHaveValue('125,099');
    await expect(canvas.getByTestId('raw-number')).toHaveTextContent('"125099"');
    const seq = canvas.getByLabelText('순번 (zeroPad, 5자리)');
    await userEvent.type(seq, '42');
    await userEvent.tab();
    await expect(seq).toHaveValue('00042');
  },
};

/** comp: the company's name appears once typing pauses; unknown numbers say so. */
export const CompanyNumber: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      <Row mask="comp" label="업체코드" />
      <p style={{ fontSize: 12, color: '#5b6778' }}>예: C00001 ~ C00007 (등록 업체), C99999 (미등록)</p>
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('업체코드');
    await userEvent.type(input, 'c00001');
    await expect(input).toHaveValue('C00001');
    await waitFor(() => expect(canvas.getByText('㈜한빛정밀')).toBeInTheDocument());
    await userEvent.clear(input);
    await userEvent.type(input, 'C99999');
    await waitFor(() => expect(canvas.getByText('등록되지 않은 업체입니다')).toBeInTheDocument());
  },
};
