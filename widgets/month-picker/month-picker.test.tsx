import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render';
import { MonthPicker, monthDisplay } from './month-picker';

function Host({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MonthPicker label="정산월" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('MonthPicker (spec §5: YYYYMM, year ≥ 1900, month ≤ 12, else empty)', () => {
  it.each([
    ['2024-3', '202403', '2024-03'],
    ['202411', '202411', '2024-11'],
    ['2024.12', '202412', '2024-12'],
    ['202413', '', ''],
    ['189912', '', ''],
    ['2024-00', '', ''],
  ])('%s → value %s, shown %s', async (typed, value, shown) => {
    renderWidget(<Host />);
    const input = screen.getByLabelText('정산월');
    await userEvent.type(input, typed);
    await userEvent.tab();
    expect(screen.getByTestId('value').textContent).toBe(value);
    expect(input).toHaveValue(shown);
  });

  it('explains an unrecognised month', async () => {
    renderWidget(<Host initial="202401" />);
    const input = screen.getByLabelText('정산월');
    await userEvent.clear(input);
    await userEvent.type(input, '2024-13{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(screen.getByRole('alert')).toHaveTextContent('연월을 인식할 수 없습니다');
  });

  it('shows YYYYMM as YYYY-MM', () => {
    expect(monthDisplay('202403')).toBe('2024-03');
    expect(monthDisplay('')).toBe('');
  });
});
