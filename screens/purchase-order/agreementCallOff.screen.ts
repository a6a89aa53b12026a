import { defineEditScreen } from '../../engine/define';
import { f, t } from './labels';

const AGREEMENT = { operation: 'getAgreement' as const, params: { path: { agreementNo: 'query.agreementNo' } } };
// Started from a PR (query prNo): a row per PR line naming an agreement line, with what is left to order of it;
// from a proposal (query prLineNo, agreementLineNo) also the PR line naming none, under the line proposed for it.
const AGREEMENT_FOR_PR = {
  operation: 'getAgreement' as const,
  params: {
    path: { agreementNo: 'query.agreementNo' },
    query: { prNo: 'query.prNo', prLineNo: 'query.prLineNo', agreementLineNo: 'query.agreementLineNo' },
  },
};

/**
 * Opened in a dialog from /AgreementEdit (query agreementNo) on an active agreement: a call-off
 * (발주). The agreement's lines fill the grid with what remains of each; the buyer types the
 * quantities to order (only the lines given one are sent) and the due date. The order is made at
 * the agreed prices as a draft PO, and the page goes to it (/OrderRequestEdit?poNo=…) — the
 * agreement screen shows the call-off when the buyer comes back. A refusal beyond the agreement
 * lists every problem. Ordering a received PR (its number, and per line the PR line it orders) makes
 * the order that PR's, whose budget commits at the call-off. Opened from a PR (/prConfirmEdit, query
 * prNo) the PR's number is filled in, and each PR line naming an agreement line is a row of its own
 * (two PR lines of one agreement line are two rows) with its PR line and what is left to order of it
 * — its quantity less what the PR's orders not cancelled already ordered; a PR line fully ordered is
 * not offered again. Opened from a proposal (/prConfirmEdit's 단가계약 제안: query prLineNo and
 * agreementLineNo) a PR line naming no agreement is such a row too, under the agreement line proposed.
 */
export default defineEditScreen({
  id: 'purchaseOrder.agreementCallOff',
  title: t('agreementCallOff'),
  labels: 'screen.purchaseOrder.f',
  menu: '/AgreementEdit',
  confirmLeave: false,
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'agreementNo', readOnly: true, valueFrom: { ...AGREEMENT, value: 'agreementNo' } },
        { field: 'compNameKr', label: f('supplier'), readOnly: true, valueFrom: { ...AGREEMENT, value: 'compNameKr' } },
        {
          field: 'title',
          maxLength: 200,
          span: 2,
          valueFrom: { ...AGREEMENT, value: 'title' },
        },
        { field: 'dueDate', widget: 'date', required: true },
        { field: 'prNo', maxLength: 20, help: t('h.callOffPr'), default: { query: 'prNo' } },
        {
          field: 'remainingAmount',
          widget: 'money',
          readOnly: true,
          visible: '!empty(form.remainingAmount)',
          valueFrom: { ...AGREEMENT, value: 'remainingAmount' },
        },
        { field: 'remark', widget: 'textarea', rows: 2, maxLength: 1000, span: 2 },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      title: t('d.callOffLines'),
      rowKey: 'rowNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 8,
      fillFrom: {
        ...AGREEMENT_FOR_PR,
        rows: 'callOffLines',
        fill: {
          rowNo: 'rowNo',
          agreementLineNo: 'agreementLineNo',
          quantity: 'prRemainingQty',
          prLineNo: 'prLineNo',
          prQuantity: 'prQuantity',
          prOrderedQty: 'prOrderedQty',
          itemCode: 'itemCode',
          itemName: 'itemName',
          unitCode: 'unitCode',
          unitPrice: 'unitPrice',
          agreedQty: 'agreedQty',
          orderedQty: 'orderedQty',
          remainingQty: 'remainingQty',
        },
      },
      // The quantity beside what remains of the line, in the first columns (no scrolling to reach it).
      columns: [
        { field: 'agreementLineNo', type: 'number', width: 70 },
        { field: 'itemName', width: 180 },
        { field: 'remainingQty', type: 'number', width: 90 },
        { field: 'quantity', label: f('callOffQty'), type: 'number', exact: true, width: 100, editable: true },
        { field: 'prLineNo', type: 'number', width: 90, editable: '!empty(form.prNo)' },
        { field: 'prQuantity', type: 'number', width: 90 },
        { field: 'prOrderedQty', type: 'number', width: 100 },
        { field: 'unitPrice', type: 'number', width: 100 },
        { field: 'amount', type: 'money', width: 120, product: ['quantity', 'unitPrice'], total: 'sum' },
        { field: 'unitCode', width: 60 },
        { field: 'agreedQty', type: 'number', width: 90 },
        { field: 'orderedQty', type: 'number', width: 90 },
        { field: 'itemCode', width: 120 },
      ],
      // Only the lines given a quantity are ordered, at the agreed price (the server takes it).
      send: ['agreementLineNo', 'quantity', 'prLineNo'],
      sendWhen: '!empty(row.quantity)',
      omitBlank: true,
    },
  ],
  actions: [
    { kind: 'close', requires: 'read' },
    {
      kind: 'save',
      id: 'callOff',
      label: t('a.callOff'),
      operation: 'callOffAgreement',
      variant: 'primary',
      requires: 'write',
      confirm: t('confirmCallOff'),
      success: t('done.calledOff'),
      params: { path: { agreementNo: 'form.agreementNo' }, body: 'form' },
      // The PR's budget over a WARN account: asked with the server's message, then sent again.
      confirmRefusals: [{ code: 'BUDGET_WARN_CONFIRM', body: { confirmBudgetWarning: 'true' } }],
      thenOpen: { route: '/OrderRequestEdit', query: { poNo: 'answer.poNo' } },
    },
  ],
});
