import { defineEditScreen } from '../../engine/define';
import { AGREEMENT_POLICY } from '../purchase-order/labels';

const F = (name: string) => `screen.purchaseRequest.field.${name}`;
const T = (name: string) => `screen.purchaseRequest.${name}`;
const PROPOSALS = { operation: 'getPrAgreementProposals' as const, params: { path: { prNo: 'query.prNo' } } };

/**
 * Opened in a dialog from /prConfirmEdit (query prNo; 단가계약 제안, offered when the PR's `actions`
 * hold proposeAgreements): the agreements that could order the PR's lines naming none — per PR line
 * with something left to order, the lines of the same master item in active agreements of the PR's
 * currency valid today, cheapest first (getPrAgreementProposals). A row's agreement number opens the
 * call-off dialog with the PR, that PR line filled in under the proposed agreement line; the call-off
 * makes the draft order and the page goes to it. Nothing is written here.
 */
export default defineEditScreen({
  id: 'purchaseRequest.agreementProposals',
  title: T('agreementProposals'),
  labels: 'screen.purchaseRequest.field',
  menu: '/prConfirmEdit',
  // A listing to choose from: nothing here is saved (the rows it is filled with are not changes).
  readOnly: true,
  confirmLeave: false,
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'prNo', readOnly: true, default: { query: 'prNo' }, help: T('proposalsHelp') },
        {
          field: 'currency',
          widget: 'select',
          codeGroup: 'CURRENCY',
          readOnly: true,
          valueFrom: { ...PROPOSALS, value: 'currency' },
        },
      ],
    },
  ],
  details: [
    {
      id: 'proposals',
      title: T('proposals'),
      rowKey: 'rowNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 8,
      fillFrom: {
        ...PROPOSALS,
        rows: 'rows',
        fill: {
          rowNo: 'rowNo',
          prLineNo: 'prLineNo',
          itemCode: 'itemCode',
          itemName: 'itemName',
          unitCode: 'unitCode',
          prQuantity: 'prQuantity',
          prOrderedQty: 'prOrderedQty',
          prRemainingQty: 'prRemainingQty',
          estUnitPrice: 'estUnitPrice',
          agreementNo: 'agreementNo',
          agreementLineNo: 'agreementLineNo',
          agreementTitle: 'title',
          compNo: 'compNo',
          compNameKr: 'compNameKr',
          agreedUnitPrice: 'unitPrice',
          agreementRemainingQty: 'remainingQty',
          agreementValidTo: 'validTo',
          callOffPolicy: 'callOffPolicy',
        },
      },
      // The PR line and what is left of it, then the agreement proposed for it: its number opens the call-off.
      columns: [
        { field: 'prLineNo', type: 'number', width: 70 },
        { field: 'itemName', width: 180 },
        { field: 'prRemainingQty', type: 'number', width: 90 },
        {
          field: 'agreementNo',
          width: 130,
          link: {
            screen: 'purchaseOrder.agreementCallOff',
            query: {
              agreementNo: 'row.agreementNo',
              prNo: 'form.prNo',
              prLineNo: 'row.prLineNo',
              agreementLineNo: 'row.agreementLineNo',
            },
            dialog: true,
          },
        },
        { field: 'agreementLineNo', type: 'number', width: 70 },
        { field: 'compNameKr', label: F('supplier'), width: 160 },
        { field: 'agreedUnitPrice', type: 'number', width: 100 },
        { field: 'estUnitPrice', type: 'number', width: 100 },
        { field: 'agreementRemainingQty', type: 'number', width: 100 },
        { field: 'agreementValidTo', type: 'date', width: 100 },
        { field: 'callOffPolicy', type: 'code', options: AGREEMENT_POLICY, width: 90 },
        { field: 'agreementTitle', width: 180 },
        { field: 'prQuantity', type: 'number', width: 80 },
        { field: 'prOrderedQty', type: 'number', width: 90 },
        { field: 'itemCode', width: 120 },
        { field: 'unitCode', width: 60 },
        { field: 'compNo', width: 80 },
      ],
    },
  ],
  actions: [{ kind: 'close', requires: 'read' }],
});
