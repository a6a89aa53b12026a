import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render';
import { DateTimeInput, joinKorean, koreanParts } from './date-time-input';

function Host({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeInput label="입찰 마감" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('DateTimeInput (a moment in Korean time, chosen with the date and time pickers)', { timeout: 30_000 }, () => {
  it.each([
    ['2026-12-01T01:00:00.000Z', '2026-12-01', '10:00'],
    ['2026-12-01T16:30:00Z', '2026-12-02', '01:30'],
    ['2026-12-01T10:00:00+09:00', '2026-12-01', '10:00'],
    ['2026-12-01 10:00', '2026-12-01', '10:00'],
    ['', '', ''],
  ])('reads %s as %s %s (Korean time, whatever the browser’s zone)', (value, date, time) => {
    expect(koreanParts(value)).toEqual({ date, time });
  });

  it('joins the parts as the server takes them', () => {
    expect(joinKorean('2026-12-01', '10:00')).toBe('2026-12-01 10:00');
    expect(joinKorean('2026-12-01', '')).toBe('2026-12-01');
  });

  it('shows a loaded instant in Korean time and sends the date and time chosen, labelled for each', async () => {
    renderWidget(<Host initial="2026-12-01T01:00:00.000Z" />);
    const date = screen.getByLabelText('입찰 마감');
    const time = screen.getByLabelText('입찰 마감 시각');
    expect(date).toHaveValue('2026-12-01');
    expect(time).toHaveValue('10:00');
    expect(screen.getByRole('button', { name: '달력 열기' })).toBeInTheDocument();
    await userEvent.clear(date);
    await userEvent.type(date, '20261215{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-12-15 10:00');
    fireEvent.change(time, { target: { value: '17:30' } });
    expect(screen.getByTestId('value')).toHaveTextContent('2026-12-15 17:30');
  });

  it('marks the time invalid with the message from outside', () => {
    renderWidget(
      <DateTimeInput label="입찰 시작" value="" onChange={() => undefined} invalid="필수 입력 항목입니다." />,
    );
    expect(screen.getByLabelText('입찰 시작 시각')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('필수 입력 항목입니다.')).toBeInTheDocument();
  });
});
