/**
 * The report screens' shared parts (docs/reports.md): the period (month range, ≤ 36 months),
 * section and department filters with the spec §6 prefill, money columns in won, and the
 * drill-down link to the orders behind a bar or a row (reports.orderDrill, in a dialog).
 * Every report is a list definition with a `chart` over the same rows as its grid.
 */
import type { ListScreenDef } from '../../engine/define';

type Filter = NonNullable<ListScreenDef['filters']>[number];
type Column = ListScreenDef['columns'][number];
type Link = NonNullable<Column['link']>;

const P = 'screen.reports';
/** screen.reports.<key> */
export const t = (key: string) => `${P}.${key}`;
/** A field label: screen.reports.f.<name> */
export const f = (name: string) => `${P}.f.${name}`;

export const periodFilter: Filter = {
  field: 'months',
  label: f('months'),
  widget: 'monthRange',
  params: { from: 'fromMonth', to: 'toMonth' },
  required: true,
  default: { preset: 'thisYear' },
  span: 2,
};
const sectionFilter: Filter = {
  field: 'section',
  label: f('section'),
  widget: 'businessSection',
  prefill: 'section',
};
const deptFilter: Filter = {
  field: 'deptcd',
  label: f('dept'),
  widget: 'department',
  dependsOn: 'section',
  prefill: 'department',
};
export const orgFilters: Filter[] = [periodFilter, sectionFilter, deptFilter];

export const won = (field: string, label = field, total = true): Column => ({
  field,
  label: f(label),
  type: 'money',
  currency: 'KRW',
  width: 130,
  ...(total ? { total: 'sum' as const } : {}),
});
export const num = (field: string, label = field, width = 90): Column => ({
  field,
  label: f(label),
  type: 'number',
  width,
});

/** The orders behind a figure: the report's period, section and department, and `extra` (expressions over the row). */
export function drill(
  extra: Record<string, string> = {},
  basis?: 'po' | 'receipt' | 'settlement' | 'newSupplier',
): Link {
  return {
    screen: 'reports.orderDrill',
    dialog: true,
    query: {
      fromMonth: 'filters.months.from',
      toMonth: 'filters.months.to',
      section: 'filters.section.topDept',
      deptcd: 'filters.deptcd.deptcd',
      ...(basis ? { basis: `'${basis}'` } : {}),
      ...extra,
    },
  };
}

/** A month row's own month as the drill's period. */
export const monthDrill = (basis?: 'po' | 'receipt' | 'settlement' | 'newSupplier') =>
  drill({ fromMonth: 'row.month', toMonth: 'row.month' }, basis);

/** Reports read summaries the job keeps: while months of the period wait for a rebuild, the list offers to rebuild them now. */
export const rebuildSummary = {
  operation: 'rebuildReportSummary',
  params: { body: { fromMonth: 'filters.months.from', toMonth: 'filters.months.to' } },
};

export const exportAction = (name: string): NonNullable<ListScreenDef['actions']>[number] => ({
  kind: 'exportExcel',
  fileName: t(`${name}.title`),
});

/** Spend by a dimension (monthlyReport01–05): a bar per group (won, KRW and converted JPY stacked), a grid with totals. */
export function spendScreen(
  nn: string,
  operation: string,
  keyLabel: string,
  drillKey: Record<string, string>,
  extraFilters: Filter[] = [],
): ListScreenDef {
  const name = `monthlyReport${nn}`;
  const link = drill(drillKey);
  return {
    kind: 'list',
    id: `reports.${name}`,
    route: `/report/monthlyReport/${name}`,
    title: t(`${name}.title`),
    description: `Spend by ${keyLabel}: one SQL aggregation (docs/reports.md); a bar or a row opens the orders behind it.`,
    source: { operation, rowKey: 'key', defaultSort: 'totalKrw:desc', pageSize: 500, rebuild: rebuildSummary },
    filters: [...orgFilters, ...extraFilters],
    rememberFilters: true,
    totals: true,
    chart: {
      kind: 'stackedBar',
      x: 'name',
      series: [
        { field: 'krwAmount', label: f('krwAmount') },
        { field: 'jpyKrwAmount', label: f('jpyKrwAmount') },
      ],
      limit: 20,
      drill: link,
    },
    columns: [
      { field: 'key', label: f(keyLabel + 'Code'), width: 100 },
      { field: 'name', label: f(keyLabel), width: 200, link, total: { label: 'engine.totalLabel' } },
      num('poCount'),
      num('lineCount'),
      won('krwAmount'),
      { field: 'jpyAmount', label: f('jpyAmount'), type: 'money', currency: 'JPY', width: 120, total: 'sum' },
      won('jpyKrwAmount'),
      won('totalKrw'),
      num('sharePct'),
    ],
    actions: [exportAction(name)],
  };
}
