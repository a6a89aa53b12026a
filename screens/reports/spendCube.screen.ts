import type { ListScreenDef } from '../../engine/define';
import { num, orgFilters, rebuildSummary, t, won } from './report-defs';

/** The cube's dimensions (getSpendCube's dim1 / dim2), each with its name. */
const DIMENSIONS = ['supplier', 'category', 'sourcingGroup', 'department', 'section', 'buyer', 'month', 'quarter'];
const options = DIMENSIONS.map((d) => ({ value: d, text: t(`spendCube.dim.${d}`) }));

/**
 * /spendCube — 구매 지출 분석 (docs/reports.md "The spend cube"): the spend cube by one or two
 * dimensions as a pivot (rows × columns with totals, the previous period and the change beside each
 * cell), a chart of the row totals, the measure (ordered, received, settled) chosen above it; any cell drills to its orders
 * (reports.orderDrill, the cell's dimensions and keys translated into filters by the server). The
 * Excel download is written by the server's export job laid out as the pivot: a sheet per measure (rows ×
 * columns, the previous period and the change, totals), then the cube's rows as the columns below say.
 */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.spendCube',
  route: '/spendCube',
  title: t('spendCube.title'),
  description: 'The spend cube as a pivot; one SQL statement on the server (docs/reports.md).',
  source: {
    operation: 'getSpendCube',
    rowKey: 'key1',
    defaultSort: 'totalKrw:desc',
    pageSize: 500,
    rebuild: rebuildSummary,
  },
  filters: [
    ...orgFilters,
    { field: 'dim1', label: t('spendCube.rows'), widget: 'select', options, emptyOption: 'none', default: 'supplier' },
    {
      field: 'dim2',
      label: t('spendCube.columns'),
      widget: 'select',
      options,
      emptyOption: 'choose',
      default: 'month',
    },
  ],
  rememberFilters: true,
  totals: true,
  pivot: {
    row: { key: 'key1', label: 'name1', dimension: 'dim1' },
    column: { key: 'key2', label: 'name2', dimension: 'dim2' },
    measures: [
      { field: 'totalKrw', previous: 'prevTotalKrw', label: t('spendCube.m.totalKrw'), type: 'money', currency: 'KRW' },
      { field: 'poCount', previous: 'prevPoCount', label: t('spendCube.m.poCount') },
      { field: 'lineCount', previous: 'prevLineCount', label: t('spendCube.m.lineCount') },
      {
        field: 'receivedKrw',
        previous: 'prevReceivedKrw',
        label: t('spendCube.m.receivedKrw'),
        type: 'money',
        currency: 'KRW',
      },
      {
        field: 'settledKrw',
        previous: 'prevSettledKrw',
        label: t('spendCube.m.settledKrw'),
        type: 'money',
        currency: 'KRW',
      },
      { field: 'receivedLineCount', label: t('spendCube.m.receivedLineCount') },
    ],
    chart: { limit: 20 },
    drill: {
      screen: 'reports.orderDrill',
      dialog: true,
      query: {
        fromMonth: 'filters.months.from',
        toMonth: 'filters.months.to',
        section: 'filters.section.topDept',
        deptcd: 'filters.deptcd.deptcd',
        dim1: 'filters.dim1',
        key1: 'row.key1',
        dim2: 'filters.dim2',
        key2: 'row.key2',
      },
    },
  },
  columns: [
    { field: 'key1', label: t('spendCube.key1') },
    { field: 'name1', label: t('spendCube.name1'), width: 180 },
    { field: 'key2', label: t('spendCube.key2') },
    { field: 'name2', label: t('spendCube.name2'), width: 180 },
    num('poCount'),
    num('lineCount'),
    won('totalKrw'),
    num('prevPoCount', 'prevPoCount'),
    num('prevLineCount', 'prevLineCount'),
    won('prevTotalKrw'),
    num('changePct'),
    num('receivedLineCount', 'receivedLineCount'),
    won('receivedKrw'),
    won('prevReceivedKrw'),
    num('settledLineCount', 'settledLineCount'),
    won('settledKrw'),
    won('prevSettledKrw'),
  ],
  // Written by the server's export job as the pivot (engine/list/pivot-export.ts), the rows after it as `columns` say.
  actions: [{ kind: 'exportExcel', fileName: t('spendCube.title'), server: true }],
};
export default def;
