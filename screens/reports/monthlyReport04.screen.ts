import { spendScreen } from './report-defs';

/** /report/monthlyReport/monthlyReport04 — spend by item category (품목분류별 구매실적). */
export default spendScreen('04', 'getMonthlyReport04', 'category', { catCode: 'row.key' });
