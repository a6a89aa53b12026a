/**
 * What a 하도급 settlement shows and offers (docs/subcontracting.md "Payment, interest and fees", "감액 서면"): its
 * payment side — 지급 기한, the payment recorded, 지연이자 and 어음 fees (§13) — on staff's /monthlyCalcADetail and the
 * supplier's /monthlyCalcDetail, the 감액 서면 grid (§11) on both, and staff's two actions: 지급 기록 and 감액 서면 작성.
 * Not shown on a settlement without 하도급 lines (`subcon` null), which shows only the payment recorded (PAID_FIELDS)
 * and is recorded with the same 지급 기록.
 */
import type { EditScreenDef } from '../../engine/define';
import { ORDER_KIND, PAY_METHOD, REDUCTION_STATUS, s, sf } from './labels';

type SectionDef = NonNullable<EditScreenDef['sections']>[number];
type FieldDef = SectionDef['fields'][number];
type DetailDef = NonNullable<EditScreenDef['details']>[number];
type ActionDef = NonNullable<EditScreenDef['actions']>[number];

const SUBCON = '!empty(form.subcon)';
const PLAIN_PAID = 'empty(form.subcon) && !empty(form.paidOn)';
const BILL_PAID = "form.subcon.paid == true && form.subcon.paymentMethod != 'CASH'";

/**
 * The settlement's `subcon` answer, field by field: the form reads a flat record, so each field takes its part of
 * the same answer (one call: value-from.ts shares it).
 */
function paymentFields(operation: 'getSettlement' | 'getMySettlement'): FieldDef[] {
  const part = (value: string) => ({
    operation,
    params: { path: { settleNo: 'form.settleNo' } },
    value: `subcon.${value}`,
  });
  const shown = (name: string): FieldDef => ({
    field: `subcon_${name}`,
    label: sf(name),
    readOnly: true,
    valueFrom: part(name),
  });
  return [
    { ...shown('subconKind'), widget: 'select', options: ORDER_KIND },
    { ...shown('paymentDue'), widget: 'date', help: s('h.paymentDue') },
    { ...shown('statutoryDue'), widget: 'date', help: s('h.statutoryDue') },
    { ...shown('paidOn'), widget: 'date', visible: 'form.subcon.paid == true' },
    { ...shown('paymentMethod'), widget: 'select', options: PAY_METHOD, visible: 'form.subcon.paid == true' },
    { ...shown('billMaturity'), widget: 'date', visible: '!empty(form.subcon.billMaturity)' },
    { ...shown('daysLate'), mask: 'numComma' },
    { ...shown('lateInterest'), mask: 'numComma', help: s('h.lateInterest') },
    { ...shown('lateInterestRate') },
    // A bill's discount or fee: nothing to read on a cash payment.
    { ...shown('feeDays'), mask: 'numComma', visible: BILL_PAID },
    { ...shown('billFee'), mask: 'numComma', visible: BILL_PAID },
    { ...shown('billFeeRate'), visible: '!empty(form.subcon.billFeeRate)' },
    { ...shown('chargeVoucherNo'), visible: '!empty(form.subcon.chargeVoucherNo)' },
    {
      ...shown('chargeVoucherStatus'),
      widget: 'select',
      codeGroup: 'POSTING_STATUS',
      visible: '!empty(form.subcon.chargeVoucherStatus)',
    },
  ];
}

/**
 * The payment recorded on a settlement without 하도급 lines (the record's `paidOn`, `paymentMethod`, `billMaturity`):
 * a 하도급 settlement shows its payment in its own section, with the interest and fee it owes.
 */
export const PAID_FIELDS: FieldDef[] = [
  { field: 'paidOn', label: sf('paidOn'), widget: 'date', readOnly: true, visible: PLAIN_PAID },
  {
    field: 'paymentMethod',
    label: sf('paymentMethod'),
    widget: 'select',
    options: PAY_METHOD,
    readOnly: true,
    visible: PLAIN_PAID,
  },
  {
    field: 'billMaturity',
    label: sf('billMaturity'),
    widget: 'date',
    readOnly: true,
    visible: 'empty(form.subcon) && !empty(form.billMaturity)',
  },
];

export const paymentSection = (operation: 'getSettlement' | 'getMySettlement'): SectionDef => ({
  title: s('sec.payment'),
  columns: 4,
  visible: SUBCON,
  fields: paymentFields(operation),
});

/** The 감액 서면 of the settlement (the record's `reductions`). */
export const reductionsDetail = (): DetailDef => ({
  id: 'reductions',
  title: s('d.reductions'),
  rowKey: 'reductionNo',
  visible: '!empty(form.reductions)',
  canAdd: false,
  canDelete: false,
  visibleRows: 3,
  columns: [
    // The supplier opens its 서면 to acknowledge it from its 감액 서면 menu (/cyber/myReductionList).
    { field: 'reductionNo', label: sf('reductionNo'), width: 130 },
    { field: 'amount', label: sf('reductionAmount'), type: 'money', currency: 'KRW', width: 120 },
    { field: 'reason', label: sf('reductionReason'), width: 300 },
    { field: 'status', label: sf('reductionStatus'), type: 'code', options: REDUCTION_STATUS, width: 100 },
    { field: 'acknowledgedAt', label: sf('acknowledgedAt'), type: 'datetime', width: 130 },
    { field: 'adjNo', label: sf('adjNo'), width: 130 },
  ],
});

/** Staff: record the payment of a confirmed settlement once (하도급 or not); 감액 서면 on a draft or disputed 하도급 one. */
export const SUBCON_SETTLEMENT_ACTIONS: ActionDef[] = [
  {
    kind: 'workflow',
    id: 'recordPayment',
    label: s('a.recordPayment'),
    operation: 'recordSettlementPayment',
    visible: "empty(form.paidOn) && form.status in ['CONFIRMED', 'POSTED', 'POST_FAILED']",
    prompt: {
      title: s('p.paymentTitle'),
      message: s('p.paymentMessage'),
      fields: [
        { field: 'paidOn', label: sf('paidOn'), widget: 'date', required: true, default: { today: 0 } },
        {
          field: 'method',
          label: sf('paymentMethod'),
          widget: 'radio',
          options: PAY_METHOD,
          required: true,
          default: 'CASH',
        },
        {
          field: 'billMaturity',
          label: sf('billMaturity'),
          widget: 'date',
          enabled: "input.method != 'CASH'",
          help: s('h.billMaturity'),
        },
      ],
    },
    params: {
      path: { settleNo: 'form.settleNo' },
      body: {
        version: 'form.version',
        paidOn: 'input.paidOn',
        method: 'input.method',
        billMaturity: 'input.billMaturity',
      },
    },
    success: s('done.payment'),
    then: ['reloadRecord', 'reload'],
  },
  {
    kind: 'workflow',
    id: 'createReduction',
    label: s('a.createReduction'),
    operation: 'createSettlementReduction',
    visible: "!empty(form.subcon) && form.status in ['DRAFT', 'DISPUTED']",
    prompt: {
      title: s('p.reductionTitle'),
      message: s('p.reductionMessage'),
      fields: [
        {
          field: 'amount',
          label: sf('reductionAmount'),
          widget: 'number',
          required: true,
          help: s('h.reductionAmount'),
        },
        { field: 'reason', label: sf('reductionReason'), widget: 'textarea', rows: 3, required: true, maxLength: 1000 },
      ],
    },
    params: { path: { settleNo: 'form.settleNo' }, body: { amount: 'input.amount', reason: 'input.reason' } },
    success: s('done.reduction'),
    then: ['reloadRecord', 'reload'],
  },
];

/** The adjustment dialog's choice of an acknowledged 서면 not yet booked (a 감액 of a 하도급 settlement needs one). */
export const REDUCTION_CHOICE: FieldDef = {
  field: 'reductionNo',
  label: sf('reductionNo'),
  widget: 'select',
  emptyOption: 'choose',
  help: s('h.reductionChoice'),
  optionsFrom: {
    operation: 'listSettlementReductions',
    params: { path: { settleNo: 'form.settleNo' }, query: { usable: "'Y'" } },
    value: 'reductionNo',
    text: 'reductionNo',
  },
};
