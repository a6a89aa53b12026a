import { Type } from 'typebox';
import { CursorAnswer, CursorQuery, PagingQuery, SortQuery } from '../../../http/list-query.js';
import { CodeList, CompNo, DateRange, Nullable, PeriodRange, Version } from '../../../domain/schemas.js';
import { VOUCHER_STATUSES } from './workflow.js';

const VoucherRow = Type.Object(
  {
    voucherNo: Type.String(),
    kind: Type.String({
      description:
        'SETTLEMENT (the settlement’s own), CORRECTION (a 수정세금계산서’s) or SUBCON_CHARGE (a 하도급 payment’s 지연이자 and fees)',
    }),
    settleNo: Type.String(),
    compNo: Type.String(),
    compName: Type.String(),
    period: Type.String(),
    currency: Type.String(),
    amount: Type.String({ description: 'Whole won' }),
    status: Type.String({ description: 'POSTING_STATUS code: READY, SENT, POSTED, FAILED' }),
    attempts: Type.Integer({ description: 'Requests made to the ERP so far' }),
    connector: Nullable(Type.String()),
    erpDocNo: Nullable(Type.String()),
    idempotencyKey: Type.String(),
    sentAt: Nullable(Type.String()),
    postedAt: Nullable(Type.String()),
    lastError: Nullable(Type.String()),
    openErrors: Type.Integer(),
    createdBy: Nullable(Type.String()),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    version: Type.Integer(),
  },
  { $id: 'VoucherRow', title: 'VoucherRow' },
);

const PostingErrorRow = Type.Object(
  {
    errorId: Type.Integer(),
    voucherNo: Type.String(),
    settleNo: Type.String(),
    compNo: Type.String(),
    compName: Type.String(),
    period: Type.String(),
    amount: Type.String(),
    attempt: Type.Integer({ description: 'The voucher’s request count when it failed' }),
    httpStatus: Nullable(Type.Integer()),
    erpCode: Nullable(Type.String()),
    message: Type.String({ description: 'What the ERP (or the connection) said' }),
    status: Type.String({ description: 'FAILED (open) or RETRIED' }),
    occurredAt: Type.String(),
    retriedAt: Nullable(Type.String()),
    retriedBy: Nullable(Type.String()),
    voucherStatus: Type.String(),
    voucherVersion: Type.Integer({ description: 'Send with retryPosting' }),
  },
  { $id: 'PostingErrorRow', title: 'PostingErrorRow' },
);

const VoucherLineRow = Type.Object(
  {
    lineNo: Type.Integer(),
    side: Type.String({ description: 'DEBIT or CREDIT' }),
    kind: Type.String({
      description:
        'GOODS (per expense type), ADJUSTMENT, VAT (부가세대급금) or PAYABLE (외상매입금); INTEREST (이자비용), BILL_FEE (지급수수료) or OTHER_PAYABLE (미지급금) on a charge voucher',
    }),
    expenses: Nullable(Type.String({ description: 'EXPENSES code of a goods line' })),
    description: Type.String(),
    amount: Type.String({ description: 'Whole won, never negative (the side carries the sign)' }),
    debitAmount: Nullable(Type.String({ description: 'amount when the line is a debit' })),
    creditAmount: Nullable(Type.String({ description: 'amount when the line is a credit' })),
  },
  { $id: 'VoucherLineRow', title: 'VoucherLineRow' },
);

/**
 * One voucher. The header is `voucher`, and — so that a screen definition's form reads it without
 * unwrapping — its fields also stand at the top level, with the posting date and the debit/credit
 * `lines` of the frozen payload beside the payload itself and the posting errors.
 */
const VoucherDetail = Type.Object(
  {
    ...VoucherRow.properties,
    postingDate: Nullable(Type.String({ description: 'YYYY-MM-DD, as sent' })),
    vendorTaxNo: Nullable(Type.String({ description: 'The supplier’s business registration number, as sent' })),
    lines: Type.Array(Type.Ref('VoucherLineRow'), { description: 'The payload’s lines: Σ debit = Σ credit' }),
    voucher: Type.Ref('VoucherRow'),
    payload: Type.Unknown({ description: 'The voucher as sent to the ERP' }),
    errors: Type.Array(Type.Ref('PostingErrorRow')),
  },
  { $id: 'VoucherDetail', title: 'VoucherDetail' },
);

export const VOUCHER_SORT = [
  'voucherNo',
  'settleNo',
  'period',
  'compName',
  'amount',
  'status',
  'postedAt',
  'createdAt',
] as const;
export const VoucherListQuery = Type.Object(
  {
    voucherNo: Type.Optional(Type.String({ maxLength: 20 })),
    settleNo: Type.Optional(Type.String({ maxLength: 20 })),
    compNo: Type.Optional(CompNo),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    periods: Type.Optional(PeriodRange()),
    status: Type.Optional(CodeList(VOUCHER_STATUSES, 'POSTING_STATUS codes')),
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(VOUCHER_SORT),
  },
  { additionalProperties: false },
);
export const VoucherList = Type.Object({
  rows: Type.Array(Type.Ref('VoucherRow')),
  total: Type.Integer(),
  totals: Type.Object({ amount: Type.String() }),
  ...CursorAnswer,
});

export const ERROR_SORT = ['errorId', 'voucherNo', 'period', 'compName', 'occurredAt', 'status'] as const;
export const PostingErrorListQuery = Type.Object(
  {
    voucherNo: Type.Optional(Type.String({ maxLength: 20 })),
    compNo: Type.Optional(CompNo),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(CodeList(['FAILED', 'RETRIED'], 'FAILED (open) or RETRIED')),
    occurredDates: Type.Optional(DateRange('Occurred on')),
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(ERROR_SORT),
  },
  { additionalProperties: false },
);

export const VoucherNoParams = Type.Object(
  { voucherNo: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);
export const RetryBody = Type.Object(
  { version: Version },
  { additionalProperties: false, description: 'The voucher’s version (voucherVersion of the posting error)' },
);

export const PostingSchemas = [VoucherRow, PostingErrorRow, VoucherLineRow, VoucherDetail];
