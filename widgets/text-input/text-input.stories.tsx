import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { withWidgets } from '../testing/story-decorators';
import { TextInput, type TextInputProps } from './text-input';

function Demo(props: Partial<TextInputProps>) {
  const [value, setValue] = useState(props.value ?? '');
  return <TextInput label="품명" {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Widgets/TextInput',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** maxlength 20 bytes: Hangul costs 3, so 6 syllables fill 18 bytes and a 7th does not fit. */
export const ByteLimit: Story = {
  render: () => <Demo maxlength={20} placeholder="최대 20byte" width={240} />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('품명');
    await userEvent.type(input, '알루미늄판재가공');
    await expect(input).toHaveValue('알루미늄판재');
    await expect(canvas.getByText('18 / 20 byte')).toBeInTheDocument();
    await expect(canvas.getByText('최대 20byte까지 입력할 수 있어 넘는 부분은 잘렸습니다.')).toBeInTheDocument();
  },
};

/** maxRealLength 10 characters, whatever they are. */
export const CharacterLimit: Story = {
  render: () => <Demo label="비고" maxRealLength={10} width={240} />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('비고');
    await userEvent.type(input, '납기 준수 바랍니다 꼭');
    await expect(input).toHaveValue('납기 준수 바랍니다');
    await expect(canvas.getByText('10 / 10자')).toBeInTheDocument();
  },
};

/**
 * Required: passing through the empty field says nothing yet; the message appears once a change
 * leaves it empty and the field is left (or a save is tried).
 */
export const Required: Story = {
  render: () => <Demo required maxlength={100} width={240} />,
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByLabelText(/품명/);
    await userEvent.click(field);
    await userEvent.tab();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.type(field, '볼트');
    await userEvent.clear(field);
    await userEvent.tab();
    await expect(canvas.getByRole('alert')).toHaveTextContent('필수 입력 항목입니다.');
  },
};

export const Multiline: Story = {
  render: () => (
    <Demo
      label="요청 사유"
      multiline
      rows={4}
      maxlength={400}
      width={420}
      value="현장 설비 보수용 긴급 구매 요청입니다."
    />
  ),
};

export const Disabled: Story = {
  render: () => <Demo disabled value="변경할 수 없는 값" width={240} />,
};

export const Invalid: Story = {
  render: () => <Demo invalid="이미 등록된 품명입니다." value="볼트 M8" width={240} />,
};

/** A password: typed characters are hidden; the value is what was typed. */
export const Password: Story = {
  render: () => <Demo label="비밀번호" type="password" maxRealLength={64} showCounter={false} width={240} />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('비밀번호');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.type(input, 'Gpms!2345');
    await expect(input).toHaveValue('Gpms!2345');
  },
};
