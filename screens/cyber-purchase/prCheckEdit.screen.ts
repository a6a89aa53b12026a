import { defineEditScreen } from '../../engine/define';
import { buyerSection, f, filesSection, titleField } from './supplier-document';

/**
 * /prCheckEdit (external) — one quotation request sent to my company: opening it marks it checked
 * (the server does it on getSupplierRfq); lines, deadline, the buyer's contact and attachments; go on
 * to quote while the request is open. Read only: the supplier answers on prSubmitEdit.
 * Questions to the buyer (asked until the deadline): my company's, and the answers the buyer shared
 * with every invited supplier — which never say who asked.
 */
export default defineEditScreen({
  id: 'cyberPurchase.prCheckEdit',
  route: '/prCheckEdit',
  portals: ['internal', 'external'],
  title: 'screen.cyberPurchase.prCheckEdit.title',
  labels: 'screen.cyberPurchase.f',
  description:
    'A quotation request: header, buyer, lines, attachments; 견적 작성 goes to prSubmitEdit while it is open.',
  key: ['rfqNo'],
  load: { operation: 'getSupplierRfq', params: { path: { rfqNo: 'query.rfqNo' }, query: { compNo: 'query.compNo' } } },
  readOnly: true,
  confirmLeave: false,
  sections: [
    {
      title: 'screen.cyberPurchase.prCheckEdit.request',
      columns: 3,
      fields: [
        { field: 'rfqNo' },
        titleField,
        { field: 'compName', label: 'screen.supplierView.compName', portal: 'internal' },
        { field: 'status', label: f('quotStatus'), widget: 'select', codeGroup: 'QUOT_STATUS', emptyOption: 'none' },
        { field: 'rfqStatus', widget: 'select', codeGroup: 'RFQ_STATUS', emptyOption: 'none' },
        { field: 'currency', widget: 'select', codeGroup: 'CURRENCY', emptyOption: 'none' },
        { field: 'deadline', widget: 'datetime' },
        { field: 'invitedAt', widget: 'datetime' },
        { field: 'checkedAt', widget: 'datetime' },
        { field: 'quoteNo' },
        { field: 'description', widget: 'textarea', rows: 3, span: 3 },
      ],
    },
    buyerSection('screen.cyberPurchase.prCheckEdit'),
    filesSection('screen.cyberPurchase.prCheckEdit'),
  ],
  details: [
    {
      id: 'lines',
      visibleRows: 6,
      title: 'screen.cyberPurchase.prCheckEdit.lines',
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      columns: [
        { field: 'lineNo', type: 'number', width: 60 },
        { field: 'itemCode', width: 110 },
        { field: 'itemName', width: 220 },
        { field: 'spec', width: 200 },
        { field: 'unitCode', width: 70, align: 'center' },
        { field: 'quantity', type: 'number', width: 90 },
        { field: 'deliveryDate', type: 'date', width: 100 },
      ],
    },
    {
      id: 'questions',
      visibleRows: 4,
      title: 'screen.cyberPurchase.prCheckEdit.questions',
      rowKey: 'questionKey',
      canAdd: false,
      canDelete: false,
      columns: [
        {
          field: 'mine',
          label: f('questionFrom'),
          type: 'code',
          options: [
            { value: 'Y', text: 'screen.cyberPurchase.option.questionFrom.Y' },
            { value: 'N', text: 'screen.cyberPurchase.option.questionFrom.N' },
          ],
          width: 90,
        },
        { field: 'question', width: 280 },
        { field: 'askedAt', type: 'datetime', width: 140 },
        { field: 'answer', width: 280 },
        { field: 'answeredAt', type: 'datetime', width: 140 },
      ],
    },
  ],
  actions: [
    { kind: 'back' },
    {
      kind: 'workflow',
      id: 'ask',
      portal: 'external',
      label: 'screen.cyberPurchase.prCheckEdit.ask',
      operation: 'askRfqQuestion',
      visible: "form.rfqStatus == 'OPEN' && form.deadlinePassed != true && form.status != 'CANCELLED'",
      prompt: {
        title: 'screen.cyberPurchase.prCheckEdit.ask',
        message: 'screen.cyberPurchase.prCheckEdit.askMessage',
        fields: [{ field: 'question', widget: 'textarea', rows: 4, maxLength: 2000, required: true }],
      },
      params: { path: { rfqNo: 'form.rfqNo' }, body: { question: 'input.question' } },
      success: 'screen.cyberPurchase.prCheckEdit.asked',
      then: ['reloadRecord'],
    },
    {
      kind: 'navigate',
      id: 'viewQuote',
      label: 'screen.cyberPurchase.prCheckEdit.viewQuote',
      screen: 'cyberPurchase.prSubmitEdit',
      query: { rfqNo: 'form.rfqNo', compNo: 'form.compNo' },
      visible: '!empty(form.quoteNo) && form.editable != true',
    },
    {
      kind: 'navigate',
      id: 'quote',
      portal: 'external',
      label: 'screen.cyberPurchase.prCheckEdit.quote',
      variant: 'primary',
      requires: 'write',
      screen: 'cyberPurchase.prSubmitEdit',
      query: { rfqNo: 'form.rfqNo' },
      visible: 'form.editable == true',
    },
  ],
});
