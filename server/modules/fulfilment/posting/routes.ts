import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { CursorAnswer, pageWindow, parseSort } from '../../../http/list-query.js';
import { VersionBody, actionErrors } from '../../../domain/schemas.js';
import { SettleNoParams } from '../settlement/schemas.js';
import { createErpConnector, postingWindowMs, type ErpConnector } from './connector.js';
import { PostingErrorListQuery, RetryBody, VoucherList, VoucherListQuery, VoucherNoParams } from './schemas.js';
import {
  getVoucher,
  postSettlement,
  retryPosting,
  searchPostingErrors,
  searchVouchers,
  type Posting,
} from './service.js';

const SIGNIFIER = '/signifier';
const SIGNIFIER_DETAIL = '/signifierDetail';
const POSTING_ERROR = '/posting-error';
const MONTHLY = '/monthlyCalcAdmin';
const MONTHLY_DETAIL = '/monthlyCalcADetail';
const TAG = ['fulfilment: posting'];

const postingErrors = { 424: Type.Ref('ErrorBody'), ...actionErrors } as const;

/**
 * ERP posting (기표/전기): a confirmed settlement becomes one voucher (VC…) with its own
 * idempotency key, sent through the connector. The voucher is claimed (SENT) in one
 * transaction, sent outside any transaction, and the outcome recorded in another: POSTED with
 * the ERP's document number, or FAILED with a posting-error row carrying the ERP's message.
 * A posted voucher is never sent again; a retry resends the same voucher under the same key.
 */
export const postingRoutes: FastifyPluginAsyncTypebox<{ connector?: ErpConnector }> = async (app, opts) => {
  const posting: Posting = {
    connector: opts.connector ?? createErpConnector(app.config),
    windowMs: postingWindowMs(app.config),
    taxGate: app.config.taxInvoiceGate,
  };

  app.post(
    '/api/v1/settlements/:settleNo/post',
    {
      config: { access: access.login([MONTHLY_DETAIL, MONTHLY, SIGNIFIER], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'postSettlement',
        tags: TAG,
        summary:
          'Post a confirmed settlement to the ERP as a voucher (VC…); failure: 424 ERP_POSTING_FAILED with the ERP’s message, recorded in posting errors',
        params: SettleNoParams,
        body: VersionBody,
        response: { 200: Type.Ref('VoucherDetail'), ...postingErrors },
      },
    },
    async (request) =>
      postSettlement(
        request.db,
        posting,
        request.params.settleNo,
        request.body.version,
        request.caller!.userId,
        app.clock.now(),
      ),
  );

  app.post(
    '/api/v1/vouchers/:voucherNo/retry',
    {
      config: {
        access: access.login([POSTING_ERROR, SIGNIFIER, SIGNIFIER_DETAIL], 'write', ['I']),
        identityBound: false,
      },
      schema: {
        operationId: 'retryPosting',
        tags: TAG,
        summary:
          'Send a failed (or interrupted) voucher again under the same idempotency key; a posted voucher answers 409 ALREADY_POSTED and nothing is sent',
        params: VoucherNoParams,
        body: RetryBody,
        response: { 200: Type.Ref('VoucherDetail'), ...postingErrors },
      },
    },
    async (request) =>
      retryPosting(request.db, posting, request.params.voucherNo, request.body.version, request.caller!.userId),
  );

  app.get(
    '/api/v1/vouchers',
    {
      config: { readOnlyList: true, access: access.login([SIGNIFIER, SIGNIFIER_DETAIL], 'read', ['I']) },
      schema: {
        operationId: 'listVouchers',
        tags: TAG,
        summary: 'Posting vouchers (signifier)',
        querystring: VoucherListQuery,
        response: { 200: VoucherList, ...commonErrors },
      },
    },
    async (request) =>
      searchVouchers(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'createdAt', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/vouchers/:voucherNo',
    {
      config: { access: access.login([SIGNIFIER, SIGNIFIER_DETAIL, POSTING_ERROR], 'read', ['I']) },
      schema: {
        operationId: 'getVoucher',
        tags: TAG,
        summary: 'One voucher: what was sent, its state and its posting errors (signifierDetail)',
        params: VoucherNoParams,
        response: { 200: Type.Ref('VoucherDetail'), ...commonErrors },
      },
    },
    async (request) => getVoucher(request.db, request.params.voucherNo),
  );

  app.get(
    '/api/v1/posting-errors',
    {
      config: { readOnlyList: true, access: access.login([POSTING_ERROR], 'read', ['I']) },
      schema: {
        operationId: 'listPostingErrors',
        tags: TAG,
        summary: 'ERP posting errors with the ERP’s message; FAILED ones can be retried (posting-error)',
        querystring: PostingErrorListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('PostingErrorRow')), total: Type.Integer(), ...CursorAnswer }),
          ...commonErrors,
        },
      },
    },
    async (request) =>
      searchPostingErrors(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'occurredAt', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );
};
