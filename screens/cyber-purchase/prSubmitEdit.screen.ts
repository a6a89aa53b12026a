import { defineEditScreen } from '../../engine/define';

const f = (name: string) => `screen.cyberPurchase.f.${name}`;
const T = 'screen.cyberPurchase.prSubmitEdit';

/** What submitQuotation takes: the form's answer and one price (and remark) per line, nothing else (the body is closed). */
const submitParams = {
  path: { rfqNo: 'form.rfqNo' },
  body: {
    version: 'form.version',
    leadTimeDays: 'form.leadTimeDays',
    validUntil: 'form.validUntil',
    remark: 'form.remark',
    fileId: 'form.fileId',
    lines: "pick(detail.lines.rows, ['lineNo', 'unitPrice', 'remark'])",
  },
};

/**
 * /prSubmitEdit (external) — my quotation for one request: a unit price per line, lead time,
 * validity, remark and attachments; submitted and revised until the deadline (the server's
 * `editable`). Past the deadline (or once the request is closed) the screen is read only and says
 * why; a submission the server refuses (deadline passed meanwhile, stale version) shows its message.
 */
export default defineEditScreen({
  id: 'cyberPurchase.prSubmitEdit',
  route: '/prSubmitEdit',
  portals: ['internal', 'external'],
  title: `${T}.title`,
  labels: 'screen.cyberPurchase.f',
  description:
    'Submit or revise my quotation (unit prices, lead time, validity, attachments) until the deadline; read only afterwards.',
  key: ['rfqNo'],
  load: {
    operation: 'getSupplierQuotation',
    params: { path: { rfqNo: 'query.rfqNo' }, query: { compNo: 'query.compNo' } },
  },
  readOnly: "screen.portal == 'internal' || form.editable != true",
  sections: [
    {
      title: `${T}.closedHelp`,
      visible: 'form.editable != true',
      portal: 'external',
      columns: 3,
      fields: [{ field: 'rfqStatus', widget: 'select', codeGroup: 'RFQ_STATUS', emptyOption: 'none', readOnly: true }],
    },
    {
      title: `${T}.request`,
      columns: 3,
      fields: [
        { field: 'rfqNo', readOnly: true },
        { field: 'title', span: 2, readOnly: true },
        { field: 'compName', label: 'screen.supplierView.compName', readOnly: true, portal: 'internal' },
        {
          field: 'status',
          label: f('quotStatus'),
          widget: 'select',
          codeGroup: 'QUOT_STATUS',
          emptyOption: 'none',
          readOnly: true,
        },
        { field: 'quoteNo', readOnly: true },
        { field: 'revision', widget: 'number', readOnly: true },
        { field: 'deadline', widget: 'datetime' },
        { field: 'submittedAt', widget: 'datetime' },
        { field: 'currency', widget: 'select', codeGroup: 'CURRENCY', emptyOption: 'none', readOnly: true },
      ],
    },
    {
      title: `${T}.quotation`,
      columns: 3,
      fields: [
        { field: 'leadTimeDays', widget: 'number', type: 'integer', required: true, minimum: 0, maximum: 3650 },
        { field: 'validUntil', widget: 'date', required: true },
        { field: 'totalAmount', widget: 'money' },
        { field: 'remark', widget: 'textarea', rows: 3, maxLength: 1000, span: 3, help: `${T}.priceHelp` },
      ],
    },
    {
      title: `${T}.files`,
      columns: 2,
      fields: [
        { field: 'rfqAttachments', widget: 'files' },
        { field: 'fileId', widget: 'files' },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      visibleRows: 6,
      title: `${T}.lines`,
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      columns: [
        { field: 'lineNo', type: 'number', width: 56 },
        { field: 'itemName', width: 200 },
        { field: 'spec', width: 150 },
        { field: 'unitCode', width: 60, align: 'center' },
        { field: 'quantity', type: 'number', width: 80 },
        { field: 'unitPrice', type: 'number', width: 120, editable: true, required: true },
        { field: 'amount', type: 'money', width: 120 },
        { field: 'deliveryDate', type: 'date', width: 100 },
        { field: 'remark', width: 180, editable: true, maxLength: 300 },
        { field: 'itemCode', width: 100 },
      ],
    },
  ],
  actions: [
    { kind: 'back' },
    {
      kind: 'navigate',
      id: 'request',
      label: `${T}.request0`,
      screen: 'cyberPurchase.prCheckEdit',
      query: { rfqNo: 'form.rfqNo', compNo: 'form.compNo' },
    },
    {
      kind: 'workflow',
      id: 'submit',
      portal: 'external',
      label: `${T}.submit`,
      variant: 'primary',
      operation: 'submitQuotation',
      visible: 'form.editable == true && empty(form.quoteNo)',
      confirm: `${T}.confirmSubmit`,
      success: `${T}.submitted`,
      params: submitParams,
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'revise',
      portal: 'external',
      label: `${T}.revise`,
      variant: 'primary',
      operation: 'submitQuotation',
      visible: 'form.editable == true && !empty(form.quoteNo)',
      confirm: `${T}.confirmSubmit`,
      success: `${T}.submitted`,
      params: submitParams,
      then: ['reloadRecord'],
    },
  ],
});
