import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { ReasonBody, VersionBody, actionErrors } from '../../../domain/schemas.js';
import {
  AwardBody,
  BidBody,
  SupplierTender,
  SupplierTenderListQuery,
  SupplierTenderRow,
  TenderBids,
  TenderCreateBody,
  TenderDetail,
  TenderListQuery,
  TenderNoParams,
  TenderRow,
  TenderUpdateBody,
} from './schemas.js';
import {
  TENDER_SCREENS,
  awardTender,
  cancelTender,
  confirmOpening,
  createTender,
  getSupplierTender,
  getTender,
  getTenderBids,
  listSupplierTenders,
  listTenderRows,
  publishTender,
  submitBid,
  updateTenderDraft,
} from './service.js';

const READ = [TENDER_SCREENS.list, TENDER_SCREENS.edit, TENDER_SCREENS.open];
/** The supplier's screens (menus store them without /cyber). */
const SUPPLIER = ['/bid/tenderList', '/bid/tenderSubmit'];

/** Sealed-bid tenders (전자입찰): buyers draft, publish, award; two staff open; invited suppliers bid sealed. */
export const tenderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['bidding'];

  app.get(
    '/api/v1/bid/tenders',
    {
      config: { access: access.login(READ, 'read', ['I']) },
      schema: {
        operationId: 'listTenders',
        tags,
        summary: 'Tenders with their invited and submitted counts (never a price)',
        querystring: TenderListQuery,
        response: { 200: Type.Object({ rows: Type.Array(TenderRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) =>
      listTenderRows(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'tenderNo', direction: 'desc' }),
        pageWindow(request.query),
        app.clock.now(),
      ),
  );

  app.get(
    '/api/v1/bid/tenders/:tenderNo',
    {
      config: { access: access.login(READ, 'read', ['I']) },
      schema: {
        operationId: 'getTender',
        tags,
        summary:
          'One tender: lines, invited suppliers (submitted or not; totals and ranks after the opening), opening confirmations, orders, history',
        params: TenderNoParams,
        response: { 200: TenderDetail, ...commonErrors },
      },
    },
    async (request) => getTender(request.db, request.caller, request.params.tenderNo, app.clock.now()),
  );

  app.get(
    '/api/v1/bid/tenders/:tenderNo/bids',
    {
      // Who viewed the opened bids is audited, naming the viewer.
      config: { access: access.login(READ, 'read', ['I']), effects: ['audit'] },
      schema: {
        operationId: 'getTenderBids',
        tags,
        summary:
          'The opened bids with prices and ranks; before the opening 409 BID_SEALED for everyone, and the attempt is audited',
        params: TenderNoParams,
        response: { 200: TenderBids, ...actionErrors },
      },
    },
    async (request) => getTenderBids(request.db, request.caller, request.params.tenderNo, app.clock.now()),
  );

  app.post(
    '/api/v1/bid/tenders',
    {
      config: { access: access.login([TENDER_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createTender',
        tags,
        summary: 'A draft tender from a received PR (it moves to quotation requested) or from the buyer’s own lines',
        body: TenderCreateBody,
        response: { 200: TenderDetail, ...actionErrors },
      },
    },
    async (request) => createTender(request.db, request.caller, request.body, app.clock.now()),
  );

  app.put(
    '/api/v1/bid/tenders/:tenderNo',
    {
      config: { access: access.login([TENDER_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'updateTender',
        tags,
        summary: 'A draft’s title, window, award rule, invited suppliers and attachments',
        params: TenderNoParams,
        body: TenderUpdateBody,
        response: { 200: TenderDetail, ...actionErrors },
      },
    },
    async (request) =>
      updateTenderDraft(request.db, request.caller, request.params.tenderNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/bid/tenders/:tenderNo/publish',
    {
      config: { access: access.login([TENDER_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'publishTender',
        tags,
        summary:
          'Publish a draft: its sealing key is made, the suppliers are invited; bidding opens at the opening time',
        params: TenderNoParams,
        body: VersionBody,
        response: { 200: TenderDetail, ...actionErrors },
      },
    },
    async (request) =>
      publishTender(request.db, request.caller, app.config, request.params.tenderNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/bid/tenders/:tenderNo/cancel',
    {
      config: { access: access.login([TENDER_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'cancelTender',
        tags,
        summary:
          'Cancel before the opening with a reason: bids are discarded unread, the key destroyed, the PR given back',
        params: TenderNoParams,
        body: ReasonBody,
        response: { 200: TenderDetail, ...actionErrors },
      },
    },
    async (request) => cancelTender(request.db, request.caller, request.params.tenderNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/bid/tenders/:tenderNo/open',
    {
      config: { access: access.login([TENDER_SCREENS.open], 'write', ['I']), identityBound: true },
      schema: {
        operationId: 'confirmTenderOpening',
        tags,
        summary:
          '개찰 confirmation by one person (not the tender’s buyer); the second distinct person within 30 minutes opens: decrypt, rank, record',
        params: TenderNoParams,
        body: VersionBody,
        response: { 200: TenderDetail, ...actionErrors },
      },
    },
    async (request) =>
      confirmOpening(request.db, request.caller, app.config, request.params.tenderNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/bid/tenders/:tenderNo/award',
    {
      config: { access: access.login([TENDER_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'awardTender',
        tags,
        summary:
          'Award an opened tender by its rule: draft POs through the PO flow; bidders told the result without prices',
        params: TenderNoParams,
        body: AwardBody,
        response: { 200: TenderDetail, ...actionErrors },
      },
    },
    async (request) => awardTender(request.db, request.caller, request.params.tenderNo, request.body, app.clock.now()),
  );

  /* ------------------------------ the supplier's side ------------------------------ */

  app.get(
    '/api/v1/cyber/bid/tenders',
    {
      config: { access: access.login(SUPPLIER, 'read', ['X']) },
      schema: {
        operationId: 'listSupplierTenders',
        tags,
        summary: 'Published tenders my company is invited to',
        querystring: SupplierTenderListQuery,
        response: { 200: Type.Object({ rows: Type.Array(SupplierTenderRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) =>
      listSupplierTenders(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'closeAt', direction: 'desc' }),
        pageWindow(request.query),
        app.clock.now(),
      ),
  );

  app.get(
    '/api/v1/cyber/bid/tenders/:tenderNo',
    {
      config: { access: access.login(SUPPLIER, 'read', ['X']) },
      schema: {
        operationId: 'getSupplierTender',
        tags,
        summary:
          'A tender my company is invited to: lines, my bid (when, its receipt, my own prices and total), the time to the close; the result after the award. Another company’s answers 404',
        params: TenderNoParams,
        response: { 200: SupplierTender, ...commonErrors },
      },
    },
    async (request) =>
      getSupplierTender(request.db, request.caller, app.config, request.params.tenderNo, app.clock.now()),
  );

  app.put(
    '/api/v1/cyber/bid/tenders/:tenderNo/bid',
    {
      config: { access: access.login(['/bid/tenderSubmit'], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'submitBid',
        tags,
        summary:
          'Submit or replace my sealed bid while bidding is open: a unit price for every line (stale version: 409)',
        params: TenderNoParams,
        body: BidBody,
        response: { 200: SupplierTender, ...actionErrors },
      },
    },
    async (request) =>
      submitBid(request.db, request.caller, app.config, request.params.tenderNo, request.body, app.clock.now()),
  );
};
