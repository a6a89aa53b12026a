import { Type } from 'typebox';
import { CursorAnswer, CursorQuery, PagingQuery, SortQuery } from '../../../http/list-query.js';
import {
  CodeList,
  CurrencyTotals,
  DateRange,
  DateString,
  Nullable,
  PricedItem,
  Version,
} from '../../../domain/schemas.js';
import { APPROVAL_STATUSES, WH_STATUSES } from './workflow.js';

/**
 * The saved warehousing search filter of spec §3, field for field: poNo, whReqNo, whAppNo,
 * section, deptName, eprName, receiveName, expenses, approvalStatus (list), status (list),
 * whReqDates, lastDeciDates, system, sourceSystemList, isSearched. The list operations take
 * exactly these as query parameters (plus page, size, sort), and /api/v1/userPrefs keeps them.
 */
export const WarehousingFilterFields = {
  poNo: Type.Optional(Type.String({ maxLength: 20, description: 'PO number contains' })),
  whReqNo: Type.Optional(Type.String({ maxLength: 20, description: 'Receipt request number contains' })),
  whAppNo: Type.Optional(Type.String({ maxLength: 20, description: 'Receipt approval number contains' })),
  section: Type.Optional(
    Type.String({ maxLength: 20, description: 'Business section code (topDept) of the receiving department' }),
  ),
  deptName: Type.Optional(Type.String({ maxLength: 100, description: 'Receiving department name contains' })),
  eprName: Type.Optional(
    Type.String({ maxLength: 50, description: 'Name of the employee who requested the purchase contains' }),
  ),
  receiveName: Type.Optional(
    Type.String({ maxLength: 50, description: 'Name of the employee who received the goods contains' }),
  ),
  expenses: Type.Optional(Type.String({ maxLength: 20, description: 'EXPENSES code' })),
  approvalStatus: Type.Optional(CodeList(APPROVAL_STATUSES, 'APPROVAL_STATUS codes')),
  status: Type.Optional(CodeList(WH_STATUSES, 'WH_STATUS codes')),
  whReqDates: Type.Optional(DateRange('Receipt request date')),
  lastDeciDates: Type.Optional(DateRange('Final decision date')),
  system: Type.Optional(
    Type.Union([Type.Literal('GPMS'), Type.Literal('OTHER'), Type.Literal('')], {
      description:
        'GPMS: receipts recorded here (warehousingList); OTHER: copies from the other source systems (the Copy screens); blank: both',
    }),
  ),
  sourceSystemList: Type.Optional(
    Type.Array(Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,9}$' }), {
      maxItems: 20,
      description: 'SOURCE_SYSTEM codes (repeat the parameter)',
    }),
  ),
  isSearched: Type.Optional(
    Type.Boolean({
      description: 'Client state kept with the saved filter (the user has searched); the server ignores it',
    }),
  ),
};

export const WarehousingFilter = Type.Object(WarehousingFilterFields, {
  additionalProperties: false,
  $id: 'WarehousingFilter',
  title: 'WarehousingFilter',
});

export const WH_SORT = [
  'whReqNo',
  'whAppNo',
  'poNo',
  'compName',
  'sectionName',
  'deptName',
  'eprName',
  'receiveName',
  'expenses',
  'status',
  'approvalStatus',
  'whReqDate',
  'lastDeciDate',
  'AMT',
  'sourceSystem',
] as const;
export const WH_ITEM_SORT = [...WH_SORT, 'lineNo', 'itemCode', 'itemName', 'quantity', 'PRICE'] as const;

export const WarehousingListQuery = Type.Object(
  { ...WarehousingFilterFields, ...PagingQuery, ...CursorQuery, sort: SortQuery(WH_SORT) },
  { additionalProperties: false },
);
export const WarehousingItemListQuery = Type.Object(
  { ...WarehousingFilterFields, ...PagingQuery, ...CursorQuery, sort: SortQuery(WH_ITEM_SORT) },
  { additionalProperties: false },
);

const header = {
  whReqNo: Type.String(),
  whAppNo: Nullable(Type.String()),
  poNo: Type.String(),
  deliveryNo: Nullable(Type.String()),
  compNo: Type.String(),
  compName: Type.String(),
  sourceSystem: Type.String({ description: 'SOURCE_SYSTEM code; GPMS for receipts recorded here' }),
  externalRef: Nullable(Type.String({ description: 'The source system’s own receipt number (copies)' })),
  section: Type.String(),
  sectionName: Type.String(),
  deptcd: Type.String(),
  deptName: Type.String(),
  eprId: Nullable(Type.String()),
  eprName: Nullable(Type.String()),
  receiverId: Nullable(Type.String()),
  receiveName: Nullable(Type.String()),
  expenses: Type.String(),
  status: Type.String({ description: 'WH_STATUS code' }),
  approvalStatus: Type.String({ description: 'APPROVAL_STATUS code' }),
  currency: Type.String(),
  whReqDate: Type.String(),
  lastDeciDate: Nullable(Type.String()),
  FILE_SEQ: Nullable(Type.String({ description: 'Delivery documents (file group)' })),
  settleNo: Nullable(Type.String({ description: 'The settlement that holds it, once settled' })),
};

const WarehousingRow = Type.Object(
  {
    ...header,
    AMT: Type.String({ description: 'Receipt amount in its currency' }),
    lineCount: Type.Integer(),
    approvedAt: Nullable(Type.String()),
    approverId: Nullable(Type.String()),
    decidedBy: Nullable(Type.String()),
    rejectReason: Nullable(Type.String()),
    cancelReason: Nullable(Type.String()),
    BIGO: Nullable(Type.String()),
    requestedBy: Type.String(),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    version: Type.Integer(),
  },
  { $id: 'WarehousingRow', title: 'WarehousingRow' },
);

const WarehousingItemRow = Type.Object(
  {
    ...header,
    lineNo: Type.Integer(),
    poLineNo: Type.Integer(),
    deliveryLineNo: Nullable(Type.Integer()),
    ...PricedItem,
    BIGO: Nullable(Type.String()),
  },
  { $id: 'WarehousingItemRow', title: 'WarehousingItemRow' },
);

const WarehousingLine = Type.Object(
  {
    lineNo: Type.Integer(),
    poNo: Type.String(),
    poLineNo: Type.Integer(),
    deliveryLineNo: Nullable(Type.Integer()),
    ...PricedItem,
    BIGO: Nullable(Type.String()),
  },
  { $id: 'WarehousingLine', title: 'WarehousingLine' },
);

/** One receipt: the header as `receipt` and, for screen forms (one flat record), also at the top level beside `lines`. */
const WarehousingDetail = Type.Object(
  {
    ...WarehousingRow.properties,
    receipt: Type.Ref('WarehousingRow'),
    lines: Type.Array(Type.Ref('WarehousingLine')),
    subconClocks: Type.Array(Type.Ref('SubconLineClock'), {
      description: 'The 하도급 clocks of the lines (empty when the order is not 하도급)',
    }),
  },
  { $id: 'WarehousingDetail', title: 'WarehousingDetail' },
);

export const WarehousingList = Type.Object({
  rows: Type.Array(Type.Ref('WarehousingRow')),
  total: Type.Integer(),
  totals: CurrencyTotals,
  ...CursorAnswer,
});
export const WarehousingItemList = Type.Object({
  rows: Type.Array(Type.Ref('WarehousingItemRow')),
  total: Type.Integer(),
  totals: CurrencyTotals,
  ...CursorAnswer,
});

export const WhReqNoParams = Type.Object(
  { whReqNo: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);

export const DecideBody = Type.Object(
  { version: Version, lastDeciDate: Type.Optional(DateString) },
  {
    additionalProperties: false,
    description: 'lastDeciDate defaults to today (KST); not before the request date, not in the future',
  },
);

/** A received line of a 하도급 order with its two clocks (docs/subcontracting.md). */
const SubconLineClock = Type.Object(
  {
    clockKey: Type.String({ description: 'whReqNo/lineNo: one line among a delivery’s receipts' }),
    whReqNo: Type.String(),
    lineNo: Type.Integer(),
    poNo: Type.String(),
    poLineNo: Type.Integer(),
    itemName: Type.String(),
    subconKind: Type.Enum(['MANUFACTURE', 'REPAIR', 'SERVICE']),
    receivedOn: Type.String({ description: '수령일: the receipt day, day 0 of both clocks' }),
    inspectionDue: Type.String({ description: '검사 기한: 수령일 + 10 days (하도급법 §9②)' }),
    inspectionState: Type.Enum(['OPEN', 'PASS', 'FAIL', 'DEEMED_PASS'], {
      description: 'DEEMED_PASS: no written result by the end of day 10 — passed by law (합격 간주)',
    }),
    inspectionResult: Nullable(Type.Enum(['PASS', 'FAIL'])),
    inspectionDate: Nullable(Type.String()),
    paymentDue: Type.String({
      description: '지급 기한: the shortest of the agreed term, 수령일 + 60 days and 발주자 지급일 + 15 days (§13)',
    }),
  },
  { $id: 'SubconLineClock', title: 'SubconLineClock' },
);

export const InspectionParams = Type.Object(
  { whReqNo: Type.String({ minLength: 1, maxLength: 20 }), lineNo: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

export const InspectionBody = Type.Object(
  {
    version: Version,
    result: Type.Enum(['PASS', 'FAIL'], { description: '합격 / 불합격' }),
    inspectionDate: Type.Optional(DateString),
  },
  {
    additionalProperties: false,
    description:
      'inspectionDate defaults to today (KST); not before the receipt, not in the future. 불합격 after day 10 is refused (합격 간주)',
  },
);

export const WarehousingSchemas = [
  SubconLineClock,
  WarehousingFilter,
  WarehousingRow,
  WarehousingItemRow,
  WarehousingLine,
  WarehousingDetail,
];
