import { Type } from 'typebox';
import { CursorQuery, PagingQuery, SortQuery } from '../../../http/list-query.js';
import {
  CodeList,
  CompNo,
  CurrencyCode,
  DateRange,
  DateString,
  Nullable,
  Price,
  PricedItem,
  Quantity,
  Version,
} from '../../../domain/schemas.js';
import { YN as YesNo } from '../../../http/schema-helpers.js';
import { DELIVERY_STATUSES } from './workflow.js';

/**
 * Deliveries (ASN). Grid rows use the spec's grid field names where it names the concept
 * (spec §3): AMT amount, PRICE unit price, BIGO remark, FILE_SEQ the attachment group.
 */
const DeliveryRow = Type.Object(
  {
    deliveryNo: Type.String(),
    compNo: Type.String(),
    compName: Type.String(),
    poNo: Nullable(Type.String()),
    poTitle: Nullable(Type.String()),
    noPo: Type.String({ description: 'Y: delivered without an order (flagged)' }),
    status: Type.String({ description: 'DELIVERY_STATUS code' }),
    deliveryDate: Type.String(),
    arrivalDate: Nullable(Type.String()),
    currency: Type.String(),
    AMT: Type.String({ description: 'Total amount in the delivery currency' }),
    lineCount: Type.Integer(),
    delivererName: Nullable(Type.String()),
    delivererPhone: Nullable(Type.String()),
    vehicleNo: Nullable(Type.String()),
    FILE_SEQ: Nullable(
      Type.String({ description: 'File group of the delivery documents (/api/v1/cmmn/file/{id}/download)' }),
    ),
    BIGO: Nullable(Type.String()),
    cancelReason: Nullable(Type.String()),
    registeredBy: Type.String(),
    receivedAt: Nullable(Type.String()),
    whReqNo: Nullable(Type.String({ description: 'The receipt request that received it' })),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    version: Type.Integer(),
  },
  { $id: 'DeliveryRow', title: 'DeliveryRow' },
);

const DeliveryLineRow = Type.Object(
  {
    lineNo: Type.Integer(),
    poNo: Nullable(Type.String()),
    poLineNo: Nullable(Type.Integer()),
    ...PricedItem,
    BIGO: Nullable(Type.String()),
    shortQty: Type.String({
      description:
        'Delivered but not accepted by its receipt (partial receipt); back on the order line’s open quantity',
    }),
    shortReason: Nullable(
      Type.String({ description: 'Why not accepted: SHORT, DAMAGED or WRONG_ITEM (RECEIPT_SHORT_REASON)' }),
    ),
    shortRemark: Nullable(Type.String()),
    poQuantity: Nullable(Type.String({ description: 'Ordered quantity of the PO line' })),
    poDeliveredQty: Nullable(Type.String({ description: 'Delivered so far on the PO line, all deliveries' })),
    openQty: Nullable(Type.String({ description: 'Still open on the PO line' })),
    availableQty: Nullable(
      Type.String({
        description: 'What this delivery may hold on the PO line when it is edited: the open quantity plus its own',
      }),
    ),
  },
  { $id: 'DeliveryLineRow', title: 'DeliveryLineRow' },
);

/**
 * One delivery. The header is `delivery`, and — so that a screen definition's form reads it
 * without unwrapping (edit screens load one flat record) — its fields also stand at the top level
 * beside `lines` and `receipts`.
 */
const DeliveryDetail = Type.Object(
  {
    ...DeliveryRow.properties,
    delivery: Type.Ref('DeliveryRow'),
    lines: Type.Array(Type.Ref('DeliveryLineRow')),
    receipts: Type.Array(
      Type.Object({
        whReqNo: Type.String(),
        status: Type.String(),
        approvalStatus: Type.String(),
        whReqDate: Type.String(),
      }),
    ),
    subconClocks: Type.Array(Type.Ref('SubconLineClock'), {
      description: 'The 하도급 clocks of the lines received from this delivery (검사 기한, 지급 기한)',
    }),
    receiveLines: Type.Array(
      Type.Object({
        lineNo: Type.Integer(),
        itemName: Type.String(),
        unitCode: Type.String(),
        deliveredQty: Type.String(),
        quantity: Type.String({ description: 'To accept: all delivered until a receipt accepted less' }),
        shortReason: Nullable(Type.String()),
        shortRemark: Nullable(Type.String()),
      }),
      {
        description:
          'The receive grid of /deliverEditAdmin: the lines of a delivery against an order, as receiveDelivery takes them',
      },
    ),
  },
  { $id: 'DeliveryDetail', title: 'DeliveryDetail' },
);

export const DELIVERY_SORT = [
  'deliveryNo',
  'poNo',
  'compNo',
  'compName',
  'status',
  'deliveryDate',
  'arrivalDate',
  'AMT',
  'createdAt',
] as const;

const filters = {
  deliveryNo: Type.Optional(Type.String({ maxLength: 20, description: 'Contains' })),
  poNo: Type.Optional(Type.String({ maxLength: 20, description: 'Contains' })),
  status: Type.Optional(CodeList(DELIVERY_STATUSES, 'DELIVERY_STATUS codes')),
  deliveryDates: Type.Optional(DateRange('Delivery date')),
  itemName: Type.Optional(Type.String({ maxLength: 100, description: 'Some line’s item name contains' })),
};

export const DeliveryListQuery = Type.Object(
  {
    ...filters,
    compNo: Type.Optional(CompNo),
    compName: Type.Optional(Type.String({ maxLength: 100, description: 'Supplier name contains' })),
    noPo: Type.Optional(YesNo),
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(DELIVERY_SORT),
  },
  { additionalProperties: false },
);

/** The supplier's lists take `compNo` for staff reading them (a supplier's own is ignored: its database is its company's). */
const StaffCompany = {
  compNo: Type.Optional(
    Type.String({
      maxLength: 10,
      description: 'Staff only: one supplier; empty: every supplier. Ignored for supplier users',
    }),
  ),
};
export const MyDeliveryListQuery = Type.Object(
  {
    ...filters,
    noPo: Type.Optional(YesNo),
    ...StaffCompany,
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(DELIVERY_SORT),
  },
  { additionalProperties: false },
);
export const NoneOrderListQuery = Type.Object(
  {
    ...filters,
    compNo: Type.Optional(CompNo),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(DELIVERY_SORT),
  },
  { additionalProperties: false },
);
export const MyNoneOrderListQuery = Type.Object(
  { ...filters, ...StaffCompany, ...PagingQuery, ...CursorQuery, sort: SortQuery(DELIVERY_SORT) },
  { additionalProperties: false },
);

export const DeliveryNoParams = Type.Object(
  { deliveryNo: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);

const LineInput = Type.Object(
  {
    poLineNo: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The PO line delivered (deliveries against an order)' }),
    ),
    itemCode: Type.Optional(
      Type.String({ maxLength: 20, description: 'Without an order: the item, if it has a code' }),
    ),
    itemName: Type.Optional(Type.String({ maxLength: 200, description: 'Without an order: required' })),
    spec: Type.Optional(Type.String({ maxLength: 300 })),
    unitCode: Type.Optional(Type.String({ maxLength: 10, description: 'Without an order: required' })),
    quantity: Quantity,
    PRICE: Type.Optional(Price),
    BIGO: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

const header = {
  deliveryDate: DateString,
  arrivalDate: Type.Optional(DateString),
  delivererName: Type.Optional(Type.String({ maxLength: 50 })),
  delivererPhone: Type.Optional(Type.String({ maxLength: 20 })),
  vehicleNo: Type.Optional(Type.String({ maxLength: 20 })),
  FILE_SEQ: Type.Optional(
    Type.String({ maxLength: 36, description: 'A file group this user uploaded (delivery note, test report …)' }),
  ),
  BIGO: Type.Optional(Type.String({ maxLength: 1000 })),
  lines: Type.Array(LineInput, { minItems: 1, maxItems: 200 }),
};

export const DeliveryCreateBody = Type.Object(
  {
    poNo: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 20,
        description: 'The acknowledged order; leave out for a delivery without an order',
      }),
    ),
    currency: Type.Optional(CurrencyCode),
    ...header,
  },
  { additionalProperties: false },
);

export const DeliveryUpdateBody = Type.Object({ version: Version, ...header }, { additionalProperties: false });

export const ReceiveBody = Type.Object(
  {
    version: Version,
    expenses: Type.String({ minLength: 1, maxLength: 20, description: 'EXPENSES code' }),
    whReqDate: Type.Optional(DateString),
    BIGO: Type.Optional(Type.String({ maxLength: 1000 })),
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            lineNo: Type.Integer({ minimum: 1 }),
            quantity: Quantity,
            BIGO: Type.Optional(Type.String({ maxLength: 500 })),
            shortReason: Type.Optional(
              Type.Union(
                [
                  Type.Literal('SHORT'),
                  Type.Literal('DAMAGED'),
                  Type.Literal('WRONG_ITEM'),
                  Type.Literal(''),
                  Type.Null(),
                ],
                {
                  description:
                    'Required when less than delivered is accepted: short, damaged, wrong item (empty: none)',
                },
              ),
            ),
            shortRemark: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
          },
          { additionalProperties: false },
        ),
        {
          maxItems: 200,
          description:
            'Accepted quantity per delivery line (default: all delivered). Given, it lists every line; less than delivered (0 included) needs a shortReason, and the rest returns to the order line’s open quantity',
        },
      ),
    ),
  },
  { additionalProperties: false },
);

const DeliverableOrderRow = Type.Object(
  {
    poNo: Type.String(),
    title: Type.String(),
    status: Type.String(),
    currency: Type.String(),
    poDate: Type.String(),
    dueDate: Nullable(Type.String()),
    totalAmount: Type.String(),
    openLineCount: Type.Integer(),
  },
  { $id: 'DeliverableOrderRow', title: 'DeliverableOrderRow' },
);

const DeliverableOrderDetail = Type.Object(
  {
    order: Type.Ref('DeliverableOrderRow'),
    lines: Type.Array(
      Type.Object({
        lineNo: Type.Integer(),
        ...PricedItem,
        deliveredQty: Type.String(),
        openQty: Type.String(),
        deliveryDate: Nullable(Type.String()),
      }),
    ),
  },
  { $id: 'DeliverableOrderDetail', title: 'DeliverableOrderDetail' },
);

export const DELIVERABLE_SORT = ['poNo', 'poDate', 'dueDate', 'totalAmount'] as const;
export const DeliverableOrderQuery = Type.Object(
  { poNo: Type.Optional(Type.String({ maxLength: 20 })), ...PagingQuery, sort: SortQuery(DELIVERABLE_SORT) },
  { additionalProperties: false },
);
export const PoNoParams = Type.Object(
  { poNo: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);

export const DeliverySchemas = [
  DeliveryRow,
  DeliveryLineRow,
  DeliveryDetail,
  DeliverableOrderRow,
  DeliverableOrderDetail,
];
