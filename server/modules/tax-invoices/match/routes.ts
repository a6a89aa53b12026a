/**
 * The match view of a settlement (../match.ts) for staff and for its supplier, and the supplier's invoices awaiting it
 * (../supplier-pending.ts) for the /cyber home (docs/tax-invoices.md "The match view", "The supplier is told of a request").
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow } from '../../../http/list-query.js';
import { supplierView } from '../../../http/supplier-view.js';
import { supplierActor } from '../../../domain/actor.js';
import { Nullable } from '../../../domain/schemas.js';
import { taxMatch } from '../match.js';
import { SettleNoParams } from '../schemas.js';
import { supplierPending } from '../supplier-pending.js';

const TAG = ['tax invoices'];
// As the invoices' own reading: the tax-invoice screens and the settlement screens they belong to.
const STAFF_SCREENS = [
  '/taxInvoice',
  '/taxInvoiceDeadline',
  '/taxInvoiceException',
  '/monthlyCalcAdmin',
  '/monthlyCalcADetail',
  '/signifier',
  '/posting-error',
];
const SUPPLIER_SCREENS = ['/myTaxInvoice', '/monthlyCalculate', '/monthlyCalcDetail'];

const Differences = (codes: string) =>
  Type.Array(Type.String(), { description: `The cells that differ: ${codes}; empty: the row matches` });

const MatchRow = Type.Object({
  key: Type.String({ description: 'L<lineNo> for a settlement line, I<mgtKey>/<lineNo> for an invoice line alone' }),
  lineNo: Nullable(
    Type.Integer({ description: 'The settlement line; null: an invoice line no settlement line is behind' }),
  ),
  poNo: Nullable(Type.String()),
  poLineNo: Nullable(Type.Integer()),
  whReqNo: Nullable(Type.String()),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Nullable(Type.String()),
  taxType: Nullable(Type.String()),
  currency: Nullable(Type.String()),
  poQuantity: Nullable(Type.String()),
  poUnitPrice: Nullable(Type.String()),
  receivedQuantity: Nullable(Type.String()),
  receivedAmount: Nullable(Type.String()),
  settledQuantity: Nullable(Type.String()),
  settledUnitPrice: Nullable(Type.String()),
  settledAmount: Nullable(Type.String({ description: 'In the line’s currency' })),
  settledKrwAmount: Nullable(Type.String({ description: 'In won: what the invoice supply is compared with' })),
  mgtKey: Nullable(Type.String({ description: 'The invoice of the line’s tax type' })),
  invoiceLineNo: Nullable(Type.Integer()),
  invoiceSupply: Nullable(
    Type.String({ description: 'The line’s share of its invoice line’s 공급가액 (in proportion to the settled won)' }),
  ),
  invoiceTax: Nullable(Type.String({ description: 'The line’s share of its invoice line’s 세액' })),
  differences: Differences(
    'UNIT_PRICE (settled ≠ ordered), NO_ORDER, QUANTITY (settled ≠ received), AMOUNT (settled ≠ received), NO_RECEIPT, NO_INVOICE (none of its tax type), NOT_ON_INVOICE, INVOICE_SUPPLY (its invoice line ≠ the settled won), INVOICE_TAX (its invoice’s tax ≠ 10 %), NOT_SETTLED (an invoice line without a settlement line)',
  ),
  matched: Type.String({ description: 'Y: no difference' }),
});

const MatchInvoice = Type.Object({
  mgtKey: Type.String(),
  taxType: Type.String(),
  status: Type.String(),
  supplyAmount: Type.String(),
  taxAmount: Type.String(),
  totalAmount: Type.String(),
  settledSupply: Type.String({
    description: 'The settled won of its tax type (the adjustment on the type it goes on)',
  }),
  supplierCorpNum: Type.String(),
  ntsConfirmNum: Nullable(Type.String()),
  differences: Differences('AMOUNT_VARIANCE, TAX_TYPE_MISMATCH, TAX_VARIANCE, BUSINESS_NUMBER_MISMATCH'),
  matched: Type.String(),
});

const TaxMatch = Type.Object(
  {
    settleNo: Type.String(),
    compNo: Type.String(),
    compName: Type.String(),
    taxNo: Nullable(Type.String()),
    period: Type.String(),
    settlementStatus: Type.String(),
    totalAmount: Type.String({ description: 'The settlement’s total (supply, won)' }),
    adjustmentAmount: Type.String(),
    invoiceSupply: Type.String(),
    invoiceTax: Type.String(),
    supplyDifference: Type.String({ description: 'Σ invoice supply − the settlement total' }),
    differingRows: Type.Integer(),
    matched: Type.String({ description: 'Y: invoices drawn and no row or invoice differs' }),
    rows: Type.Array(MatchRow),
    invoices: Type.Array(MatchInvoice),
    findings: Type.Array(
      Type.Object({
        key: Type.Integer(),
        type: Type.String({ description: 'The exception type (the posting gate’s kinds)' }),
        code: Type.String({ description: 'The code a refused posting answers' }),
        message: Type.String(),
      }),
      { description: 'What the posting gate would refuse the posting with, in order' },
    ),
  },
  { $id: 'TaxMatch', title: 'TaxMatch' },
);

const PendingQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});

const PendingRow = Type.Object({
  mgtKey: Type.String(),
  settleNo: Type.String(),
  period: Type.String(),
  status: Type.String({ description: 'REQUESTED (issue or refuse), NTS_FAILED (send again), CANCELLED (withdrawn)' }),
  taxType: Type.String(),
  writeDate: Type.String(),
  issueDeadline: Nullable(Type.String({ description: 'null while the year’s holidays are not entered' })),
  totalAmount: Type.String(),
  reason: Nullable(Type.String({ description: 'The NTS’s result or the buyer’s reason for withdrawing' })),
  requestedAt: Nullable(Type.String()),
  updatedAt: Type.String(),
});

export const taxMatchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(TaxMatch);

  app.get(
    '/api/v1/settlements/:settleNo/tax-match',
    {
      config: { access: access.login(STAFF_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'getTaxInvoiceMatch',
        tags: TAG,
        summary:
          'A settlement’s lines beside their order, receipt and invoice lines, each row naming the cells that differ; its invoices against the settled supply; the posting gate’s findings',
        params: SettleNoParams,
        response: { 200: Type.Ref('TaxMatch'), ...commonErrors },
      },
    },
    async (request) => taxMatch(request.db, request.params.settleNo),
  );

  app.get(
    '/api/v1/cyber/settlements/:settleNo/tax-match',
    {
      config: { access: access.login(SUPPLIER_SCREENS, 'read', ['X']) },
      schema: {
        operationId: 'getMyTaxInvoiceMatch',
        tags: TAG,
        summary: 'The match view of my company’s settlement (never a draft invoice); another company’s answers 404',
        params: SettleNoParams,
        response: { 200: Type.Ref('TaxMatch'), ...commonErrors },
      },
    },
    async (request) => taxMatch(supplierView(request).db, request.params.settleNo, true),
  );

  app.get(
    '/api/v1/cyber/home/tax-invoices',
    {
      // A home card, not a big list's search: it keeps the sequential authority check (two-servers.test.ts
      // proves each read-only list with staff callers, and this one answers suppliers only).
      config: { access: access.login([], 'read', ['X']) },
      schema: {
        operationId: 'listSupplierPendingTaxInvoices',
        tags: TAG,
        summary:
          'The invoices awaiting my company: 역발행 requests to issue or refuse, NTS refusals to send again, requests the buyer withdrew in the last month; with their count',
        querystring: PendingQuery,
        response: { 200: Type.Object({ rows: Type.Array(PendingRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      supplierActor(request.caller);
      return supplierPending(request.db, app.clock.now(), pageWindow({ size: 10, ...request.query }));
    },
  );
};
