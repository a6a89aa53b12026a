import { CursorAnswer } from '../http/list-query.js';
import { Type, type TSchema } from 'typebox';
import { commonErrors } from '../http/error-schema.js';
import { Nullable } from '../http/schema-helpers.js';

/**
 * TypeBox pieces the modules share: versions, reasons, attachments, history, dates, money and
 * quantities (exact decimal strings), list answers. A module's own shapes stay in its schemas.ts.
 */
export { Nullable };

export const Decimal = (description = 'Exact decimal as a string, e.g. "1234.50" (never a float)') =>
  Type.String({ maxLength: 30, description });
export const Quantity = Type.String({
  pattern: '^\\d{1,12}(\\.\\d{1,3})?$',
  description: 'Quantity, an exact decimal with up to 3 decimals ("12.5")',
});
export const Price = Type.String({
  pattern: '^\\d{1,16}(\\.\\d{1,2})?$',
  description: 'Unit price, an exact decimal with up to 2 decimals',
});
export const SignedWon = Type.String({
  pattern: '^[+-]?\\d{1,15}$',
  description: 'Whole won, signed ("-15000", "+20000")',
});
/** Purchasing documents' currency field. */
export const Currency = Type.Enum(['KRW', 'JPY'], { description: 'KRW or JPY' });
/** Fulfilment documents' currency field (the same values, as literals). */
export const CurrencyCode = Type.Union([Type.Literal('KRW'), Type.Literal('JPY')], {
  description: 'KRW or JPY (spec §3)',
});
/** Sums over every row the filter matches (not just the page), per currency. */
export const CurrencyTotals = Type.Object(
  { KRW: Type.String(), JPY: Type.String() },
  { description: 'Amounts summed over the whole filter, per currency' },
);

/** YYYY-MM-DD, or empty (no filter); an impossible day (2025-02-30) is refused by the database as a 400. */
export const DateStr = (description = 'YYYY-MM-DD') =>
  Type.String({ maxLength: 10, pattern: '^(\\d{4}-\\d{2}-\\d{2})?$', description });
/** YYYY-MM-DD, never empty. */
export const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
/** A date range as two repeated query values, `[from, to]`; either may be blank (open end). */
export const DateRange = (what: string) =>
  Type.Array(Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' }), {
    maxItems: 2,
    description: `${what}: [from, to] as YYYY-MM-DD, repeated (…=2026-10-01&…=2026-10-31); either may be blank`,
  });
export const Period = Type.String({ pattern: '^\\d{4}(0[1-9]|1[0-2])$', description: 'Settlement month YYYYMM' });
/** A month range as two repeated query values, `[from, to]` (YYYYMM); either may be blank (open end). */
export const PeriodRange = (description = 'Period range [from, to] (YYYYMM)') =>
  Type.Array(Type.Union([Period, Type.Literal('')]), { maxItems: 2, description });

export const FileId = Type.String({
  pattern: '^[0-9a-f-]{36}$',
  description: 'Attachment group from POST /api/v1/cmmn/file/upload',
});
export const CompNo = Type.String({ minLength: 1, maxLength: 10 });
export const YN = Type.Enum(['Y', 'N']);

export const Version = Type.Integer({
  minimum: 1,
  description: 'The version read; a stale one answers 409 VERSION_CONFLICT',
});
export const VersionBody = Type.Object({ version: Version }, { additionalProperties: false });
export const ReasonBody = Type.Object(
  { version: Version, reason: Type.String({ maxLength: 500, description: 'Why (required)' }) },
  { additionalProperties: false },
);
export const VersionReasonBody = Type.Object(
  { version: Version, reason: Type.String({ maxLength: 500, description: 'Required, not blank' }) },
  { additionalProperties: false },
);

export const Attachment = Type.Object({
  fileId: Type.String(),
  seq: Type.Integer(),
  originalName: Type.String(),
  sizeBytes: Type.Integer(),
  mimeType: Type.String(),
});

export const HistoryEntry = Type.Object({
  at: Type.String({ format: 'date-time' }),
  action: Type.String(),
  actor: Nullable(Type.String()),
  actorName: Nullable(Type.String()),
  reason: Nullable(Type.String()),
});

/** An order line's item, quantity, unit price and amount as the delivery and receipt lines carry them. */
export const PricedItem = {
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Type.String(),
  quantity: Type.String(),
  PRICE: Type.String(),
  AMT: Type.String(),
};

export const ActionList = Type.Array(Type.String(), {
  description: 'What the caller may do with the document now (buttons to show)',
});

/** A status filter: any of the values, repeated. */
export const StatusList = (values: readonly string[]) =>
  Type.Optional(
    Type.Array(Type.Enum([...values]), { maxItems: values.length, description: `Any of: ${values.join(', ')}` }),
  );

/** A list of codes as repeated query values (status=REQUESTED&status=APPROVED). */
export const CodeList = (codes: readonly string[], what: string) =>
  Type.Array(Type.Union(codes.map((c) => Type.Literal(c))), {
    maxItems: codes.length + 5,
    description: `${what}: ${codes.join(', ')} (repeat the parameter)`,
  });

/** The list answer `{ rows, total, totals? }` of docs/api.md, the row named by its $id; a list paged by key answers its cursors too. */
export const ListOf = (rowRef: string, totals?: TSchema, paging?: 'keyset') =>
  Type.Object({
    rows: Type.Array(Type.Ref(rowRef)),
    total: Type.Integer(),
    ...(totals ? { totals } : {}),
    ...(paging === 'keyset' ? CursorAnswer : {}),
  });

/** The list answer `{ rows, total }` with the row schema inline (its static type reaches the handler). */
export const ListOfRows = <T extends TSchema>(row: T, paging?: 'keyset') =>
  Type.Object({ rows: Type.Array(row), total: Type.Integer(), ...(paging === 'keyset' ? CursorAnswer : {}) });

/** Answers of an operation that changes a document. */
export const actionErrors = { 409: Type.Ref('ErrorBody'), ...commonErrors } as const;
