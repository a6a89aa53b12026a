import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render';
import { TextInput, type TextInputProps } from './text-input';

function Host({
  initial = '',
  onValue,
  ...props
}: Partial<TextInputProps> & { initial?: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TextInput
      label="품명"
      value={value}
      onChange={(v) => {
        onValue?.(v);
        setValue(v);
      }}
      {...props}
    />
  );
}

describe('TextInput — byte limit (spec §5: 3 bytes above 0x7FF, 2 above 0x7F, else 1)', () => {
  it('counts Korean as 3 bytes and shows the counter', async () => {
    renderWidget(<Host maxlength={10} />);
    await userEvent.type(screen.getByLabelText('품명'), '가나다a');
    expect(screen.getByLabelText('품명')).toHaveValue('가나다a');
    expect(screen.getByText('10 / 10 byte')).toBeInTheDocument();
  });

  it('cuts typed text at the byte limit, never mid-character, and says so', async () => {
    const onValue = vi.fn();
    renderWidget(<Host maxlength={10} onValue={onValue} />);
    await userEvent.type(screen.getByLabelText('품명'), '가나다라');
    expect(screen.getByLabelText('품명')).toHaveValue('가나다');
    expect(onValue).toHaveBeenLastCalledWith('가나다');
    expect(screen.getByText('9 / 10 byte')).toBeInTheDocument();
    expect(screen.getByText('최대 10byte까지 입력할 수 있어 넘는 부분은 잘렸습니다.')).toBeInTheDocument();
  });

  it('cuts pasted text by bytes', async () => {
    const user = userEvent.setup();
    renderWidget(<Host maxlength={8} />);
    await user.click(screen.getByLabelText('품명'));
    await user.paste('abé가나다');
    // a(1) b(1) é(2) 가(3) = 7; 나 would make 10
    expect(screen.getByLabelText('품명')).toHaveValue('abé가');
    expect(screen.getByText('7 / 8 byte')).toBeInTheDocument();
  });

  it('leaves a Korean composition alone until it ends, then cuts', () => {
    const onValue = vi.fn();
    renderWidget(<Host maxlength={6} onValue={onValue} />);
    const input = screen.getByLabelText('품명');
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: '가나다' } });
    expect(onValue).not.toHaveBeenCalled();
    expect(input).toHaveValue('가나다');
    fireEvent.compositionEnd(input);
    expect(onValue).toHaveBeenLastCalledWith('가나');
    expect(input).toHaveValue('가나');
  });
});

describe('TextInput — character limit (maxRealLength)', () => {
  it('counts characters, not bytes, and cuts at the limit', async () => {
    renderWidget(<Host maxRealLength={5} />);
    await userEvent.type(screen.getByLabelText('품명'), '가나다라마바');
    expect(screen.getByLabelText('품명')).toHaveValue('가나다라마');
    expect(screen.getByText('5 / 5자')).toBeInTheDocument();
  });

  it('wins over maxlength', async () => {
    renderWidget(<Host maxlength={3} maxRealLength={4} />);
    await userEvent.type(screen.getByLabelText('품명'), '가나다라');
    expect(screen.getByLabelText('품명')).toHaveValue('가나다라');
  });
});

describe('TextInput — required and invalid', () => {
  it('says a required field is empty once left, spaces included', async () => {
    renderWidget(<Host required />);
    const input = screen.getByLabelText(/품명/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(input, '   ');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('필수 입력 항목입니다.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    await userEvent.type(input, '볼트');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an outside invalid message', () => {
    renderWidget(<Host invalid="이미 등록된 품명입니다." />);
    expect(screen.getByRole('alert')).toHaveTextContent('이미 등록된 품명입니다.');
  });

  it('is disabled when told', () => {
    renderWidget(<Host disabled />);
    expect(screen.getByLabelText('품명')).toBeDisabled();
  });
});

describe('TextInput — password', () => {
  it('hides what is typed and hands the value over unchanged', async () => {
    const seen: string[] = [];
    renderWidget(<Host label="비밀번호" type="password" onValue={(v) => seen.push(v)} />);
    const input = screen.getByLabelText('비밀번호');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(input, 'Ab1!');
    expect(seen.at(-1)).toBe('Ab1!');
  });
});
