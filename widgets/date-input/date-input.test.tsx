import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render';
import { commitDateText, DateInput, type DateInputProps } from './date-input';

function Host({
  initial = '',
  onValue,
  ...props
}: Partial<DateInputProps> & { initial?: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput
        label="납기일"
        value={value}
        onChange={(v) => {
          onValue?.(v);
          setValue(v);
        }}
        {...props}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

async function typeAndLeave(text: string) {
  const input = screen.getByLabelText('납기일');
  await userEvent.clear(input);
  await userEvent.type(input, text);
  await userEvent.tab();
  return input;
}

describe('DateInput — text-to-date on leaving the field (spec §5)', () => {
  it.each([
    ['20240305', '2024-03-05'],
    ['20240230', '2024-02-29'], // day clamped to February of a leap year
    ['20230230', '2023-02-28'],
    ['240230', '2024-02-29'], // two digits below 70 → 20xx
    ['991301', '1999-12-01'], // 99 → 1999, month 13 clamped to 12
    ['69-1-5', '2069-01-05'],
    ['70.1.5', '1970-01-05'],
    ['2024. 2. 31.', '2024-02-29'],
    ['2024/00/10', '2024-01-10'], // month 0 clamped to 1
  ])('%s → %s', async (typed, expected) => {
    renderWidget(<Host />);
    const input = await typeAndLeave(typed);
    expect(screen.getByTestId('value')).toHaveTextContent(expected);
    expect(input).toHaveValue(expected);
  });

  it('raises a date before 1900-01-01 to the minimum and says so', async () => {
    renderWidget(<Host />);
    await typeAndLeave('18991231');
    expect(screen.getByTestId('value')).toHaveTextContent('1900-01-01');
    expect(screen.getByText('1900-01-01 이후의 날짜만 입력할 수 있습니다.')).toBeInTheDocument();
  });

  it('honours a later min', async () => {
    renderWidget(<Host min="2024-01-01" />);
    await typeAndLeave('20231231');
    expect(screen.getByTestId('value')).toHaveTextContent('2024-01-01');
  });

  it('empties the value for text that is no date and says why', async () => {
    renderWidget(<Host initial="2024-03-05" />);
    const input = await typeAndLeave('내일');
    expect(screen.getByTestId('value')).toHaveTextContent('');
    expect(input).toHaveValue('');
    expect(screen.getByRole('alert')).toHaveTextContent('날짜를 인식할 수 없습니다');
  });

  it('converts on Enter too, and does not change the value while typing', async () => {
    const onValue = vi.fn();
    renderWidget(<Host onValue={onValue} />);
    const input = screen.getByLabelText('납기일');
    await userEvent.type(input, '241105');
    expect(onValue).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onValue).toHaveBeenCalledWith('2024-11-05');
  });

  it('clearing the text empties the value', async () => {
    renderWidget(<Host initial="2024-03-05" />);
    await userEvent.clear(screen.getByLabelText('납기일'));
    await userEvent.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it('offers a calendar button, disabled with the field', () => {
    renderWidget(<Host disabled />);
    expect(screen.getByRole('button', { name: '달력 열기' })).toBeDisabled();
  });
});

describe('commitDateText', () => {
  it('reports the reason next to the value', () => {
    expect(commitDateText('')).toEqual({ value: '', problem: null });
    expect(commitDateText('x')).toEqual({ value: '', problem: 'unrecognized' });
    expect(commitDateText('00010101')).toEqual({ value: '1900-01-01', problem: 'beforeMin' });
    expect(commitDateText('19000101')).toEqual({ value: '1900-01-01', problem: null });
  });
});
