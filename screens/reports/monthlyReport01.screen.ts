import { spendScreen } from './report-defs';

/** /report/monthlyReport/monthlyReport01 — spend by business section (사업부문별 구매실적). */
export default spendScreen('01', 'getMonthlyReport01', 'section', { section: 'row.key' });
