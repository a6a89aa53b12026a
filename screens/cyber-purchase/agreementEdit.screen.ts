import { defineEditScreen } from '../../engine/define';
import { PROPOSAL_DETAILS, linkageSection } from '../purchase-order/agreement-linkage';
import { requestBody, requestFields } from '../subcontracting/coordination';
import { PRICE_HISTORY } from '../purchase-order/agreement-prices';
import { buyerSection, currencyField, f, headerSection, titleField } from './supplier-document';

const T = 'screen.cyberPurchase.agreementEdit';
const STATUS = ['ACTIVE', 'EXPIRED', 'TERMINATED'].map((value) => ({
  value,
  text: `screen.cyberPurchase.agreementStatus.${value}`,
}));

/**
 * One framework agreement of my company: validity, ceiling, the agreed lines with what was ordered
 * and what remains, every line's dated prices (단가 이력), its 납품대금 연동 clause or 미연동 agreement and the 연동
 * 조정 제안 on it, and the orders sent against it. Read only.
 */
export default defineEditScreen({
  id: 'cyberPurchase.agreementEdit',
  route: '/CyberAgreementEdit',
  portals: ['external', 'internal'],
  title: `${T}.title`,
  labels: 'screen.cyberPurchase.f',
  description: 'One agreement: agreed prices, ordered and remaining quantities, the orders against it.',
  key: ['agreementNo'],
  load: { operation: 'getSupplierAgreement', params: { path: { agreementNo: 'query.agreementNo' } } },
  readOnly: true,
  confirmLeave: false,
  sections: [
    headerSection(T, [
      { field: 'agreementNo' },
      titleField,
      { field: 'status', label: f('agreementStatus'), widget: 'select', options: STATUS, emptyOption: 'none' },
      currencyField,
      { field: 'validFrom', widget: 'date' },
      { field: 'validTo', widget: 'date' },
      { field: 'ceilingAmount', widget: 'money' },
      { field: 'orderedAmount', widget: 'money' },
      { field: 'remainingAmount', widget: 'money' },
      { field: 'contractNo' },
    ]),
    buyerSection(T),
    // The agreement's 납품대금 연동 answer (상생협력법 §21), once given.
    linkageSection('supplier'),
  ],
  details: [
    {
      id: 'lines',
      title: `${T}.lines`,
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      columns: [
        { field: 'lineNo', type: 'number', width: 56 },
        { field: 'itemCode', width: 120 },
        { field: 'itemName', width: 200 },
        { field: 'unitCode', width: 60 },
        { field: 'unitPrice', type: 'number', width: 110 },
        { field: 'agreedQty', type: 'number', width: 100 },
        { field: 'orderedQty', type: 'number', width: 100 },
        { field: 'remainingQty', type: 'number', width: 100 },
      ],
    },
    PRICE_HISTORY,
    {
      id: 'callOffs',
      title: `${T}.callOffs`,
      rowKey: 'poNo',
      canAdd: false,
      canDelete: false,
      visible: 'detail.callOffs.count > 0',
      visibleRows: 5,
      columns: [
        { field: 'poNo', width: 130, link: { screen: 'cyberPurchase.orderEdit', query: { poNo: 'row.poNo' } } },
        { field: 'poDate', type: 'date', width: 100 },
        { field: 'status', label: f('poStatus'), type: 'code', codeGroup: 'PO_STATUS', width: 100 },
        { field: 'agreementLineNo', type: 'number', width: 80 },
        { field: 'itemName', width: 180 },
        { field: 'quantity', type: 'number', width: 90 },
        { field: 'amount', type: 'money', width: 120 },
      ],
    },
    // The 연동 조정 제안 on the agreement and what the buyer decided, read only.
    ...PROPOSAL_DETAILS,
  ],
  actions: [
    { kind: 'back' },
    // The agreement's e-contract as the supplier reads and signs it.
    {
      kind: 'navigate',
      id: 'contract',
      portal: 'external',
      label: `${T}.contract`,
      requires: 'read',
      visible: '!empty(form.contractNo)',
      route: '/contract/contractSign',
      query: { contractNo: 'form.contractNo' },
    },
    // 납품대금 조정협의 (상생협력법 §22의2, 하도급법 §16의2): asked here or from the list of requests, which shows them.
    {
      kind: 'workflow',
      id: 'requestCoordination',
      portal: 'external',
      label: 'screen.subcon.a.requestCoordination',
      requires: 'write',
      visible: "form.status == 'ACTIVE'",
      operation: 'requestPriceCoordination',
      prompt: {
        title: 'screen.subcon.p.requestTitle',
        message: 'screen.subcon.p.requestMessage',
        columns: 2,
        fields: requestFields,
      },
      params: {
        body: { targetKind: "'AGREEMENT'", agreementNo: 'form.agreementNo', ...requestBody },
      },
      success: 'screen.subcon.done.requested',
    },
  ],
});
