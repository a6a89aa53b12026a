import { Type } from 'typebox';
import { Currency, DateStr, Decimal, FileId, Nullable, Version } from '../../../domain/schemas.js';
import { CursorQuery } from '../../../http/list-query.js';
import { PoListFilters } from '../po/schemas.js';

export const SimpleOrderListQuery = Type.Object({ ...PoListFilters, ...CursorQuery }, { additionalProperties: false });

const SimpleLineInput = Type.Object(
  {
    itemCode: Type.Optional(
      Nullable(Type.String({ maxLength: 20, description: 'Item master code; absent or null for a free-text line' })),
    ),
    itemName: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    spec: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
    unitCode: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
    sgCode: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    quantity: Decimal('Quantity, > 0, up to 3 decimals'),
    unitPrice: Decimal('Unit price, ≥ 0, up to 2 decimals'),
    deliveryDate: Type.Optional(Nullable(DateStr('Delivery date (the due date by default)'))),
    agreementNo: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 20,
          description:
            'A line "from agreement": the framework agreement (of this supplier and currency) it orders against; the item is its line’s and the price must be the agreed one',
        }),
      ),
    ),
    agreementLineNo: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'With agreementNo: its line' }))),
  },
  { additionalProperties: false },
);

const Fields = {
  compNo: Type.String({ maxLength: 10, description: 'Supplier (COMP_NO)' }),
  title: Type.String({ maxLength: 200 }),
  currency: Currency,
  dueDate: DateStr('Due date, today or later'),
  section: Type.Optional(Type.String({ maxLength: 20 })),
  deptcd: Type.Optional(Type.String({ maxLength: 20 })),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  fileId: Type.Optional(Nullable(FileId)),
  lines: Type.Array(SimpleLineInput, { minItems: 1, maxItems: 50 }),
};
const ConfirmWarning = Type.Optional(
  Type.Boolean({
    description:
      'The buyer confirms a supplier whose evaluation grade asks for confirmation (warn); recorded with who confirmed',
  }),
);
export const SimpleOrderCreateBody = Type.Object(
  { ...Fields, confirmEvaluationWarning: ConfirmWarning },
  { additionalProperties: false },
);
/** A changed supplier is checked as on creation (status, evaluation grade); an unchanged one is not asked again. */
export const SimpleOrderUpdateBody = Type.Object(
  { ...Fields, version: Version, confirmEvaluationWarning: ConfirmWarning },
  { additionalProperties: false },
);

export const SimpleOrderLimit = Type.Object({
  limit: Type.String({
    description: 'KRW; a simple order’s amount must stay below it (SYSTEM_CONST / SIMPLE_ORDER_LIMIT)',
  }),
  currency: Type.Literal('KRW'),
  jpyRate: Type.String({ description: 'KRW per 100 JPY (SYSTEM_CONST / JPY_RATE)' }),
});
