import { defineListScreen } from '../../engine/define';
import { ASSET_STATUS, f, t } from './labels';

/**
 * /assetManagementList — the asset register (자산현황): number, name, category, location,
 * department, custodian, acquisition date and cost, status, and the receipt and order it came
 * from. Transfer to another department, custodian or location; dispose with a reason.
 */
export default defineListScreen({
  id: 'assets.assetManagementList',
  route: '/assetManagementList',
  title: t('assetManagementList.title'),
  labels: 'screen.assets.f',
  source: { operation: 'listAssets', rowKey: 'assetNo', defaultSort: 'assetNo:desc' },
  filters: [
    { field: 'assetNo' },
    { field: 'assetName' },
    { field: 'location' },
    { field: 'deptcd', label: f('dept'), widget: 'department' },
    { field: 'status', widget: 'multiSelect', options: ASSET_STATUS, default: ['IN_USE'] },
    { field: 'poNo' },
  ],
  rememberFilters: true,
  selection: 'single',
  columns: [
    { field: 'assetNo', width: 130 },
    { field: 'assetName', width: 200 },
    { field: 'catName', width: 120 },
    { field: 'location', width: 150 },
    { field: 'deptnm', label: f('dept'), width: 120 },
    { field: 'custodianName', label: f('custodian'), width: 90 },
    { field: 'acquiredDate', type: 'date', width: 100 },
    { field: 'acquisitionCost', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'currency', width: 60 },
    { field: 'status', type: 'code', options: ASSET_STATUS, width: 80 },
    { field: 'disposeReason', width: 160 },
    { field: 'whReqNo', width: 130 },
    { field: 'poNo', width: 130, link: { screen: 'purchaseOrder.orderRequestEdit', query: { poNo: 'row.poNo' } } },
    { field: 'compNameKr', label: f('supplier'), width: 150 },
  ],
  actions: [
    {
      kind: 'call',
      id: 'transfer',
      label: t('a.transfer'),
      operation: 'transferAsset',
      selection: 'single',
      variant: 'primary',
      enabled: "row.status == 'IN_USE'",
      prompt: {
        message: t('a.transferHelp'),
        fields: [
          { field: 'dept', label: f('toDept'), widget: 'department' },
          { field: 'custodian', label: f('toCustodian'), widget: 'person' },
          { field: 'location', label: f('toLocation'), maxLength: 100 },
          { field: 'reason', widget: 'textarea', rows: 2, maxLength: 500 },
        ],
      },
      params: {
        path: { assetNo: 'row.assetNo' },
        body: {
          version: 'row.version',
          deptcd: 'input.dept.deptcd',
          custodianId: 'input.custodian.singleid',
          location: 'input.location',
          reason: 'input.reason',
        },
      },
      success: t('a.transferred'),
    },
    {
      kind: 'call',
      id: 'dispose',
      label: t('a.dispose'),
      operation: 'disposeAsset',
      selection: 'single',
      variant: 'danger',
      enabled: "row.status == 'IN_USE'",
      prompt: {
        message: t('a.disposeConfirm'),
        fields: [
          { field: 'reason', label: f('disposeReason'), widget: 'textarea', rows: 3, required: true, maxLength: 500 },
        ],
      },
      params: { path: { assetNo: 'row.assetNo' }, body: { version: 'row.version', reason: 'input.reason' } },
      success: t('a.disposed'),
    },
    { kind: 'exportExcel', fileName: t('assetManagementList.title') },
  ],
});
