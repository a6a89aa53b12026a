import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { pageWindow } from '../../http/list-query.js';
import { supplierView } from '../../http/supplier-view.js';
import { actionErrors, VersionBody } from '../../domain/schemas.js';
import { objectStoreFor } from '../../storage/open.js';
import { createTaxInvoiceProvider } from './connect.js';
import { correctionsThrough } from './correcting-voucher.js';
import { createErpConnector } from '../fulfilment/posting/connector.js';
import { taxSettingsRoutes } from './settings/routes.js';
import { taxMatchRoutes } from './match/routes.js';
import type { TaxInvoiceProvider } from './provider.js';
import {
  AmendBody,
  BypassAnswer,
  BypassBody,
  CancelBody,
  DeadlineList,
  DeadlineQuery,
  DeletedAnswer,
  ExceptionList,
  ExceptionQuery,
  FileAnswer,
  ForwardIntakeBody,
  IssueBody,
  MgtKeyFormatParams,
  MgtKeyParams,
  MyTaxInvoiceListQuery,
  RefuseBody,
  SettleNoParams,
  TaxInvoiceDetails,
  TaxInvoiceList,
  TaxInvoiceListQuery,
  TaxInvoiceSchemas,
  TransmissionBody,
} from './schemas.js';
import {
  amendInvoice,
  bypassGate,
  cancelRequest,
  createInvoices,
  deadlineView,
  deleteFile,
  downloadFile,
  getInvoice,
  intakeForward,
  intakeMyAmendment,
  listExceptions,
  recordTransmission,
  requestIssue,
  searchInvoices,
  supplierIssue,
  supplierRefuse,
  syncInvoice,
  type TaxInvoices,
} from './service.js';

// Authority by the settlement screens the invoices belong to (docs/tax-invoices.md "Screens and authority").
const MONTHLY = '/monthlyCalcAdmin';
const MONTHLY_DETAIL = '/monthlyCalcADetail';
const SIGNIFIER = '/signifier';
const POSTING_ERROR = '/posting-error';
const MY_LIST = '/monthlyCalculate';
const MY_DETAIL = '/monthlyCalcDetail';
// The tax-invoice screens' own menus (screens/tax-invoice): the list (its detail and the 정발행
// intake are its sub-screens), the deadline view, the exceptions; the supplier's list and detail.
const INVOICES = '/taxInvoice';
const DEADLINES = '/taxInvoiceDeadline';
const EXCEPTIONS = '/taxInvoiceException';
const MY_INVOICES = '/myTaxInvoice';
const TAG = ['tax invoices'];
const providerErrors = { 424: Type.Ref('ErrorBody'), ...actionErrors } as const;

/**
 * Electronic tax invoices (전자세금계산서) reverse-issued from the monthly settlement: staff create
 * and request them, follow the provider's state, record the NTS's answer (file provider), amend,
 * bypass the posting gate; the supplier issues or refuses its own in /cyber.
 */
export const taxInvoiceRoutes: FastifyPluginAsyncTypebox<{ provider?: TaxInvoiceProvider }> = async (app, opts) => {
  for (const schema of TaxInvoiceSchemas) app.addSchema(schema);
  await app.register(taxSettingsRoutes);
  await app.register(taxMatchRoutes);
  const ti: TaxInvoices = {
    provider: opts.provider ?? createTaxInvoiceProvider(app.config),
    store: objectStoreFor(app.config),
    config: app.config,
    now: () => app.clock.now(),
    // An accepted amendment of a posted settlement reaches the ERP as a correcting voucher (the posting module's command).
    corrections: correctionsThrough(createErpConnector(app.config)),
  };

  app.post(
    '/api/v1/settlements/:settleNo/tax-invoices',
    {
      config: {
        access: access.login([INVOICES, EXCEPTIONS, MONTHLY, MONTHLY_DETAIL], 'write', ['I']),
        identityBound: false,
      },
      schema: {
        operationId: 'createTaxInvoices',
        tags: TAG,
        summary:
          'Draw the 월합계 tax invoices (one per tax type) of a confirmed settlement; a second time answers 409 TAX_INVOICE_EXISTS',
        params: SettleNoParams,
        response: { 200: TaxInvoiceDetails, ...actionErrors },
      },
    },
    async (request) => createInvoices(request.db, ti, request.params.settleNo, request.caller!.userId),
  );

  app.get(
    '/api/v1/tax-invoices',
    {
      config: {
        readOnlyList: true,
        access: access.login(
          [INVOICES, DEADLINES, EXCEPTIONS, MONTHLY, MONTHLY_DETAIL, SIGNIFIER, POSTING_ERROR],
          'read',
          ['I'],
        ),
      },
      schema: {
        operationId: 'listTaxInvoices',
        tags: TAG,
        summary: 'Tax invoices by month and state',
        querystring: TaxInvoiceListQuery,
        response: { 200: TaxInvoiceList, ...commonErrors },
      },
    },
    async (request) => searchInvoices(request.db, request.query, pageWindow(request.query)),
  );

  app.get(
    '/api/v1/tax-invoices/:mgtKey',
    {
      config: {
        access: access.login(
          [INVOICES, DEADLINES, EXCEPTIONS, MONTHLY, MONTHLY_DETAIL, SIGNIFIER, POSTING_ERROR],
          'read',
          ['I'],
        ),
      },
      schema: {
        operationId: 'getTaxInvoice',
        tags: TAG,
        summary: 'One tax invoice: lines, history (refusals with their code and message) and kept files',
        params: MgtKeyParams,
        response: { 200: Type.Ref('TaxInvoiceDetail'), ...commonErrors },
      },
    },
    async (request) => getInvoice(request.db, request.params.mgtKey),
  );

  app.post(
    '/api/v1/tax-invoices/forward',
    {
      config: {
        access: access.login([INVOICES, MONTHLY, MONTHLY_DETAIL], 'write', ['I']),
        identityBound: false,
      },
      schema: {
        operationId: 'intakeForwardTaxInvoice',
        tags: TAG,
        summary:
          '정발행: register a supplier-issued invoice from its NTS standard XML — checked (400 at each element), matched to its settlement, kept with its SHA-256; the same posting gate',
        body: ForwardIntakeBody,
        response: { 200: Type.Ref('TaxInvoiceDetail'), ...actionErrors },
      },
    },
    async (request) => intakeForward(request.db, ti, request.body, request.caller!.userId),
  );

  app.post(
    '/api/v1/tax-invoices/:mgtKey/request',
    {
      config: { access: access.login([INVOICES, MONTHLY, MONTHLY_DETAIL], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'requestTaxInvoice',
        tags: TAG,
        summary:
          'Ask the supplier to issue (역발행 요청) through the provider, under the invoice’s management key: a repeat finds the same document; the provider’s refusal: 424',
        params: MgtKeyParams,
        body: VersionBody,
        response: { 200: Type.Ref('TaxInvoiceDetail'), ...providerErrors },
      },
    },
    async (request) =>
      requestIssue(request.db, ti, request.params.mgtKey, request.body.version, request.caller!.userId),
  );

  app.post(
    '/api/v1/tax-invoices/:mgtKey/cancel-request',
    {
      config: { access: access.login([INVOICES, MONTHLY, MONTHLY_DETAIL], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'cancelTaxInvoiceRequest',
        tags: TAG,
        summary: 'Withdraw a request the supplier has not acted on (reason required)',
        params: MgtKeyParams,
        body: CancelBody,
        response: { 200: Type.Ref('TaxInvoiceDetail'), ...providerErrors },
      },
    },
    async (request) =>
      cancelRequest(
        request.db,
        ti,
        request.params.mgtKey,
        request.body.version,
        request.body.reason,
        request.caller!.userId,
      ),
  );

  app.post(
    '/api/v1/tax-invoices/:mgtKey/sync',
    {
      config: {
        access: access.login([INVOICES, MONTHLY, MONTHLY_DETAIL, SIGNIFIER], 'write', ['I']),
        identityBound: false,
      },
      schema: {
        operationId: 'syncTaxInvoice',
        tags: TAG,
        summary:
          'Read the provider’s state and follow it (issue and approval number, NTS result, refusal); keeps the XML and PDF once transmitted',
        params: MgtKeyParams,
        response: { 200: Type.Ref('TaxInvoiceDetail'), ...providerErrors },
      },
    },
    async (request) => syncInvoice(request.db, ti, request.params.mgtKey, request.caller!.userId),
  );

  app.post(
    '/api/v1/tax-invoices/:mgtKey/transmission',
    {
      config: { access: access.login([INVOICES, MONTHLY, MONTHLY_DETAIL], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'recordTaxInvoiceTransmission',
        tags: TAG,
        summary:
          'File provider only: record the NTS transmission (SENT) and its result (SUCCEEDED / FAILED); with an HTTP provider 409 PROVIDER_MANAGED',
        params: MgtKeyParams,
        body: TransmissionBody,
        response: { 200: Type.Ref('TaxInvoiceDetail'), ...providerErrors },
      },
    },
    async (request) => recordTransmission(request.db, ti, request.params.mgtKey, request.body, request.caller!.userId),
  );

  app.post(
    '/api/v1/tax-invoices/:mgtKey/amend',
    {
      config: { access: access.login([INVOICES, MONTHLY, MONTHLY_DETAIL], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'amendTaxInvoice',
        tags: TAG,
        summary:
          '수정세금계산서 of a transmitted invoice (시행령 §70①, modify code 1–6): the negative, positive or difference documents as drafts, dated and due from the cause; a correcting voucher to the ERP when the settlement was posted',
        params: MgtKeyParams,
        body: AmendBody,
        response: { 200: TaxInvoiceDetails, ...actionErrors },
      },
    },
    async (request) => amendInvoice(request.db, ti, request.params.mgtKey, request.body, request.caller!.userId),
  );

  app.get(
    '/api/v1/tax-invoices/:mgtKey/files/:format',
    {
      config: {
        access: access.login(
          [INVOICES, DEADLINES, EXCEPTIONS, MONTHLY, MONTHLY_DETAIL, SIGNIFIER, POSTING_ERROR],
          'read',
          ['I'],
        ),
      },
      schema: {
        operationId: 'downloadTaxInvoiceFile',
        tags: TAG,
        summary: 'The kept XML or PDF of a transmitted invoice (its SHA-256 in X-Content-SHA256)',
        params: MgtKeyFormatParams,
        response: { 200: FileAnswer, ...commonErrors },
      },
    },
    async (request, reply) => {
      const f = await downloadFile(request.db, ti, request.params.mgtKey, request.params.format);
      return reply
        .type(f.contentType)
        .header('Content-Disposition', `attachment; filename="${f.fileName}"`)
        .header('X-Content-SHA256', f.sha256)
        .send(f.body);
    },
  );

  app.delete(
    '/api/v1/tax-invoices/:mgtKey/files/:format',
    {
      config: { access: access.login([SIGNIFIER], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'deleteTaxInvoiceFile',
        tags: TAG,
        summary: 'Delete a kept file once its retention period is over; before: 409 RETENTION_PERIOD',
        params: MgtKeyFormatParams,
        response: { 200: DeletedAnswer, ...actionErrors },
      },
    },
    async (request) => deleteFile(request.db, ti, request.params.mgtKey, request.params.format, request.caller!.userId),
  );

  app.post(
    '/api/v1/settlements/:settleNo/tax-gate-bypass',
    {
      // The authorised person's own decision, audited under their name.
      config: { access: access.login([EXCEPTIONS, SIGNIFIER], 'write', ['I']), identityBound: true },
      schema: {
        operationId: 'bypassTaxInvoiceGate',
        tags: TAG,
        summary: 'Let a confirmed settlement be posted without a transmitted invoice (reason required, audited)',
        params: SettleNoParams,
        body: BypassBody,
        response: { 200: BypassAnswer, ...actionErrors },
      },
    },
    async (request) => bypassGate(request.db, request.params.settleNo, request.body.reason, request.caller!.userId),
  );

  app.get(
    '/api/v1/tax-invoice-exceptions',
    {
      config: {
        readOnlyList: true,
        access: access.login([EXCEPTIONS, POSTING_ERROR, SIGNIFIER, MONTHLY], 'read', ['I']),
      },
      schema: {
        operationId: 'listTaxInvoiceExceptions',
        tags: TAG,
        summary:
          'Confirmed settlements whose invoice stops their posting, by type (no invoice, amount or tax variance, business-number mismatch, NTS failure, not transmitted)',
        querystring: ExceptionQuery,
        response: { 200: ExceptionList, ...commonErrors },
      },
    },
    async (request) => listExceptions(request.db, request.query),
  );

  app.get(
    '/api/v1/tax-invoice-deadlines',
    {
      config: {
        readOnlyList: true,
        access: access.login([DEADLINES, INVOICES, MONTHLY, MONTHLY_DETAIL, SIGNIFIER], 'read', ['I']),
      },
      schema: {
        operationId: 'listTaxInvoiceDeadlines',
        tags: TAG,
        summary:
          'Invoices not issued yet against the 10th of the next month (moved past holidays): due soon from the 8th, late after',
        querystring: DeadlineQuery,
        response: { 200: DeadlineList, ...commonErrors },
      },
    },
    async (request) =>
      deadlineView(
        request.db,
        new Date(app.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10),
        request.query.periods,
        pageWindow(request.query),
      ),
  );

  // ── supplier (/cyber) ─────────────────────────────────────────────────────
  app.get(
    '/api/v1/cyber/tax-invoices',
    {
      config: { readOnlyList: true, access: access.login([MY_INVOICES, MY_LIST, MY_DETAIL], 'read') },
      schema: {
        operationId: 'listMyTaxInvoices',
        tags: TAG,
        summary: 'The tax invoices asked of my company (never a draft); staff: as a supplier sees them',
        querystring: MyTaxInvoiceListQuery,
        response: { 200: TaxInvoiceList, ...commonErrors },
      },
    },
    async (request) =>
      searchInvoices(
        supplierView(request, request.query.compNo).db,
        { ...request.query, compNo: undefined },
        pageWindow(request.query),
        true,
      ),
  );

  app.get(
    '/api/v1/cyber/tax-invoices/:mgtKey',
    {
      config: { access: access.login([MY_INVOICES, MY_LIST, MY_DETAIL], 'read') },
      schema: {
        operationId: 'getMyTaxInvoice',
        tags: TAG,
        summary: 'One of my tax invoices; another company’s answers 404',
        params: MgtKeyParams,
        response: { 200: Type.Ref('TaxInvoiceDetail'), ...commonErrors },
      },
    },
    async (request) => getInvoice(supplierView(request).db, request.params.mgtKey, true),
  );

  app.post(
    '/api/v1/cyber/tax-invoices/amendments',
    {
      config: { access: access.login([MY_INVOICES, MY_DETAIL], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'intakeMyTaxInvoiceAmendment',
        tags: TAG,
        summary:
          'The supplier’s own 수정세금계산서 (02xx) or 수정계산서 (04xx) from its NTS standard XML: matched to my original by its approval number and modify code, checked by the §70① case (dates, amounts), kept as 발행; another company’s original answers 404',
        body: ForwardIntakeBody,
        response: { 200: Type.Ref('TaxInvoiceDetail'), ...actionErrors },
      },
    },
    async (request) => intakeMyAmendment(request.db, ti, request.body, request.caller!.userId),
  );

  app.post(
    '/api/v1/cyber/tax-invoices/:mgtKey/issue',
    {
      config: { access: access.login([MY_INVOICES, MY_DETAIL], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'issueMyTaxInvoice',
        tags: TAG,
        summary:
          'Issue the invoice asked of us with the NTS approval number (file provider; with an HTTP provider, issue there: 409 PROVIDER_MANAGED)',
        params: MgtKeyParams,
        body: IssueBody,
        response: { 200: Type.Ref('TaxInvoiceDetail'), ...providerErrors },
      },
    },
    async (request) =>
      supplierIssue(
        request.db,
        ti,
        request.params.mgtKey,
        request.body.version,
        request.body.ntsConfirmNum,
        request.caller!.userId,
      ),
  );

  app.post(
    '/api/v1/cyber/tax-invoices/:mgtKey/refuse',
    {
      config: { access: access.login([MY_INVOICES, MY_DETAIL], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'refuseMyTaxInvoice',
        tags: TAG,
        summary: 'Refuse the invoice asked of us, with the reason',
        params: MgtKeyParams,
        body: RefuseBody,
        response: { 200: Type.Ref('TaxInvoiceDetail'), ...providerErrors },
      },
    },
    async (request) =>
      supplierRefuse(
        request.db,
        ti,
        request.params.mgtKey,
        request.body.version,
        request.body.reason,
        request.caller!.userId,
      ),
  );
};
