import { defineListScreen } from '../../engine/define';
import { f, t } from './labels';

/**
 * /assetManagementRegisterList — receipts of asset-type expenses waiting to be registered
 * (자산등록): select one or many lines and register them; each unit becomes an asset with its own
 * number. A line registered before is refused by the server (409).
 */
export default defineListScreen({
  id: 'assets.assetManagementRegisterList',
  route: '/assetManagementRegisterList',
  title: t('assetManagementRegisterList.title'),
  labels: 'screen.assets.f',
  source: { operation: 'listAssetCandidates', rowKey: 'whReqNo', defaultSort: 'lastDeciDate:desc' },
  filters: [
    { field: 'whReqNo' },
    { field: 'poNo' },
    { field: 'itemName', label: f('assetName') },
    {
      field: 'registered',
      widget: 'select',
      emptyOption: 'none',
      default: 'N',
      options: [
        { value: 'N', text: t('waiting') },
        { value: 'Y', text: t('registered') },
      ],
    },
  ],
  rememberFilters: true,
  selection: 'multi',
  columns: [
    { field: 'whReqNo', width: 130 },
    { field: 'lineNo', type: 'number', width: 60 },
    { field: 'lastDeciDate', type: 'date', width: 100 },
    { field: 'itemCode', width: 110 },
    { field: 'itemName', label: f('assetName'), width: 200 },
    { field: 'quantity', type: 'number', width: 70 },
    { field: 'unitPrice', type: 'money', currencyField: 'currency', width: 110 },
    { field: 'amount', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'currency', width: 60 },
    { field: 'deptnm', label: f('dept'), width: 120 },
    { field: 'poNo', width: 130 },
    { field: 'compNameKr', label: f('supplier'), width: 150 },
    { field: 'registeredCount', type: 'number', width: 80 },
  ],
  actions: [
    {
      kind: 'call',
      id: 'register',
      label: t('a.register'),
      operation: 'registerAssets',
      variant: 'primary',
      enabled: "selection > 0 && all(rows, 'registeredCount', 0)",
      prompt: {
        message: t('a.registerHelp'),
        fields: [
          { field: 'location', required: true, maxLength: 100 },
          { field: 'custodian', widget: 'person' },
        ],
      },
      params: {
        body: {
          lines: "pick(rows, ['whReqNo', 'lineNo'])",
          location: 'input.location',
          custodianId: 'input.custodian.singleid',
        },
      },
      success: t('a.registered'),
      then: ['clearSelection', 'reload'],
    },
    { kind: 'exportExcel', fileName: t('assetManagementRegisterList.title') },
  ],
});
