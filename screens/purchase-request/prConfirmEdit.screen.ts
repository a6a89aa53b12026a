import { defineEditScreen } from '../../engine/define';

const F = (name: string) => `screen.purchaseRequest.field.${name}`;
const T = (name: string) => `screen.purchaseRequest.${name}`;

const STEP_STATUS = ['WAITING', 'PENDING', 'APPROVED', 'REJECTED', 'SKIPPED'].map((value) => ({
  value,
  text: `option.purchaseRequest.stepStatus.${value}`,
}));
const may = (action: string) => `contains(form.actions, '${action}')`;
const mayRfq = (action: string) => `contains(form.rfqActions, '${action}')`;

/**
 * /prConfirmEdit — purchasing receives an approved PR (구매요청 접수): assigns the buyer (and may
 * file the lines under one sourcing group), or returns it to the requester with a reason; then
 * invites suppliers to quote (a dialog: suppliers from the company popup, the deadline), follows
 * the invited suppliers' answers, compares the quotations side by side (a dialog) and selects the
 * winner there, or cancels the request with a reason; from the award, 단가계약 작성 makes a draft
 * framework agreement and opens it; 단가계약 제안 lists the agreements that could order the lines
 * naming none and opens the call-off of one with the PR. The PR itself is read only here; which
 * buttons show is the server's answer (`actions` for the PR, `rfqActions` for its request).
 */
export default defineEditScreen({
  id: 'purchaseRequest.prConfirmEdit',
  route: '/prConfirmEdit',
  title: 'screen.purchaseRequest.prConfirmEdit',
  labels: 'screen.purchaseRequest.field',
  key: ['prNo'],
  load: { operation: 'getPr', params: { path: { prNo: 'query.prNo' } } },
  confirmLeave: false,
  sections: [
    {
      title: T('header'),
      columns: 4,
      fields: [
        { field: 'prNo', readOnly: true },
        { field: 'status', widget: 'select', codeGroup: 'PR_STATUS', readOnly: true },
        { field: 'prDate', readOnly: true },
        { field: 'desiredDate', readOnly: true },
        { field: 'title', span: 4, readOnly: true },
        { field: 'requesterName', readOnly: true },
        { field: 'sectionName', readOnly: true },
        { field: 'deptnm', readOnly: true },
        { field: 'currency', widget: 'select', codeGroup: 'CURRENCY', readOnly: true },
        { field: 'totalAmount', widget: 'money', readOnly: true },
        { field: 'buyerName', readOnly: true },
        { field: 'receivedAt', widget: 'datetime', readOnly: true },
        { field: 'approvalStatus', widget: 'select', codeGroup: 'APPROVAL_STATUS', readOnly: true },
        { field: 'purpose', widget: 'textarea', rows: 2, span: 4, readOnly: true },
        {
          field: 'rejectReason',
          widget: 'textarea',
          rows: 2,
          span: 4,
          visible: '!empty(form.rejectReason)',
          readOnly: true,
        },
      ],
    },
    {
      title: T('rfq'),
      columns: 4,
      visible: '!empty(form.rfqNo)',
      fields: [
        { field: 'rfqNo', readOnly: true },
        { field: 'rfqStatus', widget: 'select', codeGroup: 'RFQ_STATUS', readOnly: true },
        { field: 'rfqDeadline', label: F('deadline'), widget: 'datetime', readOnly: true },
        { field: 'rfqSelectedCompNo', label: F('selectedCompNo'), widget: 'company', readOnly: true },
      ],
    },
  ],
  details: [
    {
      id: 'quotations',
      title: T('quotations'),
      rowKey: 'compNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      visible: '!empty(form.rfqNo)',
      columns: [
        { field: 'compNo', width: 90 },
        { field: 'compNameKr', width: 180 },
        { field: 'status', label: F('quotStatus'), type: 'code', codeGroup: 'QUOT_STATUS', width: 110 },
        { field: 'quoteNo', width: 130 },
        { field: 'totalAmount', label: F('quoteTotal'), type: 'money', currencyField: 'currency', width: 130 },
        { field: 'leadTimeDays', type: 'number', width: 100 },
        { field: 'validUntil', type: 'date', width: 100 },
        { field: 'revision', type: 'number', width: 60 },
        { field: 'checkedAt', type: 'datetime', width: 140 },
        { field: 'submittedAt', type: 'datetime', width: 140 },
      ],
    },
    {
      id: 'rfqQuestions',
      title: T('rfqQuestions'),
      rowKey: 'questionId',
      canAdd: false,
      canDelete: false,
      visibleRows: 4,
      visible: '!empty(form.rfqNo)',
      columns: [
        {
          field: 'questionId',
          width: 70,
          link: { screen: 'purchaseRequest.rfqAnswer', query: { questionId: 'row.questionId' }, dialog: true },
        },
        { field: 'compName', label: F('compNameKr'), width: 150 },
        { field: 'question', width: 260 },
        { field: 'askedAt', type: 'datetime', width: 140 },
        { field: 'answered', type: 'code', codeGroup: 'YN', width: 70 },
        { field: 'answer', width: 240 },
        { field: 'shared', type: 'code', codeGroup: 'YN', width: 70 },
        { field: 'answeredAt', type: 'datetime', width: 140 },
      ],
    },
    {
      id: 'lines',
      title: T('lines'),
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 6,
      columns: [
        { field: 'lineNo', type: 'number', width: 50 },
        { field: 'itemCode', width: 120 },
        { field: 'itemName', width: 200 },
        // The agreement line the requester named: the call-off of this line orders against it; the
        // number opens that call-off, filled in with the PR's lines under the agreement.
        {
          field: 'agreementNo',
          width: 120,
          link: {
            screen: 'purchaseOrder.agreementCallOff',
            query: { agreementNo: 'row.agreementNo', prNo: 'form.prNo' },
            dialog: true,
          },
        },
        { field: 'agreementLineNo', type: 'number', width: 70 },
        { field: 'spec', width: 160 },
        { field: 'unitCode', width: 60 },
        { field: 'quantity', type: 'number', width: 80 },
        { field: 'estUnitPrice', type: 'number', width: 110 },
        { field: 'estAmount', type: 'money', currencyField: 'currency', width: 120 },
        { field: 'sgCode', width: 120 },
        { field: 'sgName', width: 160 },
        { field: 'remark', width: 180 },
      ],
    },
    {
      id: 'orders',
      title: T('orders'),
      rowKey: 'poNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 3,
      visible: 'count(form.orders) > 0',
      columns: [
        { field: 'poNo', width: 130 },
        { field: 'status', label: F('poStatus'), type: 'code', codeGroup: 'PO_STATUS', width: 100 },
        { field: 'compNo', width: 90 },
        { field: 'compNameKr', width: 200 },
        { field: 'totalAmount', label: F('poAmount'), type: 'money', currencyField: 'currency', width: 140 },
      ],
    },
    {
      id: 'approvalSteps',
      title: T('approvalSteps'),
      rowKey: 'stepKey',
      canAdd: false,
      canDelete: false,
      visibleRows: 4,
      visible: 'count(form.approvalSteps) > 0',
      columns: [
        { field: 'round', type: 'number', width: 60 },
        { field: 'stepNo', type: 'number', width: 60 },
        { field: 'approverName', width: 90 },
        { field: 'deptnm', width: 130 },
        { field: 'status', label: F('stepStatus'), type: 'code', options: STEP_STATUS, width: 80 },
        { field: 'comment', width: 260 },
        { field: 'actedAt', type: 'datetime', width: 140 },
        { field: 'onBehalfOfName', width: 100 },
      ],
    },
  ],
  attachments: { field: 'fileId', label: T('attachments'), readOnly: true },
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'workflow',
      id: 'return',
      label: T('returnPr'),
      operation: 'returnPr',
      variant: 'danger',
      visible: may('return'),
      prompt: {
        title: T('returnTitle'),
        message: T('returnMessage'),
        fields: [
          { field: 'reason', label: F('returnReason'), widget: 'textarea', rows: 4, maxLength: 500, required: true },
        ],
      },
      params: { path: { prNo: 'form.prNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      success: T('returned'),
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'receive',
      label: T('receive'),
      operation: 'receivePr',
      variant: 'primary',
      visible: may('receive'),
      prompt: {
        title: T('receiveTitle'),
        message: T('receiveMessage'),
        fields: [
          { field: 'buyer', label: F('buyerName'), widget: 'person', required: true },
          { field: 'sourcingGroup', widget: 'sourcingGroup', help: T('sourcingGroupHelp') },
        ],
      },
      params: {
        path: { prNo: 'form.prNo' },
        body: { version: 'form.version', buyerId: 'input.buyer.singleid', sgCode: 'input.sourcingGroup.L4_SG_CODE' },
      },
      success: T('received'),
      then: ['reloadRecord'],
    },
    {
      kind: 'open',
      id: 'requestQuote',
      label: T('requestQuote'),
      screen: 'purchaseRequest.rfqCreate',
      dialog: true,
      requires: 'write',
      variant: 'primary',
      visible: may('requestQuote'),
      query: { prNo: 'form.prNo' },
      then: ['reloadRecord'],
    },
    {
      kind: 'open',
      id: 'compare',
      label: T('compare'),
      screen: 'purchaseRequest.rfqCompare',
      dialog: true,
      visible: '!empty(form.rfqNo)',
      query: { rfqNo: 'form.rfqNo' },
      then: ['reloadRecord'],
    },
    {
      // The agreements that could order the lines naming none; a row opens the call-off with the PR.
      kind: 'open',
      id: 'proposeAgreements',
      label: T('proposeAgreements'),
      screen: 'purchaseRequest.agreementProposals',
      dialog: true,
      requires: 'read',
      visible: may('proposeAgreements'),
      query: { prNo: 'form.prNo' },
      then: ['reloadRecord'],
    },
    {
      kind: 'navigate',
      id: 'order',
      label: T('order'),
      route: '/OrderRequestEdit',
      variant: 'primary',
      visible: mayRfq('order'),
    },
    {
      // A framework agreement from the award: the selected supplier's quoted prices, the requested
      // quantities as agreed quantities (or the prices only); the draft opens at its own address.
      kind: 'workflow',
      id: 'agreement',
      label: T('makeAgreement'),
      operation: 'createAgreementFromAward',
      requires: 'read',
      visible: mayRfq('agreement'),
      prompt: {
        title: T('makeAgreement'),
        message: T('makeAgreementMessage'),
        columns: 2,
        fields: [
          { field: 'validFrom', label: F('agreementValidFrom'), widget: 'date', required: true, default: { today: 0 } },
          { field: 'validTo', label: F('agreementValidTo'), widget: 'date', required: true },
          { field: 'priceOnly', label: F('agreementPriceOnly'), widget: 'checkbox', span: 2 },
        ],
      },
      params: {
        body: {
          sourceType: "'RFQ'",
          sourceNo: 'form.rfqNo',
          validFrom: 'input.validFrom',
          validTo: 'input.validTo',
          keepQuantities: "input.priceOnly != 'Y'",
        },
      },
      success: T('agreementMade'),
      thenOpen: { route: '/AgreementEdit', query: { agreementNo: 'answer.agreementNo' } },
    },
    {
      kind: 'workflow',
      id: 'cancelRfq',
      label: T('cancelRfq'),
      operation: 'cancelRfq',
      variant: 'danger',
      visible: mayRfq('cancel'),
      prompt: {
        title: T('cancelRfqTitle'),
        message: T('cancelRfqMessage'),
        fields: [
          { field: 'reason', label: F('cancelReason'), widget: 'textarea', rows: 3, maxLength: 500, required: true },
        ],
      },
      params: { path: { rfqNo: 'form.rfqNo' }, body: { version: 'form.rfqVersion', reason: 'input.reason' } },
      success: T('rfqCancelled'),
      then: ['reloadRecord'],
    },
  ],
});
