/**
 * The report period: a month range `fromMonth`–`toMonth` (YYYYMM, both included), at most 36
 * months and not reversed (400 REPORT_PERIOD otherwise), as the dates the SQL compares with.
 */
import { badRequest } from '../../http/errors.js';

const MAX_REPORT_MONTHS = 36;

export interface ReportPeriod {
  fromMonth: string;
  toMonth: string;
  /** First day of fromMonth, YYYY-MM-DD. */
  fromDate: string;
  /** First day of the month after toMonth (exclusive end), YYYY-MM-DD. */
  toDateExclusive: string;
  months: number;
}

const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(4, 6)) - 1;
const monthOf = (i: number) => `${Math.floor(i / 12)}${String((i % 12) + 1).padStart(2, '0')}`;
const firstDay = (m: string) => `${m.slice(0, 4)}-${m.slice(4, 6)}-01`;

export function reportPeriod(fromMonth: string | undefined, toMonth: string | undefined): ReportPeriod {
  if (!fromMonth || !toMonth)
    throw badRequest('REPORT_PERIOD', '조회 기간(시작월과 종료월)을 입력하세요', [
      { path: `querystring/${fromMonth ? 'toMonth' : 'fromMonth'}`, message: '필수' },
    ]);
  const months = index(toMonth) - index(fromMonth) + 1;
  if (months < 1)
    throw badRequest('REPORT_PERIOD', '조회 시작월이 종료월보다 늦습니다', [
      { path: 'querystring/fromMonth', message: '시작월 ≤ 종료월' },
    ]);
  if (months > MAX_REPORT_MONTHS)
    throw badRequest('REPORT_PERIOD', `조회 기간은 ${MAX_REPORT_MONTHS}개월을 넘을 수 없습니다`, [
      { path: 'querystring/toMonth', message: `최대 ${MAX_REPORT_MONTHS}개월` },
    ]);
  return {
    fromMonth,
    toMonth,
    fromDate: firstDay(fromMonth),
    toDateExclusive: firstDay(monthOf(index(toMonth) + 1)),
    months,
  };
}
