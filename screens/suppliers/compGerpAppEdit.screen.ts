import { defineEditScreen } from '../../engine/define';

const F = (name: string) => `screen.suppliers.field.${name}`;
const T = (name: string) => `screen.suppliers.${name}`;
const ERP_STATUS = ['READY', 'SENDING', 'SENT', 'FAILED'].map((value) => ({
  value,
  text: `option.suppliers.erpStatus.${value}`,
}));

/**
 * /compGerpAppEdit — one ERP vendor application: apply for a trading supplier (its number), then
 * send it; a failure shows the ERP's message and the application stays sendable (전송 again).
 */
export default defineEditScreen({
  id: 'suppliers.compGerpAppEdit',
  route: '/compGerpAppEdit',
  title: 'screen.suppliers.compGerpAppEdit',
  labels: 'screen.suppliers.field',
  key: ['appNo'],
  load: { operation: 'getErpVendorApp', params: { path: { appNo: 'query.appNo' } } },
  readOnly: "mode == 'update'",
  sections: [
    {
      columns: 3,
      fields: [
        { field: 'appNo', readOnly: true, visible: "mode == 'update'" },
        {
          field: 'status',
          label: F('erpStatus'),
          widget: 'select',
          options: ERP_STATUS,
          readOnly: true,
          visible: "mode == 'update'",
        },
        { field: 'erpVendorNo', readOnly: true, visible: "mode == 'update'" },
        { field: 'compNo', required: true, createOnly: true, maxLength: 10, placeholder: 'C00001' },
        { field: 'compNameKr', readOnly: true, visible: "mode == 'update'" },
        { field: 'taxNo2', readOnly: true, visible: "mode == 'update'" },
        { field: 'attempts', readOnly: true, visible: "mode == 'update'" },
        { field: 'requestedByName', readOnly: true, visible: "mode == 'update'" },
        { field: 'sentAt', widget: 'datetime', readOnly: true, visible: "mode == 'update'" },
        { field: 'lastError', widget: 'textarea', rows: 2, readOnly: true, span: 3, visible: '!empty(form.lastError)' },
        { field: 'remark', widget: 'textarea', rows: 2, maxBytes: 1000, span: 3 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'workflow',
      id: 'send',
      label: T('sendErp'),
      variant: 'primary',
      operation: 'sendErpVendorApp',
      visible: "mode == 'update' && contains(form.actions, 'send')",
      confirm: T('sendErpConfirm'),
      params: { path: { appNo: 'form.appNo' }, body: { version: 'form.version' } },
      success: T('sendErpDone'),
      then: ['reloadRecord'],
      thenOnError: ['reloadRecord'],
    },
    { kind: 'save', operation: 'createErpVendorApp', variant: 'primary', visible: "mode == 'create'" },
  ],
});
