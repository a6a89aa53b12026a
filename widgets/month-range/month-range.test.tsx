import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render';
import { MonthRange, orderMonthRange, type MonthRangeValue } from './month-range';

function Host({ initial = { from: '', to: '' } }: { initial?: MonthRangeValue }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MonthRange label="정산월" value={value} onChange={setValue} />
      <output data-testid="value">{`${value.from}~${value.to}`}</output>
    </>
  );
}

describe('orderMonthRange (from ≤ to)', () => {
  it('moves the other end to the end just set', () => {
    expect(orderMonthRange({ from: '202606', to: '202601' }, 'from')).toEqual({
      value: { from: '202606', to: '202606' },
      adjusted: 'to',
    });
    expect(orderMonthRange({ from: '202606', to: '202601' }, 'to')).toEqual({
      value: { from: '202601', to: '202601' },
      adjusted: 'from',
    });
    expect(orderMonthRange({ from: '202606', to: '' }, 'from').adjusted).toBeNull();
  });
});

describe('MonthRange', () => {
  it('takes two months as YYYYMM and shows them as YYYY-MM; either end may stay empty', async () => {
    renderWidget(<Host />);
    expect(screen.getByRole('group', { name: '정산월' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('시작 월'), '2026.1');
    await userEvent.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('202601~');
    expect(screen.getByLabelText('시작 월')).toHaveValue('2026-01');
    await userEvent.type(screen.getByLabelText('종료 월'), '202603{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('202601~202603');
  });

  it('never holds from after to: a later start moves the end and says so', async () => {
    renderWidget(<Host initial={{ from: '202601', to: '202603' }} />);
    const from = screen.getByLabelText('시작 월');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-05');
    await userEvent.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('202605~202605');
    expect(screen.getByText(/종료 월을 함께 변경했습니다 \(2026-05\)/)).toBeInTheDocument();
  });

  it('a month it cannot read leaves that end empty', async () => {
    renderWidget(<Host initial={{ from: '202601', to: '202603' }} />);
    const to = screen.getByLabelText('종료 월');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-13{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('202601~');
  });
});
