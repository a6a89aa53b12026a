// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  AMEND_CASES,
  amendDates,
  causeDateProblem,
  localLcLimit,
  returnDeadline,
} from '../../../../server/modules/tax-invoices/amendment-cases';
import { calendarOf } from '../../../../server/modules/tax-invoices/deadlines';
import { HOLIDAY_SEED, HOLIDAY_SEED_YEARS } from '../../../../server/db/migrations/0941-public-holidays';

/** The calendar a new database is seeded with (migration 0941: 2024–2027). */
const SEEDED = calendarOf(
  HOLIDAY_SEED_YEARS,
  HOLIDAY_SEED.map(([d]) => d),
);
/** An original written for May 2026 (1기: 확정신고기한 2026-07-25, a Saturday). */
const ORIGINAL = { writeDate: '2026-05-31' };
const TODAY = '2026-11-28';

describe('수정세금계산서 by 시행령 §70①: each case its documents, 작성일자 and deadline', () => {
  it('the provider codes 1–6 and their documents', () => {
    expect(Object.entries(AMEND_CASES).map(([k, c]) => [Number(k), c.label, c.documents, c.writeDate])).toEqual([
      [1, '기재사항 착오·정정', 'NEGATIVE_AND_POSITIVE', 'ORIGINAL'],
      [2, '공급가액 변동', 'DIFFERENCE', 'CAUSE'],
      [3, '환입', 'DIFFERENCE', 'CAUSE'],
      [4, '계약의 해제', 'NEGATIVE', 'CAUSE'],
      [5, '내국신용장 사후 개설', 'NEGATIVE_AND_ZERO_RATED', 'ORIGINAL'],
      [6, '착오에 의한 이중발급', 'NEGATIVE', 'ORIGINAL'],
    ]);
  });

  it('2 공급가액 변동: dated the change, due the 10th after it (2026-10-10 a Saturday → Monday 12th)', () => {
    expect(amendDates(2, ORIGINAL, '2026-09-15', SEEDED)).toEqual({ writeDate: '2026-09-15', deadline: '2026-10-12' });
  });

  it('3 환입: dated the return, due the next month’s 10th (a Friday, kept)', () => {
    expect(amendDates(3, ORIGINAL, '2026-06-20', SEEDED)).toEqual({ writeDate: '2026-06-20', deadline: '2026-07-10' });
  });

  it('4 계약의 해제: dated the cancellation, due past the new year (2027-01-10 a Sunday → 11th)', () => {
    expect(amendDates(4, ORIGINAL, '2026-12-20', SEEDED)).toEqual({ writeDate: '2026-12-20', deadline: '2027-01-11' });
  });

  it('1 and 6: the original’s 작성일자, due a year after the 확정신고기한 (2027-07-25 a Sunday → 26th)', () => {
    expect(returnDeadline('2026-05-31')).toBe('2026-07-25');
    expect(returnDeadline('2026-07-31')).toBe('2027-01-25');
    for (const code of [1, 6] as const)
      expect(amendDates(code, ORIGINAL, '2026-11-02', SEEDED)).toEqual({
        writeDate: '2026-05-31',
        deadline: '2027-07-26',
      });
  });

  it('5 내국신용장 사후 개설: the original’s 작성일자, due the 10th after the opening; opened by 25 days after the period', () => {
    expect(amendDates(5, ORIGINAL, '2026-07-20', SEEDED)).toEqual({ writeDate: '2026-05-31', deadline: '2026-08-10' });
    // 2026-07-25 is a Saturday: the 25 days end on Monday the 27th.
    expect(localLcLimit('2026-05-31', SEEDED)).toBe('2026-07-27');
    expect(causeDateProblem(5, ORIGINAL, '2026-07-27', TODAY, SEEDED)).toBeNull();
    expect(causeDateProblem(5, ORIGINAL, '2026-07-28', TODAY, SEEDED)).toEqual({
      code: 'LOCAL_LC_TOO_LATE',
      message: expect.stringContaining('2026-07-27'),
    });
  });

  it('a deadline in a year whose holidays are not entered is the day itself, never later than the true one', () => {
    expect(amendDates(2, { writeDate: '2027-11-30' }, '2027-12-15', SEEDED).deadline).toBe('2028-01-10');
  });

  it('refuses a cause date missing, not a day, after today, or before the original’s 작성일자', () => {
    expect(causeDateProblem(3, ORIGINAL, undefined, TODAY, SEEDED)?.message).toBe(
      '환입된 날(사유 발생일)을 입력하세요',
    );
    expect(causeDateProblem(4, ORIGINAL, '2026-02-30', TODAY, SEEDED)?.message).toContain('올바른 날짜가 아닙니다');
    expect(causeDateProblem(2, ORIGINAL, '2026-11-29', TODAY, SEEDED)?.message).toBe(
      '공급가액이 변동된 날(2026-11-29)이 오늘(2026-11-28)보다 늦습니다',
    );
    expect(causeDateProblem(4, ORIGINAL, '2026-05-30', TODAY, SEEDED)?.message).toBe(
      '계약해제일(2026-05-30)이 당초 세금계산서 작성일자(2026-05-31)보다 앞섭니다',
    );
    expect(causeDateProblem(4, ORIGINAL, '2026-05-31', TODAY, SEEDED)).toBeNull();
    // An error is found once the invoice is issued, which a 월합계 may be before its 작성일자.
    const early = { writeDate: '2026-11-30', issueDate: '2026-11-20' };
    expect(causeDateProblem(1, early, '2026-11-25', TODAY, SEEDED)).toBeNull();
    expect(causeDateProblem(6, early, '2026-11-19', TODAY, SEEDED)?.message).toBe(
      '착오를 안 날(2026-11-19)이 당초 세금계산서 발급일(2026-11-20)보다 앞섭니다',
    );
    expect(causeDateProblem(2, early, '2026-11-25', TODAY, SEEDED)?.message).toContain('작성일자(2026-11-30)');
    expect(causeDateProblem(2, ORIGINAL, TODAY, TODAY, SEEDED)).toBeNull();
  });
});
