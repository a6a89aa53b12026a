/**
 * The cases of a 수정세금계산서 (부가가치세법 §32⑦, 시행령 §70①) as the NTS standard and the providers number them
 * (modify code / AmendmentStatusCode 1–6), each with its documents, its 작성일자 and its issue deadline, all
 * computed from the day the cause arose (docs/tax-invoices.md "수정세금계산서"). Pure: the command
 * (amendments.ts) passes the original, the cause's date, today on the business clock and the holiday calendar.
 *
 * | code | case | 시행령 §70① | documents | 작성일자 | deadline |
 * | 1 | 기재사항 착오·정정 | 5, 6 (and 9 세율 착오) | − original, + corrected | the original's | 확정신고기한 + 1 year |
 * | 2 | 공급가액 변동 | 3 | ± the difference | the cause (증감 사유 발생일) | the cause's next month 10th |
 * | 3 | 환입 | 1 | − the returned amount | the cause (환입된 날) | the cause's next month 10th |
 * | 4 | 계약의 해제 | 2 | − original | the cause (계약해제일) | the cause's next month 10th |
 * | 5 | 내국신용장 사후 개설 | 4 | − original, + 영세율 | the original's | the opening's next month 10th |
 * | 6 | 착오에 의한 이중발급 | 7 (and 8 발급대상 아님) | − original | the original's | 확정신고기한 + 1 year |
 */
import { josa, particle } from '../../../lib/josa.js';
import { addDays, type HolidayCalendar, isNonBusinessDay } from './deadlines.js';

type AmendDocuments = 'NEGATIVE_AND_POSITIVE' | 'DIFFERENCE' | 'NEGATIVE' | 'NEGATIVE_AND_ZERO_RATED';

interface AmendCase {
  label: string;
  /** The items of 시행령 §70① the case stands for. */
  articles: string;
  documents: AmendDocuments;
  /** CAUSE: the cause's date is the 작성일자 (§70①1–3); ORIGINAL: the original's is kept. */
  writeDate: 'CAUSE' | 'ORIGINAL';
  /** NEXT_10TH: by the 10th of the month after the cause; RETURN_PLUS_YEAR: §70①6's year after the 확정신고기한. */
  deadline: 'NEXT_10TH' | 'RETURN_PLUS_YEAR';
  /** What the cause's date is, in the refusal that asks for it. */
  causeName: string;
}

export const AMEND_CASES = {
  1: {
    label: '기재사항 착오·정정',
    articles: '§70①5·6·9',
    documents: 'NEGATIVE_AND_POSITIVE',
    writeDate: 'ORIGINAL',
    deadline: 'RETURN_PLUS_YEAR',
    causeName: '착오를 안 날',
  },
  2: {
    label: '공급가액 변동',
    articles: '§70①3',
    documents: 'DIFFERENCE',
    writeDate: 'CAUSE',
    deadline: 'NEXT_10TH',
    causeName: '공급가액이 변동된 날',
  },
  3: {
    label: '환입',
    articles: '§70①1',
    documents: 'DIFFERENCE',
    writeDate: 'CAUSE',
    deadline: 'NEXT_10TH',
    causeName: '환입된 날',
  },
  4: {
    label: '계약의 해제',
    articles: '§70①2',
    documents: 'NEGATIVE',
    writeDate: 'CAUSE',
    deadline: 'NEXT_10TH',
    causeName: '계약해제일',
  },
  5: {
    label: '내국신용장 사후 개설',
    articles: '§70①4',
    documents: 'NEGATIVE_AND_ZERO_RATED',
    writeDate: 'ORIGINAL',
    deadline: 'NEXT_10TH',
    causeName: '내국신용장 개설일(구매확인서 발급일)',
  },
  6: {
    label: '착오에 의한 이중발급',
    articles: '§70①7·8',
    documents: 'NEGATIVE',
    writeDate: 'ORIGINAL',
    deadline: 'RETURN_PLUS_YEAR',
    causeName: '착오를 안 날',
  },
} as const satisfies Record<number, AmendCase>;
export type AmendCode = keyof typeof AMEND_CASES;

export const isAmendCode = (n: number): n is AmendCode => Object.hasOwn(AMEND_CASES, n);

/** `date`, or the first business day after it; a year whose holidays are not entered keeps the day itself (never later than the true deadline). */
function movedPastHolidays(date: string, calendar: HolidayCalendar): string {
  if (!calendar.years.has(Number(date.slice(0, 4)))) return date;
  let day = date;
  while (calendar.years.has(Number(day.slice(0, 4))) && isNonBusinessDay(day, calendar)) day = addDays(day, 1);
  return day;
}

/** The 10th of the month after `date` (부가가치세법 §34③'s day, applied to the cause). */
function tenthOfNextMonth(date: string): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return new Date(Date.UTC(y, m, 10)).toISOString().slice(0, 10);
}

/** The 확정신고기한 of the VAT period `writeDate` falls in (부가가치세법 §49①): 25 July for 1기, 25 January for 2기. */
export function returnDeadline(writeDate: string): string {
  const y = Number(writeDate.slice(0, 4));
  return Number(writeDate.slice(5, 7)) <= 6 ? `${y}-07-25` : `${y + 1}-01-25`;
}

/** The last day a 내국신용장 may be opened for case 5: 25 days after the supply's 과세기간 ends, moved past holidays (§70①4). */
export function localLcLimit(writeDate: string, calendar: HolidayCalendar): string {
  return movedPastHolidays(returnDeadline(writeDate), calendar);
}

/** One year after the 확정신고기한's next day: the last day §70①6 allows (moved past holidays). */
function yearAfterReturn(writeDate: string, calendar: HolidayCalendar): string {
  const next = addDays(returnDeadline(writeDate), 1);
  const sameDayNextYear = `${Number(next.slice(0, 4)) + 1}${next.slice(4)}`;
  return movedPastHolidays(addDays(sameDayNextYear, -1), calendar);
}

export interface AmendDates {
  writeDate: string;
  deadline: string;
}

/** The amendment's 작성일자 and issue deadline, from its case, the original's 작성일자 and the cause's date. */
export function amendDates(
  code: AmendCode,
  original: { writeDate: string },
  causeDate: string,
  calendar: HolidayCalendar,
): AmendDates {
  const c: AmendCase = AMEND_CASES[code];
  const writeDate = c.writeDate === 'CAUSE' ? causeDate : original.writeDate;
  const deadline =
    c.deadline === 'RETURN_PLUS_YEAR'
      ? yearAfterReturn(original.writeDate, calendar)
      : movedPastHolidays(tenthOfNextMonth(causeDate), calendar);
  return { writeDate, deadline };
}

export interface CauseProblem {
  code: 'VALIDATION' | 'LOCAL_LC_TOO_LATE';
  message: string;
}

/**
 * Why a cause date cannot stand, or null: missing, not a day, after today (business clock), before the
 * original's 작성일자 (a change, return or cancellation cannot precede the supply) or, for an error (1, 6), before
 * the original was issued, or — case 5 — a
 * 내국신용장 opened after the 25 days §70①4 allows.
 */
export function causeDateProblem(
  code: AmendCode,
  /** issueDate: the day the NTS approval number was given (its first eight digits). */
  original: { writeDate: string; issueDate?: string | null },
  causeDate: string | undefined,
  today: string,
  calendar: HolidayCalendar,
): CauseProblem | null {
  const name = AMEND_CASES[code].causeName;
  if (!causeDate) return { code: 'VALIDATION', message: `${name}(사유 발생일)을 입력하세요` };
  const d = new Date(`${causeDate}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(causeDate) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== causeDate)
    return { code: 'VALIDATION', message: `${josa(name, '이/가')} 올바른 날짜가 아닙니다: ${causeDate}` };
  if (causeDate > today)
    return {
      code: 'VALIDATION',
      message: `${name}(${causeDate})${particle(name, '이/가')} 오늘(${today})보다 늦습니다`,
    };
  // An error (1, 6) is found once the invoice exists, which may be before its 작성일자 (a 월합계 issued early); every
  // other cause dates the supply's change, which cannot precede the supply.
  if (AMEND_CASES[code].deadline === 'RETURN_PLUS_YEAR' && original.issueDate) {
    if (causeDate < original.issueDate)
      return {
        code: 'VALIDATION',
        message: `${name}(${causeDate})${particle(name, '이/가')} 당초 세금계산서 발급일(${original.issueDate})보다 앞섭니다`,
      };
  } else if (causeDate < original.writeDate)
    return {
      code: 'VALIDATION',
      message: `${name}(${causeDate})${particle(name, '이/가')} 당초 세금계산서 작성일자(${original.writeDate})보다 앞섭니다`,
    };
  if (code === 5) {
    const limit = localLcLimit(original.writeDate, calendar);
    if (causeDate > limit)
      return {
        code: 'LOCAL_LC_TOO_LATE',
        message: `내국신용장 개설일(${causeDate})이 과세기간 종료 후 25일(${limit})을 지나 수정세금계산서를 발급할 수 없습니다`,
      };
  }
  return null;
}

/**
 * An amendment's issue deadline from its own row: its case, its 작성일자 (the original's for 1, 5, 6) and its cause
 * date; null when it has no cause date (one taken in already issued, or made before the cause was asked for).
 */
export function amendmentDeadline(
  code: number | null,
  writeDate: string,
  causeDate: string | null,
  calendar: HolidayCalendar,
): string | null {
  if (code === null || causeDate === null || !isAmendCode(code)) return null;
  return amendDates(code, { writeDate }, causeDate, calendar).deadline;
}
