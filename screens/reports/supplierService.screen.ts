import type { ListScreenDef } from '../../engine/define';
import { drill, orgFilters, t } from './report-defs';

const L = 'screen.reports.supplierService.f';
const n = (field: string, total = false): ListScreenDef['columns'][number] => ({
  field,
  type: 'number',
  width: 90,
  ...(total ? { total: 'sum' as const } : {}),
});
const won = (field: string): ListScreenDef['columns'][number] => ({
  field,
  type: 'money',
  currency: 'KRW',
  width: 130,
  total: 'sum',
});
const yesNo = ['Y', 'N'].map((value) => ({ value, text: t(`supplierService.tail.${value}`) }));
/** The supplier's late receipt lines of the period (reports.lateReceipts, in a dialog). */
const late = {
  screen: 'reports.lateReceipts',
  dialog: true,
  query: {
    fromMonth: 'filters.months.from',
    toMonth: 'filters.months.to',
    section: 'filters.section.topDept',
    deptcd: 'filters.deptcd.deptcd',
    compNo: 'row.compNo',
  },
};

/**
 * /supplierService — 협력사 서비스 수준 (docs/reports.md "Supplier service"): per supplier, days to confirm
 * (sent → acknowledged), service level (received ÷ ordered), days to receive, on-time receipts, its share
 * of the spend and whether it is tail spend. The chart draws service level and on-time % of the largest
 * suppliers; a supplier's name opens its orders, its late count the late receipts.
 */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.supplierService',
  route: '/supplierService',
  title: t('supplierService.title'),
  labels: L,
  description: 'Supplier service level; one SQL statement on the server (docs/reports.md).',
  source: { operation: 'getSupplierService', rowKey: 'compNo', defaultSort: 'orderedKrw:desc', pageSize: 500 },
  filters: orgFilters,
  rememberFilters: true,
  totals: true,
  chart: {
    kind: 'bar',
    x: 'compNameKr',
    series: [{ field: 'serviceLevelPct' }, { field: 'onTimePct' }],
    limit: 20,
    drill: drill({ compNo: 'row.compNo' }),
  },
  columns: [
    { field: 'compNo', width: 90, total: { label: 'engine.totalLabel' } },
    { field: 'compNameKr', width: 160, link: drill({ compNo: 'row.compNo' }) },
    n('poCount', true),
    n('sentCount', true),
    n('ackCount', true),
    n('avgConfirmDays'),
    won('orderedKrw'),
    won('receivedValueKrw'),
    n('serviceLevelPct'),
    n('receiptLineCount', true),
    n('avgReceiveDays'),
    n('onTimeCount', true),
    { ...n('lateCount', true), link: late },
    n('onTimePct'),
    n('sharePct'),
    n('cumulativePct'),
    { field: 'tail', type: 'code', options: yesNo, width: 80 },
  ],
  actions: [{ kind: 'exportExcel', fileName: t('supplierService.title') }],
};
export default def;
