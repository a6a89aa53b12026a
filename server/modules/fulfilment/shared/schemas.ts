import { Type, type TSchema } from 'typebox';
import { commonErrors } from '../../../http/error-schema.js';

/** TypeBox pieces every fulfilment module shares. Money and quantities travel as exact decimal strings. */
export const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

export const Quantity = Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,3})?$', description: 'Quantity, an exact decimal with up to 3 decimals ("12.5")' });
export const Price = Type.String({ pattern: '^\\d{1,16}(\\.\\d{1,2})?$', description: 'Unit price, an exact decimal with up to 2 decimals' });
export const SignedWon = Type.String({ pattern: '^[+-]?\\d{1,15}$', description: 'Whole won, signed ("-15000", "+20000")' });
export const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
export const Period = Type.String({ pattern: '^\\d{4}(0[1-9]|1[0-2])$', description: 'Settlement month YYYYMM' });
export const Version = Type.Integer({ minimum: 1, description: 'The version the client read; a stale one answers 409 VERSION_CONFLICT' });
export const CurrencyCode = Type.Union([Type.Literal('KRW'), Type.Literal('JPY')], { description: 'KRW or JPY (spec §3)' });
export const CompNo = Type.String({ minLength: 1, maxLength: 10 });
export const YesNo = Type.Union([Type.Literal('Y'), Type.Literal('N')]);

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

/** A date range as two repeated query values, `[from, to]`; either may be blank (open end). */
export const DateRange = (what: string) =>
  Type.Array(Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' }), { maxItems: 2, description: `${what}: [from, to] as YYYY-MM-DD, repeated (…=2026-10-01&…=2026-10-31); either may be blank` });

/** A list of codes as repeated query values (status=REQUESTED&status=APPROVED). */
export const CodeList = (codes: readonly string[], what: string) =>
  Type.Array(Type.Union(codes.map((c) => Type.Literal(c))), { maxItems: codes.length + 5, description: `${what}: ${codes.join(', ')} (repeat the parameter)` });

export const VersionBody = Type.Object({ version: Version }, { additionalProperties: false });
export const VersionReasonBody = Type.Object({ version: Version, reason: Type.String({ maxLength: 500, description: 'Required, not blank' }) }, { additionalProperties: false });

/** Answers of an operation that changes a document. */
export const actionErrors = { 409: Type.Ref('ErrorBody'), ...commonErrors } as const;

/** The list answer `{ rows, total, totals? }` of docs/api.md. */
export const ListOf = (rowRef: string, totals?: TSchema) =>
  Type.Object({ rows: Type.Array(Type.Ref(rowRef)), total: Type.Integer(), ...(totals ? { totals } : {}) });

/** Sums over every row the filter matches (not just the page), per currency. */
export const CurrencyTotals = Type.Object({ KRW: Type.String(), JPY: Type.String() }, { description: 'Amounts summed over the whole filter, per currency' });
