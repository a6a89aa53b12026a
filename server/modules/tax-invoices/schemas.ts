import { Type } from 'typebox';
import { PagingQuery } from '../../http/list-query.js';
import { Nullable, StatusList, Version } from '../../domain/schemas.js';
import { SupplierCompanyQuery } from '../../http/supplier-view.js';
import { TAX_INVOICE_STATUSES } from './machine.js';

/** A settlement by its number, as the settlement routes take it. */
export const SettleNoParams = Type.Object(
  { settleNo: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);
export const MgtKeyParams = Type.Object({
  mgtKey: Type.String({ pattern: '^[A-Za-z0-9_-]{1,24}$', description: 'Our management key (관리번호)' }),
});
export const MgtKeyFormatParams = Type.Object({
  ...MgtKeyParams.properties,
  format: Type.Enum(['xml', 'pdf'], { description: 'xml: the NTS standard XML; pdf: the provider’s PDF' }),
});

const Periods = Type.Optional(
  Type.Array(Type.String({ pattern: '^(\\d{4}(0[1-9]|1[0-2]))?$' }), {
    maxItems: 2,
    description: 'From and to month, YYYYMM (either may be empty)',
  }),
);

const TaxInvoiceRow = Type.Object(
  {
    mgtKey: Type.String(),
    settleNo: Type.String(),
    compNo: Type.String(),
    compName: Type.String(),
    supplierCorpNum: Type.String(),
    bizPlace: Nullable(Type.String()),
    period: Type.String(),
    writeDate: Type.String({ description: '작성일자: the period’s last day' }),
    issueKind: Type.String({ description: 'REVERSE (역발행) or FORWARD (정발행)' }),
    taxType: Type.String({ description: 'TAXABLE, ZERO_RATED or EXEMPT' }),
    typeCode: Type.String({
      description: 'NTS type: 0101 세금계산서, 0102 영세율, 0301 계산서 (면세); amendments 0201, 0202, 0401',
    }),
    zeroRatedDocKind: Nullable(
      Type.String({ description: '영세율 evidence: LOCAL_LC (내국신용장) or PURCHASE_CONFIRMATION (구매확인서)' }),
    ),
    zeroRatedDocNo: Nullable(Type.String({ description: 'The 내국신용장 or 구매확인서 number' })),
    purposeType: Type.String({ description: '01 영수, 02 청구' }),
    status: Type.String({ description: TAX_INVOICE_STATUSES.join(', ') }),
    revision: Type.Integer(),
    amendsMgtKey: Nullable(Type.String()),
    amendReason: Nullable(
      Type.Integer({ description: '수정사유 (the NTS modify code 1–6; docs/tax-invoices.md "수정세금계산서")' }),
    ),
    amendCauseDate: Nullable(
      Type.String({ description: 'An amendment: the day its cause arose (환입된 날, 계약해제일, …), YYYY-MM-DD' }),
    ),
    ntsConfirmNum: Nullable(Type.String({ description: '24 digits' })),
    ntsResult: Nullable(Type.String()),
    memo: Nullable(Type.String({ description: 'A refusal’s or cancellation’s reason' })),
    supplyAmount: Type.String(),
    taxAmount: Type.String(),
    totalAmount: Type.String(),
    lineCount: Type.Integer(),
    provider: Type.String(),
    requestedAt: Nullable(Type.String()),
    issuedAt: Nullable(Type.String()),
    sentAt: Nullable(Type.String()),
    ntsAt: Nullable(Type.String()),
    updatedAt: Type.String(),
    version: Type.Integer(),
  },
  { $id: 'TaxInvoiceRow', title: 'TaxInvoiceRow' },
);

const TaxInvoiceDetail = Type.Object(
  {
    ...TaxInvoiceRow.properties,
    issueDeadline: Type.String({
      description:
        'The last day to issue: the 10th of the next month, moved past non-business days; an amendment’s from its cause',
    }),
    correctingVouchers: Type.Array(
      Type.Object({
        voucherNo: Type.String(),
        correctsVoucherNo: Type.String({ description: 'The settlement’s posted voucher it corrects' }),
        amendMgtKey: Type.String(),
        amount: Type.String({ description: 'Net change of the payable, won (negative: a decrease)' }),
        status: Type.String({ description: 'READY, SENT, POSTED or FAILED' }),
        erpDocNo: Nullable(Type.String()),
        postedAt: Nullable(Type.String()),
      }),
      { description: 'Staff only: the correcting vouchers the amendments of this invoice sent to the ERP' },
    ),
    lines: Type.Array(
      Type.Object({
        lineNo: Type.Integer(),
        monthDay: Type.String(),
        itemName: Type.String(),
        spec: Nullable(Type.String()),
        unitCode: Nullable(Type.String()),
        quantity: Nullable(Type.String()),
        unitPrice: Nullable(Type.String()),
        supplyAmount: Type.String(),
        taxAmount: Type.String(),
        sourceCount: Type.Integer(),
      }),
    ),
    history: Type.Array(
      Type.Object({
        eventId: Type.Integer(),
        action: Type.String(),
        fromStatus: Nullable(Type.String()),
        toStatus: Nullable(Type.String()),
        outcome: Type.String({ description: 'DONE, REFUSED (a move not allowed) or FAILED (the provider’s refusal)' }),
        code: Nullable(Type.String()),
        message: Nullable(Type.String()),
        actor: Type.String(),
        occurredAt: Type.String(),
      }),
    ),
    files: Type.Array(
      Type.Object({
        kind: Type.String(),
        sha256: Type.String(),
        sizeBytes: Type.Integer(),
        retainUntil: Type.String(),
        createdAt: Type.String(),
      }),
    ),
  },
  { $id: 'TaxInvoiceDetail', title: 'TaxInvoiceDetail' },
);

export const TaxInvoiceSchemas = [TaxInvoiceRow, TaxInvoiceDetail];

export const TaxInvoiceListQuery = Type.Object({
  periods: Periods,
  status: StatusList(TAX_INVOICE_STATUSES),
  compNo: Type.Optional(Type.String({ maxLength: 10 })),
  compName: Type.Optional(Type.String({ maxLength: 100 })),
  settleNo: Type.Optional(Type.String({ maxLength: 20 })),
  ...PagingQuery,
});
export const MyTaxInvoiceListQuery = Type.Object({
  periods: Periods,
  status: StatusList(TAX_INVOICE_STATUSES),
  ...SupplierCompanyQuery,
  ...PagingQuery,
});

export const TaxInvoiceList = Type.Object({
  rows: Type.Array(Type.Ref('TaxInvoiceRow')),
  total: Type.Integer(),
  totals: Type.Object({ supplyAmount: Type.String(), taxAmount: Type.String() }),
});
export const TaxInvoiceDetails = Type.Object({ rows: Type.Array(Type.Ref('TaxInvoiceDetail')) });

export const CancelBody = Type.Object(
  {
    version: Version,
    reason: Type.String({ minLength: 1, maxLength: 500, description: 'Why the request is withdrawn' }),
  },
  { additionalProperties: false },
);
export const IssueBody = Type.Object(
  {
    version: Version,
    ntsConfirmNum: Type.String({
      maxLength: 26,
      description: 'The NTS approval number: 24 digits, or three groups of eight with dashes',
    }),
  },
  { additionalProperties: false },
);
export const RefuseBody = Type.Object(
  {
    version: Version,
    reason: Type.String({ minLength: 1, maxLength: 500, description: 'Why the supplier refuses (required)' }),
  },
  { additionalProperties: false },
);
export const TransmissionBody = Type.Object(
  {
    version: Version,
    outcome: Type.Enum(['SENT', 'SUCCEEDED', 'FAILED'], {
      description: 'SENT: handed to the NTS; SUCCEEDED / FAILED: the NTS’s result',
    }),
    code: Type.Optional(Type.String({ maxLength: 60 })),
    message: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export const AmendBody = Type.Object(
  {
    version: Version,
    reason: Type.Integer({
      minimum: 1,
      maximum: 6,
      description:
        '수정 사유 (부가가치세법 시행령 §70①): 1 기재사항 착오·정정, 2 공급가액 변동, 3 환입, 4 계약의 해제, 5 내국신용장 사후 개설, 6 착오에 의한 이중발급',
    }),
    causeDate: Type.Optional(
      Type.String({
        format: 'date',
        description:
          'The day the cause arose (required): 1, 6 the day the error was found; 2 the change; 3 환입된 날; 4 계약해제일; 5 the 내국신용장’s opening. The 작성일자 for 2–4; not after today',
      }),
    ),
    supplyDelta: Type.Optional(
      Type.String({
        // Empty: not given (a screen's prompt sends its empty fields as '').
        pattern: '^(-?\\d{1,15})?$',
        description: 'Reasons 2 and 3: the change of supply in won (negative for a decrease; 환입 only negative)',
      }),
    ),
    zeroRatedDocKind: Type.Optional(
      Nullable(Type.Enum(['LOCAL_LC', 'PURCHASE_CONFIRMATION', ''], { description: 'Reason 5 (empty: none)' })),
    ),
    zeroRatedDocNo: Type.Optional(
      Nullable(Type.String({ maxLength: 35, description: 'Reason 5: the 내국신용장 or 구매확인서 number' })),
    ),
  },
  { additionalProperties: false },
);
export const ForwardIntakeBody = Type.Object(
  {
    xml: Type.String({
      minLength: 1,
      maxLength: 500_000,
      description: 'The NTS standard XML (TaxInvoice) of an invoice the supplier issued itself, as text',
    }),
    settleNo: Type.Optional(
      Type.String({
        maxLength: 20,
        description: 'The settlement to match; without it, the supplier’s confirmed settlement of the 작성일자’s month',
      }),
    ),
  },
  { additionalProperties: false },
);
export const BypassBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'Why the settlement is posted without its invoice (audited)',
    }),
  },
  { additionalProperties: false },
);
export const BypassAnswer = Type.Object({
  settleNo: Type.String(),
  reason: Type.String(),
  bypassedBy: Type.String(),
  bypassedAt: Type.String(),
});

// The gate's kinds of finding (gate-rules.ts), listed where the rules are.
import { EXCEPTION_TYPES } from './gate-rules.js';
export const ExceptionQuery = Type.Object({
  periods: Periods,
  type: StatusList(EXCEPTION_TYPES),
  settleNo: Type.Optional(Type.String({ maxLength: 20 })),
  ...PagingQuery,
});
export const ExceptionList = Type.Object({
  rows: Type.Array(
    Type.Object({
      key: Type.String({ description: 'The settlement and the type: one row each' }),
      type: Type.String({ description: EXCEPTION_TYPES.join(', ') }),
      message: Type.String(),
      settleNo: Type.String(),
      compNo: Type.String(),
      compName: Type.String(),
      period: Type.String(),
      settlementStatus: Type.String(),
      totalAmount: Type.String(),
    }),
  ),
  total: Type.Integer(),
});

export const DeadlineQuery = Type.Object({ periods: Periods, ...PagingQuery });
export const DeadlineList = Type.Object({
  today: Type.String({ description: 'The business clock’s day (KST)' }),
  total: Type.Integer(),
  rows: Type.Array(
    Type.Object({
      key: Type.String({ description: 'The invoice’s mgtKey, or the settlement number of a settlement with none' }),
      mgtKey: Type.Union([Type.String(), Type.Null()], {
        description: 'null: a confirmed settlement whose invoice is not drawn yet (status NOT_DRAWN)',
      }),
      settleNo: Type.String(),
      compNo: Type.String(),
      compName: Type.String(),
      period: Type.String(),
      writeDate: Type.String(),
      status: Type.String({ description: 'The invoice’s state, or NOT_DRAWN for a settlement without an invoice' }),
      totalAmount: Type.String(),
      issueDeadline: Type.String(),
      deadlineState: Type.String({ description: 'ON_TIME, DUE_SOON (from the 8th) or LATE (after the deadline)' }),
    }),
  ),
});

export const FileAnswer = {
  description: 'The kept XML or PDF',
  content: {
    'application/xml': { schema: { type: 'string' } },
    'application/pdf': { schema: { type: 'string', format: 'binary' } },
  },
};
export const DeletedAnswer = Type.Object({ deleted: Type.Boolean() });
