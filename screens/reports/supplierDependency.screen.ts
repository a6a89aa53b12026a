import type { ListScreenDef } from '../../engine/define';
import { drill, orgFilters, rebuildSummary, t } from './report-defs';

const won = (field: string): ListScreenDef['columns'][number] => ({
  field,
  type: 'money',
  currency: 'KRW',
  width: 130,
  total: 'sum',
});
/** The category's orders from its largest supplier. */
const top = drill({ catCode: 'row.catCode', compNo: 'row.topCompNo' });

/**
 * /supplierDependency — 협력사 의존도 (docs/reports.md "Supplier service", dependency): per item category,
 * the ordered won, how many suppliers hold it and the share of the largest, most dependent first; a bar
 * or the supplier's name opens the category's orders from it.
 */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.supplierDependency',
  route: '/supplierDependency',
  title: t('supplierDependency.title'),
  labels: 'screen.reports.supplierDependency.f',
  description: 'Category dependency on one supplier; one SQL statement over the monthly summary (docs/reports.md).',
  source: {
    operation: 'getSupplierDependency',
    rowKey: 'catCode',
    defaultSort: 'topSharePct:desc',
    pageSize: 500,
    rebuild: rebuildSummary,
  },
  filters: orgFilters,
  rememberFilters: true,
  totals: true,
  chart: { kind: 'bar', x: 'catName', series: [{ field: 'topSharePct' }], limit: 20, drill: top },
  columns: [
    { field: 'catCode', width: 100, total: { label: 'engine.totalLabel' } },
    { field: 'catName', width: 160 },
    won('categoryKrw'),
    { field: 'supplierCount', type: 'number', width: 80 },
    { field: 'topCompName', width: 160, link: top },
    won('topKrw'),
    { field: 'topSharePct', type: 'number', width: 90 },
  ],
  actions: [{ kind: 'exportExcel', fileName: t('supplierDependency.title') }],
};
export default def;
