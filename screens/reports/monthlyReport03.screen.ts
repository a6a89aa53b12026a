import { spendScreen } from './report-defs';

/** /report/monthlyReport/monthlyReport03 — spend by supplier (협력사별 구매실적): a bar or a row opens the supplier's orders. */
export default spendScreen('03', 'getMonthlyReport03', 'supplier', { compNo: 'row.key' });
