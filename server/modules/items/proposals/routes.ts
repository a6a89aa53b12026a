import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { supplierView, supplierViewOfOne } from '../../../http/supplier-view.js';
import { ListOfRows } from '../../../domain/schemas.js';
import { ROUTES } from '../shared.js';
import {
  ApproveBody,
  CreateBody,
  ItemCodeParams,
  ListQuery,
  MyItemDetail,
  MyItemQuery,
  MyItemReadQuery,
  MyItemRow,
  Params,
  ProposalDetail,
  ProposalRow,
  RejectBody,
  UpdateBody,
  WithdrawBody,
} from './schemas.js';
import {
  approveProposal,
  changeProposal,
  createProposal,
  myItemDetail,
  myItemList,
  proposalDetail,
  proposalList,
  rejectProposal,
  withdrawProposal,
} from './service.js';

/** Suppliers' proposals and their own items and prices (docs/items.md; the rules in service.ts). */
export const proposalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['item-proposal'];
  const readScreens = [ROUTES.review, ROUTES.supplierList, ROUTES.supplierDetail, ROUTES.supplierEdit];
  const supplierWrite = {
    access: access.login([ROUTES.supplierEdit, ROUTES.supplierDetail], 'write', ['X']),
    identityBound: false,
  };
  const staffWrite = { access: access.login([ROUTES.review], 'write', ['I']), identityBound: false };
  const Conflict = { 409: Type.Ref('ErrorBody') };

  // ---- supplier: my items and prices
  app.get(
    '/api/v1/cyber/items',
    {
      config: { access: access.login([ROUTES.supplierInfo, ROUTES.supplierEdit], 'read') },
      schema: {
        operationId: 'listMyItems',
        tags,
        summary:
          "The items the caller's company supplies, with its current prices; staff: every supplier's, or compNo's",
        querystring: MyItemQuery,
        response: { 200: ListOfRows(MyItemRow), ...commonErrors },
      },
    },
    async (request) => myItemList(supplierView(request, request.query.compNo).db, request.query),
  );

  app.get(
    '/api/v1/cyber/items/:itemCode',
    {
      config: { access: access.login([ROUTES.supplierInfo, ROUTES.supplierEdit], 'read') },
      schema: {
        operationId: 'getMyItem',
        tags,
        summary:
          "One item the caller's company supplies, with its own price history (404 for any other item); staff read compNo's (required)",
        params: ItemCodeParams,
        querystring: MyItemReadQuery,
        response: { 200: MyItemDetail, ...commonErrors },
      },
    },
    async (request) =>
      myItemDetail(supplierViewOfOne(request, request.query.compNo).db, request.params.itemCode.trim().toUpperCase()),
  );

  // ---- proposals, both portals
  app.get(
    '/api/v1/item-proposals',
    {
      config: { access: access.login(readScreens, 'read') },
      schema: {
        operationId: 'listItemProposals',
        tags,
        summary: 'Price and new-item proposals; a supplier sees only its own',
        querystring: ListQuery,
        response: { 200: ListOfRows(ProposalRow), ...commonErrors },
      },
    },
    async (request) => proposalList(request.db, request.query),
  );

  app.get(
    '/api/v1/item-proposals/:proposalNo',
    {
      config: { access: access.login(readScreens, 'read') },
      schema: {
        operationId: 'getItemProposal',
        tags,
        summary: 'One proposal and what the caller may do with it (a supplier: its own only)',
        params: Params,
        response: { 200: ProposalDetail, ...commonErrors },
      },
    },
    async (request) => proposalDetail(request.db, request.params.proposalNo, request.caller!),
  );

  app.post(
    '/api/v1/item-proposals',
    {
      config: supplierWrite,
      schema: {
        operationId: 'createItemProposal',
        tags,
        summary: 'Propose a price change for an item the caller supplies (403 for any other) or a new item',
        body: CreateBody,
        response: { 200: ProposalDetail, ...commonErrors },
      },
    },
    async (request) => createProposal(request.db, request.body, request.caller!, app.clock.now()),
  );

  app.put(
    '/api/v1/item-proposals/:proposalNo',
    {
      config: supplierWrite,
      schema: {
        operationId: 'updateItemProposal',
        tags,
        summary: 'Change a proposal while it waits for review (its supplier only; stale version: 409)',
        params: Params,
        body: UpdateBody,
        response: { 200: ProposalDetail, ...Conflict, ...commonErrors },
      },
    },
    async (request) =>
      changeProposal(request.db, request.params.proposalNo, request.body, request.caller!, app.clock.now()),
  );

  app.post(
    '/api/v1/item-proposals/:proposalNo/withdraw',
    {
      config: supplierWrite,
      schema: {
        operationId: 'withdrawItemProposal',
        tags,
        summary: 'Withdraw a proposal that waits for review',
        params: Params,
        body: WithdrawBody,
        response: { 200: ProposalDetail, ...Conflict, ...commonErrors },
      },
    },
    async (request) => withdrawProposal(request.db, request.params.proposalNo, request.body.version, request.caller!),
  );

  app.post(
    '/api/v1/item-proposals/:proposalNo/approve',
    {
      config: { ...staffWrite, identityBound: true },
      schema: {
        operationId: 'approveItemProposal',
        tags,
        summary:
          "Approve with an effective date: the supplier's price changes from that date and its history shows it (a new item is created first)",
        params: Params,
        body: ApproveBody,
        response: { 200: ProposalDetail, ...Conflict, ...commonErrors },
      },
    },
    async (request) =>
      approveProposal(request.db, request.params.proposalNo, request.body, request.caller!, app.clock.now()),
  );

  app.post(
    '/api/v1/item-proposals/:proposalNo/reject',
    {
      config: { ...staffWrite, identityBound: true },
      schema: {
        operationId: 'rejectItemProposal',
        tags,
        summary: 'Reject a proposal with a reason; nothing else changes',
        params: Params,
        body: RejectBody,
        response: { 200: ProposalDetail, ...Conflict, ...commonErrors },
      },
    },
    async (request) =>
      rejectProposal(request.db, request.params.proposalNo, request.body, request.caller!, app.clock.now()),
  );
};
