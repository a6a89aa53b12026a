import { defineListScreen } from '../../engine/define';

const F = (name: string) => `screen.suppliers.field.${name}`;
const T = (name: string) => `screen.suppliers.${name}`;
const ERP_STATUS = ['READY', 'SENDING', 'SENT', 'FAILED'].map((value) => ({
  value,
  text: `option.suppliers.erpStatus.${value}`,
}));

/**
 * /compGerpAppList — ERP vendor applications (ERP 등록신청): each trading supplier is created in the
 * ERP's vendor master once. A failed send keeps the ERP's message and can be sent again (the same
 * idempotency key, so the ERP never creates the vendor twice). An application number opens
 * /compGerpAppEdit; 신규 applies for a supplier.
 */
export default defineListScreen({
  id: 'suppliers.compGerpAppList',
  route: '/compGerpAppList',
  title: 'screen.suppliers.compGerpAppList',
  labels: 'screen.suppliers.field',
  source: { operation: 'listErpVendorApps', rowKey: 'appNo', defaultSort: 'requestedAt:desc', pageSize: 100 },
  filters: [
    { field: 'status', label: F('erpStatus'), widget: 'multiSelect', options: ERP_STATUS },
    { field: 'compNameKr', maxLength: 100 },
    { field: 'compNo', maxLength: 10 },
  ],
  rememberFilters: true,
  columns: [
    { field: 'appNo', width: 130, link: { screen: 'suppliers.compGerpAppEdit', query: { appNo: 'row.appNo' } } },
    { field: 'compNo', width: 90 },
    { field: 'compNameKr', width: 180 },
    { field: 'taxNo2', width: 120 },
    { field: 'status', label: F('erpStatus'), type: 'code', options: ERP_STATUS, width: 90 },
    { field: 'erpVendorNo', width: 120 },
    { field: 'attempts', type: 'number', width: 70 },
    { field: 'lastError', width: 280 },
    { field: 'requestedByName', width: 90 },
    { field: 'requestedAt', type: 'datetime', width: 140 },
    { field: 'sentAt', type: 'datetime', width: 140 },
  ],
  selection: 'single',
  rowOpen: { screen: 'suppliers.compGerpAppEdit', query: { appNo: 'row.appNo' } },
  actions: [
    {
      kind: 'navigate',
      id: 'create',
      label: T('newErpApp'),
      route: '/compGerpAppEdit',
      requires: 'write',
      variant: 'primary',
    },
    {
      kind: 'call',
      id: 'send',
      label: T('sendErp'),
      operation: 'sendErpVendorApp',
      selection: 'single',
      enabled: "contains(row.actions, 'send')",
      confirm: T('sendErpConfirm'),
      params: { path: { appNo: 'row.appNo' }, body: { version: 'row.version' } },
      thenOnError: ['reload'],
    },
    { kind: 'exportExcel', fileName: 'screen.suppliers.compGerpAppListFile' },
  ],
});
