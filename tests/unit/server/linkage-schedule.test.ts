import { describe, expect, it } from 'vitest';
import { comparisonPoints, comparisonWindow, meanValue, plusMonths } from '../../../server/domain/linkage-schedule.js';

describe('납품대금 연동 schedule: 조정주기 points and comparison values', () => {
  it('adds calendar months, a day past the month’s end becoming its last day, across years and back', () => {
    expect(plusMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(plusMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(plusMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(plusMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(plusMonths('2026-01-10', -1)).toBe('2025-12-10');
    expect(plusMonths('2026-05-20', 12)).toBe('2027-05-20');
  });

  it('counts each point from 기준시점, so a short month does not move the later ones', () => {
    const all = { after: '2026-01-31', from: '2026-01-01', to: '2026-12-31' };
    expect(comparisonPoints('2026-01-31', 1, all).slice(0, 3)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    expect(comparisonPoints('2026-01-31', 3, all)).toEqual(['2026-04-30', '2026-07-31', '2026-10-31']);
  });

  it('keeps the points after `after` and within [from, to], both ends included', () => {
    expect(comparisonPoints('2026-01-15', 1, { after: '2026-02-15', from: '2026-01-01', to: '2026-05-15' })).toEqual([
      '2026-03-15',
      '2026-04-15',
      '2026-05-15',
    ]);
    // Before the agreement's first valid day: no prices to adjust yet.
    expect(comparisonPoints('2026-01-15', 1, { after: '2026-01-15', from: '2026-03-15', to: '2026-04-14' })).toEqual([
      '2026-03-15',
    ]);
    expect(comparisonPoints('2026-01-15', 1, { after: '2026-01-15', from: '2026-01-01', to: '2026-02-14' })).toEqual(
      [],
    );
  });

  it('reads the point itself (DAY) or the whole calendar month before it (MONTH_AVG)', () => {
    expect(comparisonWindow('2026-03-15', 'DAY')).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    expect(comparisonWindow('2026-03-15', 'MONTH_AVG')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(comparisonWindow('2028-03-01', 'MONTH_AVG')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(comparisonWindow('2027-01-31', 'MONTH_AVG')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('means the values exactly, half up to 4 decimals; none is no value', () => {
    expect(meanValue([])).toBeNull();
    expect(meanValue(['131.7750'])).toBe('131.7750');
    expect(meanValue(['130', '132', '133.325'])).toBe('131.7750');
    expect(meanValue(['1', '2', '2'])).toBe('1.6667');
    expect(meanValue(['1.0001', '1.0002'])).toBe('1.0002');
    expect(meanValue(['1.0001', '1.0001', '1.0002'])).toBe('1.0001');
  });
});
