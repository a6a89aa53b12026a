// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  approvalNumberProblem,
  formatApprovalNumber,
  normalizeApprovalNumber,
} from '../../../../server/modules/tax-invoices/approval-number';
import {
  issueDeadline,
  issueDeadlineState,
  isNonBusinessDay,
  transmitDeadline,
  writeDateOf,
} from '../../../../server/modules/tax-invoices/deadlines';
import { KOREAN_HOLIDAYS } from '../../../../server/modules/tax-invoices/korean-holidays';

describe('monthly combined invoice deadlines', () => {
  it('writes the invoice for the last day of its month', () => {
    expect(writeDateOf('2026-10')).toBe('2026-10-31');
    expect(writeDateOf('202602')).toBe('2026-02-28');
    expect(writeDateOf('2024-02')).toBe('2024-02-29');
    expect(() => writeDateOf('2026-13')).toThrow(/not a month/);
  });

  it('issues by the 10th of the next month, moved past weekends and holidays', () => {
    expect(issueDeadline('2026-11-30')).toBe('2026-12-10'); // a Thursday
    expect(issueDeadline('2026-09-30')).toBe('2026-10-12'); // the 10th a Saturday (the 9th 한글날): Monday
    expect(issueDeadline('2024-01-31')).toBe('2024-02-13'); // 설날 on the 10th, a Saturday, with its substitute day on the 12th
    expect(issueDeadline('2027-01-31')).toBe('2027-02-10'); // 설 연휴 6–9 Feb ends before the 10th
    expect(issueDeadline('2026-12-31')).toBe('2027-01-11'); // the 10th a Sunday
  });

  it('transmits by the day after issue, moved past non-business days', () => {
    expect(transmitDeadline('2026-12-09')).toBe('2026-12-10');
    expect(transmitDeadline('2026-09-23')).toBe('2026-09-28'); // 추석 24–26 Sep, then a Sunday
    expect(transmitDeadline('2027-12-24')).toBe('2027-12-28'); // 성탄절 on a Saturday: substitute Monday the 27th
  });

  it('warns from the 8th and is late after the deadline', () => {
    expect(issueDeadlineState('2026-11-30', '2026-12-07')).toBe('ON_TIME');
    expect(issueDeadlineState('2026-11-30', '2026-12-08')).toBe('DUE_SOON');
    expect(issueDeadlineState('2026-11-30', '2026-12-10')).toBe('DUE_SOON');
    expect(issueDeadlineState('2026-11-30', '2026-12-11')).toBe('LATE');
    expect(issueDeadlineState('2026-09-30', '2026-10-11')).toBe('DUE_SOON');
    expect(issueDeadlineState('2026-09-30', '2026-10-13')).toBe('LATE');
  });

  it('refuses a year without a holiday table instead of guessing', () => {
    expect(() => isNonBusinessDay('2031-03-04')).toThrow(/no Korean holiday table for 2031/);
  });

  it('holds only real dates of their own year, sorted', () => {
    for (const [year, days] of Object.entries(KOREAN_HOLIDAYS)) {
      expect([...days].sort()).toEqual(days);
      for (const day of days) {
        expect(day.startsWith(`${year}-`)).toBe(true);
        expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10)).toBe(day);
      }
    }
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
