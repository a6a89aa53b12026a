import type { ListScreenDef } from '../../engine/define';
import { orgFilters, t } from './report-defs';

/** The five references savings are measured against (getSpendSavings' bases), in the order the screen shows them. */
const BASES = ['firstQuote', 'avgQuote', 'secondPrice', 'agreement', 'estimate'] as const;
const L = 'screen.reports.spendSavings.f';
const won = (field: string): ListScreenDef['columns'][number] => ({
  field,
  type: 'money',
  currency: 'KRW',
  width: 130,
  total: 'sum',
});
const count = (field: string): ListScreenDef['columns'][number] => ({ field, type: 'number', width: 90, total: 'sum' });
const byOptions = ['buyer', 'category'].map((value) => ({ value, text: t(`spendSavings.by.${value}`) }));

/**
 * /spendSavings — 구매 절감 실적 (docs/reports.md "Savings"): per buyer or item category, savings against
 * five references — the first quotation, the average quotation, the tender's or auction's second price,
 * the framework agreement's price and the request's estimate —, each (reference − awarded) × quantity in
 * won over the lines that have that reference only (the chart's title and each "… 있는 품목" column say
 * so). A row's name opens its orders (reports.orderDrill, the buyer or the category).
 */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.spendSavings',
  route: '/spendSavings',
  title: t('spendSavings.title'),
  labels: L,
  description: 'Savings four ways; one SQL statement on the server (docs/reports.md).',
  source: { operation: 'getSpendSavings', rowKey: 'key', defaultSort: 'orderedKrw:desc', pageSize: 500 },
  filters: [
    ...orgFilters,
    { field: 'by', widget: 'select', options: byOptions, default: 'buyer', emptyOption: 'none' },
  ],
  rememberFilters: true,
  totals: true,
  chart: {
    kind: 'bar',
    title: t('spendSavings.chart'),
    x: 'name',
    series: BASES.map((b) => ({ field: `${b}SavingsKrw` })),
    limit: 20,
  },
  columns: [
    { field: 'key', width: 100, total: { label: 'engine.totalLabel' } },
    { field: 'name', width: 160 },
    count('lineCount'),
    won('orderedKrw'),
    ...BASES.flatMap((b) => [
      count(`${b}Lines`),
      won(`${b}ReferenceKrw`),
      won(`${b}AwardedKrw`),
      won(`${b}SavingsKrw`),
      { field: `${b}Pct`, type: 'number' as const, width: 80 },
    ]),
  ],
  actions: [{ kind: 'exportExcel', fileName: t('spendSavings.title') }],
};
export default def;
