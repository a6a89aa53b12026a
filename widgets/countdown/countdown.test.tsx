import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render';
import { Countdown, splitSeconds } from './countdown';

describe('Countdown (the time left as the server counted it, ticking)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it.each([
    [0, 0, '00:00:00'],
    [59, 0, '00:00:59'],
    [3 * 3600 + 125, 0, '03:02:05'],
    [86_400 + 61, 1, '00:01:01'],
  ])('%i s → %i day(s) %s', (seconds, days, time) => {
    expect(splitSeconds(seconds)).toEqual({ days, time });
  });

  it('counts down from the value it is given, not from the browser’s clock setting, and says 마감됨 at zero', () => {
    vi.setSystemTime(new Date('2001-01-01T00:00:00Z'));
    renderWidget(<Countdown label="마감까지 남은 시간" value={3} />);
    const timer = screen.getByRole('timer', { name: '마감까지 남은 시간' });
    expect(timer).toHaveTextContent('00:00:03');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('00:00:02');
    act(() => vi.advanceTimersByTime(5000));
    expect(timer).toHaveTextContent('마감됨');
  });

  it('shows days and starts again from a new value', () => {
    const { rerenderWidget } = renderWidget(<Countdown label="남은 시간" value={90_061} />);
    expect(screen.getByRole('timer', { name: '남은 시간' })).toHaveTextContent('1일 01:01:01');
    rerenderWidget(<Countdown label="남은 시간" value={10} />);
    expect(screen.getByRole('timer', { name: '남은 시간' })).toHaveTextContent('00:00:10');
  });

  it('says nothing without a value', () => {
    renderWidget(<Countdown label="남은 시간" value={null} />);
    expect(screen.getByRole('timer', { name: '남은 시간' })).toHaveTextContent('');
  });
});
