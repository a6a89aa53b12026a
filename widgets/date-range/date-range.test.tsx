import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render';
import { DateRange, orderRange, presetRange, type DateRangeValue } from './date-range';

const TODAY = new Date(2024, 4, 31); // 2024-05-31

function Host({ initial = { from: '', to: '' } }: { initial?: DateRangeValue }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateRange label="요청일" value={value} onChange={setValue} today={TODAY} />
      <output data-testid="value">{`${value.from}~${value.to}`}</output>
    </>
  );
}

describe('presetRange', () => {
  it('ends today and goes back a day, a week, one or three months', () => {
    expect(presetRange('today', TODAY)).toEqual({ from: '2024-05-31', to: '2024-05-31' });
    expect(presetRange('week', TODAY)).toEqual({ from: '2024-05-24', to: '2024-05-31' });
    expect(presetRange('month', TODAY)).toEqual({ from: '2024-04-30', to: '2024-05-31' });
    expect(presetRange('threeMonths', TODAY)).toEqual({ from: '2024-02-29', to: '2024-05-31' });
  });
});

describe('orderRange (from ≤ to)', () => {
  it('moves the other end to the end just set', () => {
    expect(orderRange({ from: '2024-06-10', to: '2024-06-01' }, 'from')).toEqual({
      value: { from: '2024-06-10', to: '2024-06-10' },
      adjusted: 'to',
    });
    expect(orderRange({ from: '2024-06-10', to: '2024-06-01' }, 'to')).toEqual({
      value: { from: '2024-06-01', to: '2024-06-01' },
      adjusted: 'from',
    });
    expect(orderRange({ from: '2024-06-01', to: '' }, 'from').adjusted).toBeNull();
  });
});

describe('DateRange', () => {
  it('sets a range from the preset buttons', async () => {
    renderWidget(<Host />);
    await userEvent.click(screen.getByRole('button', { name: '1개월' }));
    expect(screen.getByTestId('value')).toHaveTextContent('2024-04-30~2024-05-31');
    await userEvent.click(screen.getByRole('button', { name: '오늘' }));
    expect(screen.getByTestId('value')).toHaveTextContent('2024-05-31~2024-05-31');
    expect(screen.getByRole('button', { name: '1주' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3개월' })).toBeInTheDocument();
  });

  it('never holds from after to: a later start moves the end and says so', async () => {
    renderWidget(<Host initial={{ from: '2024-05-01', to: '2024-05-10' }} />);
    const from = screen.getByLabelText('시작일');
    await userEvent.clear(from);
    await userEvent.type(from, '20240520');
    await userEvent.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('2024-05-20~2024-05-20');
    expect(
      screen.getByText('시작일은 종료일보다 늦을 수 없어 종료일을 함께 변경했습니다 (2024-05-20).'),
    ).toHaveAttribute('role', 'status');
  });

  it('converts each end with the date rules', async () => {
    renderWidget(<Host />);
    await userEvent.type(screen.getByLabelText('시작일'), '240101');
    await userEvent.type(screen.getByLabelText('종료일'), '240230');
    await userEvent.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('2024-01-01~2024-02-29');
  });
});
