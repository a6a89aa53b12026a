import { defineEditScreen } from '../../engine/define';
import { f, headerFields, historyGrid, linesGrid } from './tax-invoice-parts';

/**
 * /myTaxInvoiceDetail (external) — one tax invoice the buyer asked of my company: its header,
 * lines and history. While it is asked (역발행요청) we issue it with the NTS approval number the
 * provider gave us, or refuse it with a reason (the buyer then corrects and asks again). With a
 * provider connected the supplier issues at the provider and the state follows here.
 */
export default defineEditScreen({
  id: 'taxInvoice.myTaxInvoiceDetail',
  route: '/myTaxInvoiceDetail',
  portals: ['external'],
  title: 'screen.taxInvoice.myDetail.title',
  labels: 'screen.taxInvoice.field',
  description: 'The supplier’s requested tax invoice: header, lines, history; issue or refuse.',
  key: ['mgtKey'],
  load: { operation: 'getMyTaxInvoice', params: { path: { mgtKey: 'query.mgtKey' } } },
  confirmLeave: false,
  sections: [{ title: 'screen.taxInvoice.section.invoice', columns: 4, fields: headerFields('both') }],
  details: [linesGrid, historyGrid],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'navigate',
      id: 'match',
      label: 'screen.taxMatch.action.open',
      requires: 'read',
      screen: 'taxInvoice.myTaxInvoiceMatch',
      query: { settleNo: 'form.settleNo' },
    },
    {
      kind: 'workflow',
      id: 'refuse',
      label: 'screen.taxInvoice.action.refuse',
      variant: 'danger',
      operation: 'refuseMyTaxInvoice',
      visible: "form.status == 'REQUESTED'",
      prompt: {
        message: 'screen.taxInvoice.prompt.refuse',
        fields: [
          { field: 'reason', label: f('refuseReason'), widget: 'textarea', rows: 4, required: true, maxLength: 500 },
        ],
      },
      params: { path: { mgtKey: 'form.mgtKey' }, body: { version: 'form.version', reason: 'input.reason' } },
      success: 'screen.taxInvoice.done.refuse',
      then: ['reloadRecord'],
      thenOnError: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'issue',
      label: 'screen.taxInvoice.action.issue',
      variant: 'primary',
      operation: 'issueMyTaxInvoice',
      visible: "form.status == 'REQUESTED' && form.provider == 'file'",
      prompt: {
        message: 'screen.taxInvoice.prompt.issue',
        fields: [
          {
            field: 'ntsConfirmNum',
            label: f('ntsConfirmNum'),
            required: true,
            maxLength: 26,
            pattern: '^\\d{8}-?\\d{8}-?\\d{8}$',
            placeholder: '20260131-41000000-00000001',
          },
        ],
      },
      params: {
        path: { mgtKey: 'form.mgtKey' },
        body: { version: 'form.version', ntsConfirmNum: 'input.ntsConfirmNum' },
      },
      success: 'screen.taxInvoice.done.issue',
      then: ['reloadRecord'],
      thenOnError: ['reloadRecord'],
    },
  ],
});
