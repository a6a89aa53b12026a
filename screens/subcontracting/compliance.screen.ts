import { defineListScreen } from '../../engine/define';
import { FINDING, ORDER_KIND, s } from './labels';

/**
 * /subconCompliance — what the purchasing manager should act on today (docs/subcontracting.md): 하도급 lines past
 * their 검사 기한 with no written result (합격 간주, §9②), unpaid lines near or past their 지급 기한 with the 지연이자
 * accruing (§13), orders sent before their written contract (§3), payments that owed 지연이자 or an 어음 fee and the
 * voucher posting them, 감액 without an acknowledged 서면 (§11), and 납품대금 조정협의 requests past day 10 without
 * talks or day 30 without an outcome (상생협력법 §22의2, 하도급법 §16의2). Each row opens its order, its settlement
 * or its agreement and request; a line's receipt number opens the receipt.
 */
export default defineListScreen({
  id: 'subcontracting.compliance',
  route: '/subconCompliance',
  title: s('compliance.title'),
  labels: 'screen.subcon.f',
  description: 'Findings on the business day, with the interest accruing or paid, fees and 감액 without 서면.',
  source: { operation: 'listSubconCompliance', rowKey: 'rowKey' },
  filters: [{ field: 'kind', widget: 'select', options: FINDING }],
  columns: [
    { field: 'kind', type: 'code', options: FINDING, width: 190 },
    {
      field: 'poNo',
      width: 130,
      link: { route: '/OrderRequestEdit', query: { poNo: 'row.poNo' } },
    },
    { field: 'subconKind', type: 'code', options: ORDER_KIND, width: 90 },
    { field: 'compNameKr', width: 180 },
    {
      field: 'whReqNo',
      width: 120,
      link: { screen: 'fulfilmentDelivery.warehousingDetail', query: { whReqNo: 'row.whReqNo' }, dialog: true },
    },
    { field: 'lineNo', type: 'number', width: 60 },
    { field: 'itemName', width: 180 },
    { field: 'receivedOn', type: 'date', width: 100 },
    { field: 'dueDate', type: 'date', width: 100 },
    { field: 'daysPast', type: 'number', width: 80 },
    { field: 'forwardedAt', type: 'datetime', width: 140 },
    {
      field: 'settleNo',
      width: 130,
      link: { screen: 'settlement.monthlyCalcADetail', query: { settleNo: 'row.settleNo' } },
    },
    { field: 'adjNo', width: 120 },
    { field: 'amount', type: 'money', currency: 'KRW', width: 120 },
    { field: 'lateInterest', type: 'money', currency: 'KRW', width: 110 },
    { field: 'billFee', type: 'money', currency: 'KRW', width: 110 },
    { field: 'paidOn', type: 'date', width: 100 },
    {
      field: 'chargeVoucherNo',
      width: 130,
      link: { screen: 'settlement.signifierDetail', query: { voucherNo: 'row.chargeVoucherNo' } },
    },
    { field: 'chargeVoucherStatus', type: 'code', codeGroup: 'POSTING_STATUS', width: 90 },
    {
      field: 'agreementNo',
      width: 130,
      link: { screen: 'purchaseOrder.agreementEdit', query: { agreementNo: 'row.agreementNo' } },
    },
    {
      field: 'coordinationNo',
      width: 130,
      link: { screen: 'subcontracting.coordinationList', query: { coordinationNo: 'row.coordinationNo' } },
    },
  ],
  actions: [{ kind: 'exportExcel', fileName: s('compliance.file') }],
});
