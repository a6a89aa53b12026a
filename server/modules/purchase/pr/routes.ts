import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import {
  ItemCodeParams,
  PrConfirmListQuery,
  PrCreateBody,
  PrDetail,
  PrItem,
  PrList,
  PrListQuery,
  PrNoParams,
  PrUpdateBody,
  ReceiveBody,
} from './schemas.js';
import {
  PR_SCREENS,
  cancelPr,
  createPr,
  getPr,
  getPrItem,
  listPrsToConfirm,
  listScopedPrs,
  receivePr,
  returnPr,
  submitPr,
  updatePr,
} from './service.js';

/** Purchase requests: the requester's side (/prList, /prEdit) and purchasing's receipt (/prConfirmList, /prConfirmEdit). */
export const prRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['purchase-request'];
  const readScreens = [PR_SCREENS.list, PR_SCREENS.edit, PR_SCREENS.confirmList, PR_SCREENS.confirmEdit];

  app.get(
    '/api/v1/prs',
    {
      config: { readOnlyList: true, access: access.login([PR_SCREENS.list, PR_SCREENS.edit], 'read', ['I']) },
      schema: {
        operationId: 'listPrs',
        tags,
        summary:
          'Purchase requests of the caller’s scope (30: own, 31: department, 32: section, others: all; approvers see what they approve)',
        querystring: PrListQuery,
        response: { 200: PrList, ...commonErrors },
      },
    },
    async (request) =>
      listScopedPrs(
        request.db,
        request.caller,
        request.query,
        parseSort(request.query.sort, { field: 'prNo', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/pr-confirm',
    {
      config: {
        readOnlyList: true,
        access: access.login([PR_SCREENS.confirmList, PR_SCREENS.confirmEdit], 'read', ['I']),
      },
      schema: {
        operationId: 'listPrConfirm',
        tags,
        summary:
          'PRs for purchasing: approved ones waiting to be received, received ones and those out for quotation (status filters any other)',
        querystring: PrConfirmListQuery,
        response: { 200: PrList, ...commonErrors },
      },
    },
    async (request) =>
      listPrsToConfirm(
        request.db,
        request.caller,
        request.query,
        parseSort(request.query.sort, { field: 'prNo', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/prs/items/:itemCode',
    {
      config: { access: access.login([PR_SCREENS.edit], 'read', ['I']) },
      schema: {
        operationId: 'getPrItem',
        tags,
        summary:
          'An item of the master as a PR line starts from it: name, specification, unit, sourcing group and reference price (the line grid fills them when an item code is typed)',
        params: ItemCodeParams,
        response: { 200: PrItem, ...commonErrors },
      },
    },
    async (request) => getPrItem(request.db, request.params.itemCode),
  );

  app.get(
    '/api/v1/prs/:prNo',
    {
      config: { access: access.login(readScreens, 'read', ['I']) },
      schema: {
        operationId: 'getPr',
        tags,
        summary:
          'One PR: header, lines, attachments, approvals, history, quotation requests and orders, and what the caller may do',
        params: PrNoParams,
        response: { 200: PrDetail, ...commonErrors },
      },
    },
    async (request) => getPr(request.db, request.caller, request.params.prNo, app.clock.now()),
  );

  app.post(
    '/api/v1/prs',
    {
      config: { access: access.login([PR_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createPr',
        tags,
        summary: 'Create a draft PR (the caller is the requester)',
        body: PrCreateBody,
        response: { 200: PrDetail, ...commonErrors },
      },
    },
    async (request) => createPr(request.db, request.caller, request.body, app.clock.now()),
  );

  app.put(
    '/api/v1/prs/:prNo',
    {
      config: { access: access.login([PR_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'updatePr',
        tags,
        summary: 'Change a draft or rejected PR (requester only; stale version: 409)',
        params: PrNoParams,
        body: PrUpdateBody,
        response: { 200: PrDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => updatePr(request.db, request.caller, request.params.prNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/prs/:prNo/submit',
    {
      config: { access: access.login([PR_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'submitPr',
        tags,
        summary: 'Submit for approval: the PR rule for the amount (KRW; JPY at JPY_RATE) picks the approval line',
        params: PrNoParams,
        body: VersionBody,
        response: { 200: PrDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => submitPr(request.db, request.caller, request.params.prNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/prs/:prNo/cancel',
    {
      config: { access: access.login([PR_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'cancelPr',
        tags,
        summary:
          'Cancel a PR not yet received by purchasing (requester only; a reason is required; an open approval is withdrawn)',
        params: PrNoParams,
        body: ReasonBody,
        response: { 200: PrDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => cancelPr(request.db, request.caller, request.params.prNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/prs/:prNo/receive',
    {
      config: { access: access.login([PR_SCREENS.confirmEdit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'receivePr',
        tags,
        summary:
          'Purchasing receives an approved PR, assigns its buyer and, optionally, files every line under one level-4 sourcing group',
        params: PrNoParams,
        body: ReceiveBody,
        response: { 200: PrDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => receivePr(request.db, request.caller, request.params.prNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/prs/:prNo/return',
    {
      config: { access: access.login([PR_SCREENS.confirmEdit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'returnPr',
        tags,
        summary:
          'Purchasing rejects an approved or received PR with a reason (the assigned buyer or a purchasing manager once received); the requester may revise and submit again',
        params: PrNoParams,
        body: ReasonBody,
        response: { 200: PrDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => returnPr(request.db, request.caller, request.params.prNo, request.body, app.clock.now()),
  );
};
