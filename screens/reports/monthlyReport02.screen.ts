import { spendScreen } from './report-defs';

/** /report/monthlyReport/monthlyReport02 — spend by department (부서별 구매실적). */
export default spendScreen('02', 'getMonthlyReport02', 'dept', { deptcd: 'row.key' });
