/**
 * What the 납품대금 조정협의 screens share (docs/subcontracting.md "납품대금 조정협의"): the request's columns with its
 * target and its two clocks — staff's /priceCoordinationList and the supplier's /myCoordinationList differ in where
 * the documents' numbers lead and in their actions —, the fields the supplier's request asks for, and the order
 * screens' grid of an order's requests.
 */
import type { EditScreenDef, TypedColumn } from '../../engine/define';
import type { CallAction, FieldDef } from '../../engine/definition/types';
import { COORDINATION_STATUS, COORDINATION_TARGET, ORDER_KIND, s, sf } from './labels';

/** Both lists answer the same row (PriceCoordinationRow). */
type Column = TypedColumn<'listPriceCoordinations'>;
type DetailDef = NonNullable<EditScreenDef['details']>[number];

/** Where a request's documents open, on staff's portal or the supplier's. */
interface TargetLinks {
  agreement: string;
  order: string;
  contract: string;
}

/**
 * The columns of a request: its target — 단가계약 or 발주 with its number and title, and an order's written contract
 * (the executed e-contract, or the paper contract's reference) — each number opening its document, then the clocks.
 */
export function coordinationColumns(links: TargetLinks): Column[] {
  return [
    { field: 'coordinationNo', width: 130 },
    { field: 'status', label: sf('coordinationStatus'), type: 'code', options: COORDINATION_STATUS, width: 90 },
    { field: 'targetKind', type: 'code', options: COORDINATION_TARGET, width: 80 },
    {
      field: 'agreementNo',
      width: 130,
      link: { screen: links.agreement, query: { agreementNo: 'row.agreementNo' } },
    },
    { field: 'poNo', width: 130, link: { screen: links.order, query: { poNo: 'row.poNo' } } },
    { field: 'targetTitle', width: 180 },
    { field: 'contractNo', width: 130, link: { screen: links.contract, query: { contractNo: 'row.contractNo' } } },
    { field: 'paperContract', width: 160 },
    { field: 'requestedOn', type: 'date', width: 100 },
    { field: 'talksDue', type: 'date', width: 110 },
    { field: 'talksLateDays', type: 'number', width: 90 },
    { field: 'talksStartedOn', type: 'date', width: 110 },
    { field: 'agreementDue', type: 'date', width: 100 },
    { field: 'agreementLateDays', type: 'number', width: 90 },
    { field: 'subconKind', type: 'code', options: ORDER_KIND, width: 90 },
    { field: 'reason', label: sf('coordinationReason'), width: 240 },
    { field: 'requestedChange', width: 200 },
    { field: 'requestedPct', type: 'number', width: 100 },
    { field: 'requestedAmount', type: 'money', width: 120 },
    { field: 'costBasis', width: 240 },
    { field: 'outcome', width: 200 },
    { field: 'agreedOn', type: 'date', width: 100 },
    { field: 'failReason', width: 200 },
    { field: 'failedOn', type: 'date', width: 100 },
    { field: 'withdrawnOn', type: 'date', width: 100 },
  ];
}

/** The supplier's request: why, what it asks (in words, and a % or an amount if it likes) and the cost basis. */
export const requestFields: FieldDef[] = [
  {
    field: 'reason',
    label: sf('coordinationReason'),
    widget: 'textarea',
    rows: 3,
    required: true,
    maxLength: 1000,
    span: 2,
  },
  { field: 'requestedChange', label: sf('requestedChange'), required: true, maxLength: 1000, span: 2 },
  { field: 'requestedPct', label: sf('requestedPct'), widget: 'number', help: s('h.requestedPct') },
  { field: 'requestedAmount', label: sf('requestedAmount'), widget: 'number', help: s('h.requestedAmount') },
  {
    field: 'costBasis',
    label: sf('costBasis'),
    widget: 'textarea',
    rows: 4,
    required: true,
    maxLength: 2000,
    help: s('h.costBasis'),
    span: 2,
  },
];

/**
 * The statuses of an order a request may name, as an expression's list (the server's COORDINATION_ORDER_STATUSES in
 * coordination/workflow.ts): sent to the supplier and not yet closed or cancelled.
 */
export const RUNNING_ORDER_STATUSES = "['SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED', 'DELIVERED']";

/**
 * The supplier's choice of document in the request dialog of its list: an agreement among its active ones, or an
 * order among its running ones (the server refuses one outside the Act, with its reason). Only the chosen kind's
 * field is shown and asked for.
 */
export const targetFields: FieldDef[] = [
  {
    field: 'targetKind',
    label: sf('targetKind'),
    widget: 'radio',
    options: COORDINATION_TARGET,
    default: 'AGREEMENT',
    required: true,
    span: 2,
  },
  {
    field: 'agreementNo',
    label: sf('agreementNo'),
    widget: 'select',
    required: true,
    visible: "input.targetKind == 'AGREEMENT'",
    optionsFrom: {
      operation: 'listSupplierAgreements',
      value: 'agreementNo',
      text: 'title',
      params: { query: { status: "['ACTIVE']" } },
    },
    span: 2,
  },
  {
    field: 'poNo',
    label: sf('poNo'),
    widget: 'select',
    required: true,
    visible: "input.targetKind == 'ORDER'",
    optionsFrom: {
      operation: 'listSupplierPos',
      value: 'poNo',
      text: 'title',
      // The orders a request may name, 하도급 ones only.
      params: { query: { subcon: "'Y'", status: RUNNING_ORDER_STATUSES } },
    },
    span: 2,
  },
];

/** The request's own fields as the call sends them (beside the document it names). */
export const requestBody = {
  reason: 'input.reason',
  requestedChange: 'input.requestedChange',
  requestedPct: 'input.requestedPct',
  requestedAmount: 'input.requestedAmount',
  costBasis: 'input.costBasis',
};

/** Where the order a request names comes from, and when the screen offers the request. */
interface OrderCoordinationTarget {
  /** The record's field holding the order's number: shown read-only in the dialog and sent. */
  poNo: string;
  visible: string;
  /** The dialog's words: which order it asks on, as this screen sees it. */
  message: string;
  /** After the request: a screen listing the order's requests reads its record again to show the new one. */
  then?: CallAction['then'];
}

/**
 * 조정협의 요청 on one order — from an executed contract whose source is the order (/contract/contractSign) or from
 * the order's own view (/CyberOrderRequestEdit): the request names the order, shown in the dialog to be checked, not
 * chosen again.
 */
export function orderCoordinationAction(target: OrderCoordinationTarget): CallAction {
  return {
    kind: 'workflow',
    id: 'requestCoordination',
    portal: 'external',
    label: s('a.requestCoordination'),
    requires: 'write',
    visible: target.visible,
    operation: 'requestPriceCoordination',
    prompt: {
      title: s('p.requestTitle'),
      message: target.message,
      columns: 2,
      fields: [
        { field: 'poNo', label: sf('poNo'), default: { record: target.poNo }, readOnly: 'true', span: 2 },
        ...requestFields,
      ],
    },
    params: { body: { targetKind: "'ORDER'", poNo: `form.${target.poNo}`, ...requestBody } },
    success: s('done.requested'),
    ...(target.then ? { then: target.then } : {}),
  };
}

/**
 * An order's requests on the order's screens (getPo, getSupplierPo answer them), the number opening the request in
 * `listScreen` — staff's or the supplier's list, where it is answered or withdrawn.
 */
export function coordinationsDetail(listScreen: string): DetailDef {
  return {
    id: 'coordinations',
    title: s('d.coordinations'),
    rowKey: 'coordinationNo',
    visible: '!empty(form.coordinations)',
    canAdd: false,
    canDelete: false,
    visibleRows: 3,
    columns: [
      {
        field: 'coordinationNo',
        label: sf('coordinationNo'),
        width: 130,
        link: { screen: listScreen, query: { coordinationNo: 'row.coordinationNo' } },
      },
      { field: 'status', label: sf('coordinationStatus'), type: 'code', options: COORDINATION_STATUS, width: 90 },
      { field: 'requestedOn', label: sf('requestedOn'), type: 'date', width: 100 },
      { field: 'requestedChange', label: sf('requestedChange'), width: 200 },
      { field: 'talksDue', label: sf('talksDue'), type: 'date', width: 110 },
      { field: 'talksStartedOn', label: sf('talksStartedOn'), type: 'date', width: 110 },
      { field: 'agreementDue', label: sf('agreementDue'), type: 'date', width: 100 },
      { field: 'agreedOn', label: sf('agreedOn'), type: 'date', width: 100 },
      { field: 'failedOn', label: sf('failedOn'), type: 'date', width: 100 },
      { field: 'withdrawnOn', label: sf('withdrawnOn'), type: 'date', width: 100 },
    ],
  };
}
