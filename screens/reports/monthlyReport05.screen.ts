import { spendScreen } from './report-defs';

/** /report/monthlyReport/monthlyReport05 — spend by sourcing group (소싱그룹별 구매실적). */
export default spendScreen('05', 'getMonthlyReport05', 'sourcingGroup', { sgCode: 'row.key' }, [
  { field: 'sgCode', label: 'screen.reports.f.sourcingGroup', widget: 'sourcingGroup' },
]);
