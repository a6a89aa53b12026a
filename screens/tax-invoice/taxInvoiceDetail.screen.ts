import { defineEditScreen } from '../../engine/define';
import { AMEND_REASON, f, filesGrid, headerFields, historyGrid, linesGrid, TRANSMISSION } from './tax-invoice-parts';

/**
 * /taxInvoiceDetail — one tax invoice: its header, lines, history (every move, every refusal with
 * the provider's code and message) and the kept XML and PDF. Its actions follow the lifecycle
 * (docs/tax-invoices.md "States"): 역발행 요청 (again after a refusal), 요청 취소 with a reason,
 * 상태 확인 (the provider's state), 국세청 전송 결과 (the file provider: recorded here), 수정발행
 * with a reason code 1–6, and the files' download.
 */
export default defineEditScreen({
  id: 'taxInvoice.taxInvoiceDetail',
  route: '/taxInvoiceDetail',
  title: 'screen.taxInvoice.detail.title',
  labels: 'screen.taxInvoice.field',
  description: 'One tax invoice: header, lines, history, files; request, cancel, sync, record the NTS result, amend.',
  key: ['mgtKey'],
  load: { operation: 'getTaxInvoice', params: { path: { mgtKey: 'query.mgtKey' } } },
  confirmLeave: false,
  sections: [{ title: 'screen.taxInvoice.section.invoice', columns: 4, fields: headerFields('internal') }],
  details: [linesGrid, historyGrid, filesGrid],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'open',
      id: 'files',
      label: 'screen.taxInvoice.action.files',
      requires: 'read',
      screen: 'taxInvoice.taxInvoiceFiles',
      dialog: true,
      query: { mgtKey: 'form.mgtKey' },
      visible: 'count(form.files) > 0',
    },
    {
      kind: 'navigate',
      id: 'settlement',
      label: 'screen.taxInvoice.action.openSettlement',
      requires: 'read',
      screen: 'settlement.monthlyCalcADetail',
      query: { settleNo: 'form.settleNo' },
    },
    {
      kind: 'navigate',
      id: 'match',
      label: 'screen.taxMatch.action.open',
      requires: 'read',
      screen: 'taxInvoice.taxInvoiceMatch',
      query: { settleNo: 'form.settleNo' },
    },
    {
      kind: 'workflow',
      id: 'sync',
      label: 'screen.taxInvoice.action.sync',
      operation: 'syncTaxInvoice',
      visible: "form.status in ['REQUESTED', 'ISSUED', 'SENT', 'NTS_FAILED'] && form.issueKind == 'REVERSE'",
      params: { path: { mgtKey: 'form.mgtKey' } },
      success: 'screen.taxInvoice.done.sync',
      then: ['reloadRecord'],
      thenOnError: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'cancelRequest',
      label: 'screen.taxInvoice.action.cancelRequest',
      variant: 'danger',
      operation: 'cancelTaxInvoiceRequest',
      visible: "form.status == 'REQUESTED'",
      prompt: {
        message: 'screen.taxInvoice.prompt.cancel',
        fields: [{ field: 'reason', label: f('reason'), widget: 'textarea', rows: 3, required: true, maxLength: 500 }],
      },
      params: { path: { mgtKey: 'form.mgtKey' }, body: { version: 'form.version', reason: 'input.reason' } },
      success: 'screen.taxInvoice.done.cancel',
      then: ['reloadRecord'],
      thenOnError: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'transmission',
      label: 'screen.taxInvoice.action.transmission',
      operation: 'recordTaxInvoiceTransmission',
      visible: "form.provider == 'file' && form.status in ['ISSUED', 'SENT', 'NTS_FAILED']",
      prompt: {
        message: 'screen.taxInvoice.prompt.transmission',
        fields: [
          { field: 'outcome', label: f('outcome'), widget: 'select', options: TRANSMISSION, required: true },
          { field: 'message', label: f('message'), maxLength: 500 },
        ],
      },
      params: {
        path: { mgtKey: 'form.mgtKey' },
        body: { version: 'form.version', outcome: 'input.outcome', message: 'input.message' },
      },
      success: 'screen.taxInvoice.done.transmission',
      then: ['reloadRecord'],
      thenOnError: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'amend',
      label: 'screen.taxInvoice.action.amend',
      operation: 'amendTaxInvoice',
      visible: "form.status == 'NTS_SUCCESS'",
      prompt: {
        message: 'screen.taxInvoice.prompt.amend',
        fields: [
          { field: 'reason', label: f('amendReason'), widget: 'select', options: AMEND_REASON, required: true },
          {
            field: 'supplyDelta',
            label: f('supplyDelta'),
            help: 'screen.taxInvoice.prompt.supplyDelta',
            pattern: '^-?\\d{1,15}$',
            maxLength: 16,
          },
        ],
      },
      params: {
        path: { mgtKey: 'form.mgtKey' },
        body: { version: 'form.version', reason: 'input.reason', supplyDelta: 'input.supplyDelta' },
      },
      success: 'screen.taxInvoice.done.amend',
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'request',
      label: 'screen.taxInvoice.action.request',
      variant: 'primary',
      operation: 'requestTaxInvoice',
      visible: "form.status in ['DRAFT', 'REFUSED', 'CANCELLED'] && form.issueKind == 'REVERSE'",
      confirm: 'screen.taxInvoice.confirm.request',
      params: { path: { mgtKey: 'form.mgtKey' }, body: { version: 'form.version' } },
      success: 'screen.taxInvoice.done.request',
      then: ['reloadRecord'],
      thenOnError: ['reloadRecord'],
    },
  ],
});
