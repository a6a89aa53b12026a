/**
 * Text keys and inline code lists the purchase-order screens share (texts in ./i18n). Field
 * labels live under screen.purchaseOrder.f.* so they never collide with another group's field.*.
 */
import type { ListScreenDef } from '../../engine/define';
import { HISTORY_ACTORS } from '../history-actors';

type ColumnDef = ListScreenDef['columns'][number];
type CodeOption = NonNullable<ColumnDef['options']>[number];

const P = 'screen.purchaseOrder';

/** screen.purchaseOrder.<key> */
export const t = (key: string) => `${P}.${key}`;
/** The label of a field of these screens: screen.purchaseOrder.f.<name> */
export const f = (name: string) => `${P}.f.${name}`;

const options = (group: string, values: readonly string[]): CodeOption[] =>
  values.map((value) => ({ value, text: `${P}.${group}.${value}` }));

export const AGREEMENT_STATUS = options('agreementStatus', ['DRAFT', 'IN_APPROVAL', 'ACTIVE', 'EXPIRED', 'TERMINATED']);
export const AGREEMENT_POLICY = options('callOffPolicy', ['REFUSE', 'APPROVE']);
export const REVISION_STATUS = options('revisionStatus', [
  'CURRENT',
  'SUPERSEDED',
  'PROPOSED',
  'REJECTED',
  'WITHDRAWN',
]);
const STEP_STATUS = options('stepStatus', ['WAITING', 'PENDING', 'APPROVED', 'REJECTED', 'SKIPPED']);
const HISTORY_ACTION = options('historyAction', [
  'CREATE',
  'UPDATE',
  'SUBMIT',
  'APPROVAL_STEP',
  'APPROVED',
  'REJECTED',
  'SENT',
  'ACKNOWLEDGE',
  'CHANGE',
  'CANCEL',
  'ISSUED',
  'ACCEPT',
  'EXPIRE',
  'DELIVERY_STATUS',
  'PRINT',
  'TERMINATE',
  'CALL_OFF',
  'CHANGE_PROPOSED',
  'CHANGE_REJECTED',
  'LINKAGE',
  'PRICE_CHANGE',
  'LINKAGE_PROPOSED',
  'LINKAGE_PRICE',
  'LINKAGE_REJECTED',
  'PRICE_APPLIED',
]);
/** Where a dated price of an agreement line came from, and whether it is the one in effect today. */
export const PRICE_SOURCE = options('priceSource', ['ORIGINAL', 'AMENDMENT', 'LINKAGE']);
export const PRICE_STATE = options('priceState', ['CURRENT', 'PAST', 'FUTURE']);
export const CHANGE_FIELD = options('changeField', [
  'dueDate',
  'quantity',
  'unitPrice',
  'deliveryDate',
  'totalAmount',
  'status',
  'line',
]);

/** The approval grid of a document (its `approvalSteps`: every step of every round). */
export const APPROVAL_STEP_COLUMNS: ColumnDef[] = [
  { field: 'round', label: f('round'), type: 'number', width: 60 },
  { field: 'lineName', label: f('lineName'), width: 120 },
  { field: 'stepNo', label: f('stepNo'), type: 'number', width: 60 },
  { field: 'approverName', label: f('approverName'), width: 90 },
  { field: 'positionNm', label: f('positionNm'), width: 80 },
  { field: 'deptnm', label: f('deptnm'), width: 120 },
  { field: 'status', label: f('stepStatus'), type: 'code', options: STEP_STATUS, width: 90 },
  { field: 'comment', label: f('comment'), width: 260 },
  { field: 'actedAt', label: f('actedAt'), type: 'datetime', width: 140 },
  { field: 'onBehalfOfName', label: f('onBehalfOfName'), width: 100 },
];

/** The history grid of a document (its audit rows, numbered). */
export const HISTORY_COLUMNS: ColumnDef[] = [
  { field: 'at', label: f('at'), type: 'datetime', width: 140 },
  { field: 'action', label: f('action'), type: 'code', options: HISTORY_ACTION, width: 110 },
  { field: 'actorName', label: f('actorName'), type: 'code', options: HISTORY_ACTORS, width: 100 },
  { field: 'reason', label: f('reason'), width: 420 },
];
