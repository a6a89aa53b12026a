/**
 * The 하도급 texts and code lists the screens share — the order screens, the receipt detail, the supplier's
 * delivery and the two 하도급 screens of this group (texts in ./i18n, under screen.subcon.*).
 */
import type { EditScreenDef, ListScreenDef } from '../../engine/define';

type ColumnDef = ListScreenDef['columns'][number];
type CodeOption = NonNullable<ColumnDef['options']>[number];
type DetailDef = NonNullable<EditScreenDef['details']>[number];

const P = 'screen.subcon';
/** screen.subcon.<key> */
export const s = (key: string) => `${P}.${key}`;
/** A field label of these screens: screen.subcon.f.<name> */
export const sf = (name: string) => `${P}.f.${name}`;

const options = (group: string, values: readonly string[]): CodeOption[] =>
  values.map((value) => ({ value, text: `${P}.${group}.${value}` }));

export const ORDER_KIND = options('kind', ['MANUFACTURE', 'REPAIR', 'SERVICE']);
export const RULE_KIND = options('kind', ['MANUFACTURE', 'REPAIR', 'SERVICE', 'NONE']);
export const MATCH_KIND = options('matchKind', ['PO_TYPE', 'SG_CODE', 'COMP_NO']);
export const PO_TYPE = options('poType', ['PO', 'SIMPLE']);
export const CONTRACT_KIND = options('contractKind', ['ECONTRACT', 'PAPER']);
const INSPECTION_STATE = options('inspectionState', ['OPEN', 'PASS', 'FAIL', 'DEEMED_PASS']);
export const RESULT = options('result', ['PASS', 'FAIL']);
export const PAY_METHOD = options('payMethod', ['CASH', 'BILL', 'BILL_SUBSTITUTE']);
export const REDUCTION_STATUS = options('reductionStatus', ['REQUESTED', 'ACKNOWLEDGED']);
export const LINKAGE_KIND = options('linkageKind', ['LINKED', 'NOT_LINKED']);
export const LINKAGE_EXCEPTION = options('linkageException', [
  'SMALL_AMOUNT',
  'SHORT_TERM',
  'SMALL_ENTRUSTER',
  'AGREED_NONE',
]);
export const COMPARE_BASIS = options('compareBasis', ['DAY', 'MONTH_AVG']);
/** Where an e-contract's default 연동 answer came from. */
export const LINKAGE_SOURCE = options('linkageSource', ['AGREEMENT', 'CONTRACT']);
export const PROPOSAL_STATUS = options('proposalStatus', ['PROPOSED', 'ACCEPTED', 'REJECTED']);
export const RATE_KIND = options('rateKind', ['LATE_INTEREST', 'BILL_DISCOUNT', 'BILL_SUBSTITUTE']);
export const FINDING = options('finding', [
  'DEEMED_PASS',
  'PAYMENT_NEAR',
  'PAYMENT_OVERDUE',
  'SENT_BEFORE_CONTRACT',
  'PAID_WITH_CHARGES',
  'REDUCTION_UNWRITTEN',
  'COORDINATION_TALKS_OVERDUE',
  'COORDINATION_OVERDUE',
]);
/** What a 납품대금 조정협의 request names: an agreement or an order. */
export const COORDINATION_TARGET = options('coordinationTarget', ['AGREEMENT', 'ORDER']);
export const COORDINATION_STATUS = options('coordinationStatus', [
  'REQUESTED',
  'TALKS_STARTED',
  'AGREED',
  'FAILED',
  'WITHDRAWN',
]);

/**
 * A receipt's 하도급 lines with their clocks (the server's `subconClocks`, computed on the business day): shown to
 * staff on the receipt and to the supplier on its own delivery, the same columns for both.
 */
export const CLOCKS_DETAIL: DetailDef = {
  id: 'subconClocks',
  title: s('d.clocks'),
  rowKey: 'clockKey',
  visible: '!empty(form.subconClocks)',
  canAdd: false,
  canDelete: false,
  visibleRows: 4,
  columns: [
    { field: 'whReqNo', label: sf('whReqNo'), width: 120 },
    { field: 'lineNo', label: sf('lineNo'), type: 'number', width: 60 },
    { field: 'itemName', label: sf('itemName'), width: 180 },
    { field: 'subconKind', label: sf('subconKind'), type: 'code', options: ORDER_KIND, width: 90 },
    { field: 'receivedOn', label: sf('receivedOn'), type: 'date', width: 100 },
    { field: 'inspectionDue', label: sf('inspectionDue'), type: 'date', width: 100 },
    { field: 'inspectionState', label: sf('inspectionState'), type: 'code', options: INSPECTION_STATE, width: 90 },
    { field: 'inspectionDate', label: sf('inspectionDate'), type: 'date', width: 100 },
    { field: 'paymentDue', label: sf('paymentDue'), type: 'date', width: 100 },
  ],
};
