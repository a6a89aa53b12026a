import { defineListScreen } from '../../engine/define';
import { COUNT_STATUS, f, t } from './labels';

/**
 * /assetInventoryList — inventory counts (자산실사): plan a count for a location, open a count to
 * record found / missing / moved per asset (assets.assetCountLines, a dialog), close it; the
 * differences (missing, moved, not counted) stay listed.
 */
export default defineListScreen({
  id: 'assets.assetInventoryList',
  route: '/assetInventoryList',
  title: t('assetInventoryList.title'),
  labels: 'screen.assets.f',
  source: { operation: 'listAssetCounts', rowKey: 'countNo', defaultSort: 'countNo:desc' },
  filters: [
    { field: 'location' },
    { field: 'status', label: f('countStatus'), widget: 'multiSelect', options: COUNT_STATUS },
  ],
  rememberFilters: true,
  selection: 'single',
  columns: [
    {
      field: 'countNo',
      width: 130,
      link: { screen: 'assets.assetCountLines', dialog: true, query: { countNo: 'row.countNo' } },
    },
    { field: 'title', label: f('countTitle'), width: 200 },
    { field: 'location', width: 150 },
    { field: 'plannedDate', type: 'date', width: 100 },
    { field: 'status', label: f('countStatus'), type: 'code', options: COUNT_STATUS, width: 80 },
    { field: 'expectedCount', type: 'number', width: 80 },
    { field: 'foundCount', type: 'number', width: 70 },
    { field: 'missingCount', type: 'number', width: 70 },
    { field: 'movedCount', type: 'number', width: 70 },
    { field: 'uncountedCount', type: 'number', width: 80 },
    { field: 'closedAt', type: 'datetime', width: 130 },
  ],
  rowOpen: { screen: 'assets.assetCountLines', dialog: true, query: { countNo: 'row.countNo' } },
  actions: [
    {
      kind: 'call',
      id: 'plan',
      label: t('a.plan'),
      operation: 'planAssetCount',
      variant: 'primary',
      prompt: {
        fields: [
          { field: 'title', label: f('countTitle'), required: true, maxLength: 200 },
          { field: 'location', required: true, maxLength: 100 },
          { field: 'plannedDate', widget: 'date', required: true, default: { today: 0 } },
        ],
      },
      params: { body: { title: 'input.title', location: 'input.location', plannedDate: 'input.plannedDate' } },
      success: t('a.planned'),
    },
    {
      kind: 'open',
      id: 'record',
      label: t('a.record'),
      screen: 'assets.assetCountLines',
      dialog: true,
      query: { countNo: 'row.countNo' },
      enabled: 'selection == 1',
    },
    {
      kind: 'call',
      id: 'close',
      label: t('a.close'),
      operation: 'closeAssetCount',
      selection: 'single',
      variant: 'danger',
      enabled: "row.status == 'OPEN'",
      confirm: t('a.closeConfirm'),
      params: { path: { countNo: 'row.countNo' }, body: { version: 'row.version' } },
      success: t('a.closed'),
    },
    { kind: 'exportExcel', fileName: t('assetInventoryList.title') },
  ],
});
