import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { supplierView, supplierViewOfOne } from '../../../http/supplier-view.js';
import { ReasonBody } from '../../../domain/schemas.js';
import { listRfqs, listSupplierRfqs } from './queries.js';
import {
  Comparison,
  QuotationBody,
  RfqCreateBody,
  RfqDetail,
  RfqListQuery,
  RfqNoParams,
  SupplierRfqReadQuery,
  RfqRow,
  SelectBody,
  SupplierQuotation,
  SupplierRfqDetail,
  SupplierRfqListQuery,
  SupplierCandidate,
  SupplierRfqRow,
  SupplierSearchQuery,
} from './schemas.js';
import {
  cancelRfq,
  compareQuotations,
  createRfq,
  getRfq,
  getSupplierQuotation,
  getSupplierRfq,
  selectQuotation,
  submitQuotation,
} from './service.js';
import { searchSuppliers } from './summary.js';

const INTERNAL_SCREENS = ['/prConfirmList', '/prConfirmEdit', '/OrderRequestList', '/OrderRequestEdit'];
const CHECK_SCREENS = ['/prCheckList', '/prCheckEdit'];
const SUBMIT_SCREENS = ['/prSubmitList', '/prSubmitEdit'];

/** Quotation requests: purchasing invites suppliers, compares and selects; suppliers read, check and quote. */
export const rfqRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['quotation'];

  app.get(
    '/api/v1/rfqs',
    {
      config: { access: access.login(INTERNAL_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'listRfqs',
        tags,
        summary: 'Quotation requests with their invited and answered supplier counts',
        querystring: RfqListQuery,
        response: { 200: Type.Object({ rows: Type.Array(RfqRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) =>
      listRfqs(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'rfqNo', direction: 'desc' }),
        pageWindow(request.query),
        app.clock.now(),
      ),
  );

  app.get(
    '/api/v1/rfqs/suppliers',
    {
      config: { access: access.login(['/prConfirmList', '/prConfirmEdit'], 'read', ['I']) },
      schema: {
        operationId: 'searchRfqSuppliers',
        tags,
        summary:
          'Suppliers a buyer may invite to quote (trading ones): by a part of the name, the company number or the business number (the company popup)',
        querystring: SupplierSearchQuery,
        response: { 200: Type.Object({ rows: Type.Array(SupplierCandidate), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => searchSuppliers(request.db, request.query.q, pageWindow(request.query)),
  );

  app.get(
    '/api/v1/rfqs/:rfqNo',
    {
      config: { access: access.login(INTERNAL_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'getRfq',
        tags,
        summary: 'One quotation request: lines, invited suppliers and their answers, history',
        params: RfqNoParams,
        response: { 200: RfqDetail, ...commonErrors },
      },
    },
    async (request) => getRfq(request.db, request.caller, request.params.rfqNo, app.clock.now()),
  );

  app.post(
    '/api/v1/rfqs',
    {
      config: { access: access.login(['/prConfirmEdit'], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createRfq',
        tags,
        summary:
          'Invite suppliers to quote on a received PR (its buyer or a purchasing manager); the PR moves to quotation requested',
        body: RfqCreateBody,
        response: { 200: RfqDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createRfq(request.db, request.caller, request.body, app.clock.now()),
  );

  app.get(
    '/api/v1/rfqs/:rfqNo/comparison',
    {
      config: { access: access.login(INTERNAL_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'compareQuotations',
        tags,
        summary: 'Quotations side by side, line by line, lowest prices marked (internal only)',
        params: RfqNoParams,
        response: { 200: Comparison, ...commonErrors },
      },
    },
    async (request) => compareQuotations(request.db, request.params.rfqNo, app.clock.now()),
  );

  app.post(
    '/api/v1/rfqs/:rfqNo/select',
    {
      config: { access: access.login(['/prConfirmEdit', '/OrderRequestEdit'], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'selectQuotation',
        tags,
        summary:
          'Select one submitted, still valid quotation (the buyer or a purchasing manager, after the deadline or once every supplier has answered); the others are not selected',
        params: RfqNoParams,
        body: SelectBody,
        response: { 200: RfqDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => selectQuotation(request.db, request.caller, request.params.rfqNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/rfqs/:rfqNo/cancel',
    {
      config: { access: access.login(['/prConfirmEdit'], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'cancelRfq',
        tags,
        summary: 'Cancel an open request with a reason; its quotations are cancelled and the PR returns to received',
        params: RfqNoParams,
        body: ReasonBody,
        response: { 200: RfqDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => cancelRfq(request.db, request.caller, request.params.rfqNo, request.body, app.clock.now()),
  );

  /* ------------------------------ the supplier's side ------------------------------ */

  app.get(
    '/api/v1/cyber/rfqs',
    {
      config: { access: access.login(CHECK_SCREENS, 'read') },
      schema: {
        operationId: 'listSupplierRfqs',
        tags,
        summary: 'Quotation requests sent to my company (prCheckList); staff: to every supplier, or to compNo',
        querystring: SupplierRfqListQuery,
        response: { 200: Type.Object({ rows: Type.Array(SupplierRfqRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) =>
      listSupplierRfqs(
        supplierView(request, request.query.compNo).db,
        request.query,
        parseSort(request.query.sort, { field: 'rfqNo', direction: 'desc' }),
        pageWindow(request.query),
        app.clock.now(),
      ),
  );

  app.get(
    '/api/v1/cyber/rfqs/:rfqNo',
    {
      config: { access: access.login(CHECK_SCREENS, 'read') },
      schema: {
        operationId: 'getSupplierRfq',
        tags,
        summary:
          'Read a request sent to my company (prCheckEdit); the supplier’s first opening marks it checked. Another company’s request answers 404. Staff read compNo’s (required) and mark nothing',
        params: RfqNoParams,
        querystring: SupplierRfqReadQuery,
        response: { 200: SupplierRfqDetail, ...commonErrors },
      },
    },
    async (request) =>
      getSupplierRfq(
        supplierViewOfOne(request, request.query.compNo),
        request.caller,
        request.params.rfqNo,
        app.clock.now(),
      ),
  );

  app.get(
    '/api/v1/cyber/quotations',
    {
      config: { access: access.login(SUBMIT_SCREENS, 'read') },
      schema: {
        operationId: 'listSupplierQuotations',
        tags,
        summary: 'My company’s submitted quotations (prSubmitList); staff: every supplier’s, or compNo’s',
        querystring: SupplierRfqListQuery,
        response: { 200: Type.Object({ rows: Type.Array(SupplierRfqRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) =>
      listSupplierRfqs(
        supplierView(request, request.query.compNo).db,
        { ...request.query, submittedOnly: true },
        parseSort(request.query.sort, { field: 'submittedAt', direction: 'desc' }),
        pageWindow(request.query),
        app.clock.now(),
      ),
  );

  app.get(
    '/api/v1/cyber/quotations/:rfqNo',
    {
      config: { access: access.login([...SUBMIT_SCREENS, ...CHECK_SCREENS], 'read') },
      schema: {
        operationId: 'getSupplierQuotation',
        tags,
        summary:
          'My company’s quotation for a request (prSubmitEdit): the request’s lines with my prices only; staff read compNo’s (required)',
        params: RfqNoParams,
        querystring: SupplierRfqReadQuery,
        response: { 200: SupplierQuotation, ...commonErrors },
      },
    },
    async (request) =>
      getSupplierQuotation(supplierViewOfOne(request, request.query.compNo), request.params.rfqNo, app.clock.now()),
  );

  app.put(
    '/api/v1/cyber/quotations/:rfqNo',
    {
      config: { access: access.login(['/prSubmitEdit', '/prCheckEdit'], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'submitQuotation',
        tags,
        summary:
          'Submit or revise my quotation until the deadline: a unit price for every line, lead time, validity, attachments (stale version: 409)',
        params: RfqNoParams,
        body: QuotationBody,
        response: { 200: SupplierQuotation, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => submitQuotation(request.db, request.caller, request.params.rfqNo, request.body, app.clock.now()),
  );
};
