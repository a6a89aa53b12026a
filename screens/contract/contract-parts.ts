/**
 * What the electronic-contract screens share — staff's /contract/contractList and
 * /contract/contractDetail, the supplier's list and /contract/contractSign: the option lists (state,
 * contract type, sign order, stamp state, event kind, party), the header fields and the grids of
 * variables, events and stamps.
 */
import type { TypedColumn } from '../../engine/define';
import type { ColumnDef, DetailDef, FieldDef } from '../../engine/definition/types';

export const T = 'screen.contract';
export const f = (name: string) => `${T}.field.${name}`;
const options = (group: string, values: readonly string[]) =>
  values.map((value) => ({ value, text: `${T}.option.${group}.${value}` }));

export const STATUS = options('status', [
  'DRAFT',
  'IN_APPROVAL',
  'SENT',
  'PARTLY_SIGNED',
  'EXECUTING',
  'EXECUTED',
  'DECLINED',
  'EXPIRED',
  'CANCELLED',
]);
/** A supplier sees a contract once it has been sent to it. */
export const SUPPLIER_STATUS = STATUS.filter((o) =>
  ['SENT', 'PARTLY_SIGNED', 'EXECUTING', 'EXECUTED', 'DECLINED', 'EXPIRED'].includes(o.value),
);
export const CONTRACT_TYPE = options('contractType', ['SUPPLY', 'CONSTRUCT', 'SERVICE', 'UNIT_PRICE']);
export const SIGN_ORDER = options('signOrder', ['SUPPLIER_FIRST', 'BUYER_FIRST']);
const STAMP_STATUS = options('stampStatus', ['NOT_TAXABLE', 'REQUIRED', 'PENDING', 'PAID']);
const PARTY = options('party', ['BUYER', 'SUPPLIER']);
const SOURCE_KIND = options('sourceKind', ['PO', 'LOI', 'NONE']);
const TAX_TYPE = options('taxType', ['TAXABLE', 'ZERO_RATED', 'EXEMPT']);
const EVENT_KIND = options('event', [
  'CREATED',
  'LINKAGE_SET',
  'SUBMITTED',
  'APPROVED',
  'REJECTED',
  'SENT',
  'VIEWED',
  'CODE_SENT',
  'CODE_VERIFIED',
  'CONSENT',
  'SIGNED',
  'DECLINED',
  'STAMP_RECORDED',
  'EXPIRED',
  'CANCELLED',
  'COMPLETED',
]);

const ACTOR_ROLE = options('actorRole', ['BUYER_SIGNER', 'BUYER_STAFF', 'SUPPLIER_USER', 'SYSTEM']);

/** The contract's header (read only: a contract changes by its actions). */
export const headerFields = (portal: 'internal' | 'external'): FieldDef[] => [
  { field: 'contractNo', readOnly: true },
  { field: 'status', widget: 'select', options: STATUS, readOnly: true },
  { field: 'title', readOnly: true, span: 2 },
  { field: 'contractType', widget: 'select', options: CONTRACT_TYPE, readOnly: true },
  { field: 'signOrder', widget: 'select', options: SIGN_ORDER, readOnly: true },
  { field: 'nextSigner', widget: 'select', options: PARTY, readOnly: true, visible: '!empty(form.nextSigner)' },
  { field: 'signDeadline', widget: 'date', readOnly: true },
  ...(portal === 'internal'
    ? ([
        { field: 'compNo', widget: 'company', readOnly: true },
        { field: 'templateNo', readOnly: true },
        { field: 'sourceKind', widget: 'select', options: SOURCE_KIND, readOnly: true },
        { field: 'sourceNo', readOnly: true, visible: '!empty(form.sourceNo)' },
        { field: 'approvalStatus', widget: 'select', codeGroup: 'APPROVAL_STATUS', readOnly: true },
      ] satisfies FieldDef[])
    : []),
  { field: 'supplyAmount', widget: 'money', readOnly: true },
  { field: 'vatAmount', widget: 'money', readOnly: true },
  { field: 'taxType', widget: 'select', options: TAX_TYPE, readOnly: true },
  { field: 'totalAmount', widget: 'money', readOnly: true },
  { field: 'contractDate', widget: 'date', readOnly: true },
  { field: 'startDate', widget: 'date', readOnly: true },
  { field: 'endDate', widget: 'date', readOnly: true },
  // The signers by name (the contract stores their user ids).
  { field: 'buyerSignerName', label: f('buyerSignerId'), readOnly: true },
  {
    field: 'supplierSignerName',
    label: f('supplierSignerId'),
    readOnly: true,
    visible: '!empty(form.supplierSignerName)',
  },
  { field: 'supplierSignedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.supplierSignedAt)' },
  { field: 'buyerSignedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.buyerSignedAt)' },
  { field: 'executedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.executedAt)' },
  { field: 'stampStatus', widget: 'select', options: STAMP_STATUS, readOnly: true },
  { field: 'stampDuty', widget: 'money', readOnly: true },
  { field: 'stampBuyerShare', widget: 'money', readOnly: true },
  { field: 'stampSupplierShare', widget: 'money', readOnly: true },
  { field: 'amendsContractNo', readOnly: true, visible: '!empty(form.amendsContractNo)' },
  { field: 'documentSha', readOnly: true, span: 2 },
  { field: 'executedSha', readOnly: true, span: 2, visible: '!empty(form.executedSha)' },
  {
    field: 'declineReason',
    widget: 'textarea',
    rows: 2,
    readOnly: true,
    span: 4,
    visible: '!empty(form.declineReason)',
  },
];

const grid = (id: string, title: string, rowKey: string, visibleRows: number, columns: ColumnDef[]): DetailDef => ({
  id,
  title,
  rowKey,
  canAdd: false,
  canDelete: false,
  visibleRows,
  columns,
});

export const eventsGrid = grid('events', `${T}.section.events`, 'seq', 8, [
  { field: 'seq', type: 'number', width: 50 },
  { field: 'occurredAt', type: 'datetime', width: 140 },
  { field: 'kind', type: 'code', options: EVENT_KIND, width: 120 },
  // Who: by name and role (a supplier is shown the buyer's people no other way); the id and address
  // where the answer carries them (staff, and a supplier's own company's events).
  { field: 'actorName', width: 100 },
  { field: 'actorRole', type: 'code', options: ACTOR_ROLE, width: 110 },
  { field: 'userId', width: 100 },
  { field: 'actorCompNo', width: 90 },
  { field: 'ip', width: 110 },
  { field: 'docSha', width: 200 },
  { field: 'hash', width: 200 },
]);

/** The revenue stamps recorded per party; a contract that owes no duty shows none. */
export const stampsGrid: DetailDef = {
  ...grid('stamps', `${T}.section.stamps`, 'party', 3, [
    { field: 'party', type: 'code', options: PARTY, width: 90 },
    { field: 'amount', type: 'money', currency: 'KRW', width: 110 },
    { field: 'stampNo', width: 200 },
    { field: 'recordedByName', label: f('recordedBy'), width: 100 },
    { field: 'recordedAt', type: 'datetime', width: 140 },
  ]),
  visible: "form.stampStatus != 'NOT_TAXABLE'",
};

/** The list's columns; the supplier's list leaves out the company (its own). */
export const listColumns = (screen: string, portal: 'internal' | 'external'): Array<TypedColumn<'listContracts'>> => [
  { field: 'contractNo', width: 140, link: { screen, query: { contractNo: 'row.contractNo' } } },
  { field: 'title', width: 240 },
  { field: 'status', type: 'code', options: STATUS, width: 90 },
  ...(portal === 'internal' ? [{ field: 'compName' as const, width: 160 }] : []),
  { field: 'contractType', type: 'code', options: CONTRACT_TYPE, width: 110 },
  { field: 'totalAmount', type: 'money', currency: 'KRW', width: 130 },
  { field: 'signDeadline', type: 'date', width: 100 },
  { field: 'stampStatus', type: 'code', options: STAMP_STATUS, width: 90 },
  { field: 'amendsContractNo', width: 130 },
  { field: 'createdAt', type: 'datetime', width: 140 },
];

export const USE_YN = options('useYn', ['Y', 'N']);

/** The catalogue's variables an amendment may change (server/modules/contracts/variables.ts). */
const VARIABLE = options('variable', [
  'buyer.name',
  'buyer.address',
  'buyer.phone',
  'supplier.name',
  'supplier.bizNo',
  'supplier.ceo',
  'supplier.address',
  'contract.title',
  'contract.typeName',
  'contract.supplyAmount',
  'contract.vatAmount',
  'contract.totalAmount',
  'contract.startDate',
  'contract.endDate',
  'contract.stampDuty',
  'source.no',
  'source.title',
  'source.date',
  'source.amount',
]);

/** An amendment's change summary: each variable that differs from the original, before and after. */
export const changesGrid: DetailDef = {
  ...grid('changeSummary', `${T}.section.changes`, 'name', 5, [
    { field: 'name', label: f('variable'), type: 'code', options: VARIABLE, width: 200 },
    { field: 'before', label: f('changeBefore'), width: 260 },
    { field: 'after', label: f('changeAfter'), width: 260 },
  ]),
  visible: '!empty(form.amendsContractNo)',
};

/** The fields of a PO or LOI an amendment may change (server/modules/contracts/service.ts SourceChangeRow). */
const SOURCE_FIELD = options('sourceField', [
  'dueDate',
  'quantity',
  'unitPrice',
  'deliveryDate',
  'amount',
  'validUntil',
]);

/**
 * An amendment's agreed change of the PO or LOI it governs: each field (a line's by its number), its
 * value when the amendment was made and the agreed one — applied to the document when executed.
 */
export const sourceChangesGrid: DetailDef = {
  ...grid('sourceChanges', `${T}.section.sourceChanges`, 'key', 5, [
    { field: 'field', label: f('sourceField'), type: 'code', options: SOURCE_FIELD, width: 160 },
    { field: 'lineNo', label: f('lineNo'), type: 'number', width: 80 },
    { field: 'before', label: f('changeBefore'), width: 200 },
    { field: 'after', label: f('changeAfter'), width: 200 },
  ]),
  visible: '!empty(form.sourceChanges)',
};
