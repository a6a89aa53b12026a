// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  approvalNumberProblem,
  formatApprovalNumber,
  normalizeApprovalNumber,
} from '../../../../server/modules/tax-invoices/approval-number';
import {
  calendarOf,
  issueDeadline,
  issueDeadlineState,
  isNonBusinessDay,
  transmitDeadline,
  writeDateOf,
} from '../../../../server/modules/tax-invoices/deadlines';
import { checkHolidayDays } from '../../../../server/modules/tax-invoices/holidays';
import { HOLIDAY_SEED, HOLIDAY_SEED_YEARS } from '../../../../server/db/migrations/0941-public-holidays';

/** The calendar a new database is seeded with (migration 0941). */
const SEEDED = calendarOf(
  HOLIDAY_SEED_YEARS,
  HOLIDAY_SEED.map(([d]) => d),
);

describe('monthly combined invoice deadlines', () => {
  it('writes the invoice for the last day of its month', () => {
    expect(writeDateOf('2026-10')).toBe('2026-10-31');
    expect(writeDateOf('202602')).toBe('2026-02-28');
    expect(writeDateOf('2024-02')).toBe('2024-02-29');
    expect(() => writeDateOf('2026-13')).toThrow(/not a month/);
  });

  it('issues by the 10th of the next month, moved past weekends and holidays', () => {
    expect(issueDeadline('2026-11-30', SEEDED)).toBe('2026-12-10'); // a Thursday
    expect(issueDeadline('2026-09-30', SEEDED)).toBe('2026-10-12'); // the 10th a Saturday (the 9th 한글날): Monday
    expect(issueDeadline('2024-01-31', SEEDED)).toBe('2024-02-13'); // 설날 on the 10th, a Saturday, with its substitute day on the 12th
    expect(issueDeadline('2027-01-31', SEEDED)).toBe('2027-02-10'); // 설 연휴 6–9 Feb ends before the 10th
    expect(issueDeadline('2026-12-31', SEEDED)).toBe('2027-01-11'); // the 10th a Sunday
  });

  it('transmits by the day after issue, moved past non-business days', () => {
    expect(transmitDeadline('2026-12-09', SEEDED)).toBe('2026-12-10');
    expect(transmitDeadline('2026-09-23', SEEDED)).toBe('2026-09-28'); // 추석 24–26 Sep, then a Sunday
    expect(transmitDeadline('2027-12-24', SEEDED)).toBe('2027-12-28'); // 성탄절 on a Saturday: substitute Monday the 27th
  });

  it('warns from the 8th and is late after the deadline', () => {
    expect(issueDeadlineState('2026-11-30', '2026-12-07', SEEDED)).toBe('ON_TIME');
    expect(issueDeadlineState('2026-11-30', '2026-12-08', SEEDED)).toBe('DUE_SOON');
    expect(issueDeadlineState('2026-11-30', '2026-12-10', SEEDED)).toBe('DUE_SOON');
    expect(issueDeadlineState('2026-11-30', '2026-12-11', SEEDED)).toBe('LATE');
    expect(issueDeadlineState('2026-09-30', '2026-10-11', SEEDED)).toBe('DUE_SOON');
    expect(issueDeadlineState('2026-09-30', '2026-10-13', SEEDED)).toBe('LATE');
  });

  it('refuses a year without a holiday table instead of guessing', () => {
    expect(() => isNonBusinessDay('2031-03-04', SEEDED)).toThrow(/2031년 공휴일이 등록되지 않아/);
  });

  it('seeds only real dates of their own year, sorted, each year passing the calendar check', () => {
    const dates = HOLIDAY_SEED.map(([d]) => d);
    expect([...dates].sort()).toEqual(dates);
    for (const year of HOLIDAY_SEED_YEARS) {
      const days = HOLIDAY_SEED.filter(([d]) => d.startsWith(`${year}-`)).map(([date, name, kind]) => ({
        date,
        name,
        kind,
      }));
      expect(checkHolidayDays(year, days)).toEqual([]);
    }
  });

  it('counts 제헌절 from 2026 (공휴일에 관한 법률, 2026 amendment) and 근로자의 날 (국세기본법 §5①3)', () => {
    expect(isNonBusinessDay('2026-07-17', SEEDED)).toBe(true); // a Friday
    expect(isNonBusinessDay('2025-07-17', SEEDED)).toBe(false); // a Thursday, before the amendment
    expect(transmitDeadline('2026-07-16', SEEDED)).toBe('2026-07-20'); // 제헌절, then the weekend
    expect(isNonBusinessDay('2026-05-01', SEEDED)).toBe(true); // 근로자의 날, a Friday, in no table
    expect(transmitDeadline('2026-04-30', SEEDED)).toBe('2026-05-04');
    expect(transmitDeadline('2025-04-30', SEEDED)).toBe('2025-05-02'); // 5/1 a Thursday
  });

  it('moves a deadline falling on a holiday an operator adds to the next business day', () => {
    expect(issueDeadline('2026-10-31', SEEDED)).toBe('2026-11-10'); // a Tuesday
    const withNew = calendarOf(HOLIDAY_SEED_YEARS, [...SEEDED.days, '2026-11-10']);
    expect(issueDeadline('2026-10-31', withNew)).toBe('2026-11-11');
  });

  it('checks an entered year: real dates of that year, once each, named, with a kind, 1/1 and 12/25 present', () => {
    const ok = [
      { date: '2028-01-01', name: '신정', kind: 'HOLIDAY' },
      { date: '2028-12-25', name: '기독탄신일', kind: 'HOLIDAY' },
    ];
    expect(checkHolidayDays(2028, ok)).toEqual([]);
    const problems = checkHolidayDays(2028, [
      ...ok,
      { date: '2028-02-30', name: '설날', kind: 'HOLIDAY' },
      { date: '2027-05-05', name: '어린이날', kind: 'HOLIDAY' },
      { date: '2028-01-01', name: '', kind: 'HOLIDAY' },
      { date: '2028-06-06', name: '현충일', kind: 'MEMORIAL' },
    ]);
    expect(problems.map((p) => p.path)).toEqual([
      'body/days/2/date',
      'body/days/3/date',
      'body/days/4/date',
      'body/days/4/name',
      'body/days/5/kind',
    ]);
    expect(checkHolidayDays(2028, ok.slice(0, 1)).map((p) => p.message)).toEqual([
      expect.stringContaining('2028-12-25가 없습니다'),
    ]);
  });
});

describe('the NTS approval number', () => {
  it('is 24 digits, with or without the three groups’ dashes', () => {
    expect(normalizeApprovalNumber('20261209-41000042-00000123')).toBe('202612094100004200000123');
    expect(normalizeApprovalNumber('202612094100004200000123')).toBe('202612094100004200000123');
    expect(normalizeApprovalNumber('2026120941000042000001234')).toBeNull();
    expect(normalizeApprovalNumber('20261209-4100004200000123')).toBeNull();
    expect(formatApprovalNumber('202612094100004200000123')).toBe('20261209-41000042-00000123');
  });

  it('starts with a real date not before the invoice’s write date', () => {
    expect(approvalNumberProblem('20261209-41000042-00000123', '2026-11-30')).toBeNull();
    expect(approvalNumberProblem('20261130-41000042-00000123', '2026-11-30')).toBeNull();
    expect(approvalNumberProblem('20261129-41000042-00000123', '2026-11-30')).toBe('BEFORE_WRITE_DATE');
    expect(approvalNumberProblem('20261231-41000042-00000123', '2026-11-30')).toBeNull();
    expect(approvalNumberProblem('20260230-41000042-00000123', '2026-01-31')).toBe('DATE');
    expect(approvalNumberProblem('2026-12-09-4100004200000', '2026-11-30')).toBe('FORMAT');
  });
});
