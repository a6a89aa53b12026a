import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import { todayKst } from '../../../domain/dates.js';
import { listLois, listSupplierLois } from './queries.js';
import {
  ExpireAnswer,
  LoiCreateBody,
  LoiDetail,
  LoiListQuery,
  LoiNoParams,
  LoiUpdateBody,
  SupplierLoiDetail,
  SupplierLoiListQuery,
  SupplierLoiRow,
  LoiRow,
} from './schemas.js';
import {
  LOI_SCREENS,
  acceptLoi,
  cancelLoi,
  createLoi,
  expireOverdueLois,
  getLoi,
  getSupplierLoi,
  submitLoi,
  updateLoiDraft,
} from './service.js';

const LIST = LOI_SCREENS.list;
const EDIT = LOI_SCREENS.edit;
const CYBER_SCREENS = ['/CyberOrderRequestList', '/CyberOrderRequestEdit'];

/** Letters of intent: supplier, scope, amount, validity; approval issues them; the supplier accepts, or they expire. */
export const loiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['loi'];
  const read = { access: access.login([LIST, EDIT], 'read', ['I']) };
  const write = { access: access.login([EDIT], 'write', ['I']), identityBound: false };

  app.get(
    '/api/v1/lois',
    {
      config: read,
      schema: {
        operationId: 'listLois',
        tags,
        summary: 'Letters of intent',
        querystring: LoiListQuery,
        response: { 200: Type.Object({ rows: Type.Array(LoiRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) =>
      listLois(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'loiNo', direction: 'desc' }),
        pageWindow(request.query),
        todayKst(app.clock.now()),
      ),
  );

  app.get(
    '/api/v1/lois/:loiNo',
    {
      config: read,
      schema: {
        operationId: 'getLoi',
        tags,
        summary: 'One LOI with approvals, history and the orders that follow it',
        params: LoiNoParams,
        response: { 200: LoiDetail, ...commonErrors },
      },
    },
    async (request) => getLoi(request.db, request.caller, request.params.loiNo, app.clock.now()),
  );

  app.post(
    '/api/v1/lois',
    {
      config: write,
      schema: {
        operationId: 'createLoi',
        tags,
        summary: 'Create a draft LOI (the caller is its buyer)',
        body: LoiCreateBody,
        response: { 200: LoiDetail, ...commonErrors },
      },
    },
    async (request) => createLoi(request.db, request.caller, request.body, app.clock.now()),
  );

  app.put(
    '/api/v1/lois/:loiNo',
    {
      config: write,
      schema: {
        operationId: 'updateLoi',
        tags,
        summary: 'Change a draft LOI (stale version: 409)',
        params: LoiNoParams,
        body: LoiUpdateBody,
        response: { 200: LoiDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => updateLoiDraft(request.db, request.caller, request.params.loiNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/lois/:loiNo/submit',
    {
      config: write,
      schema: {
        operationId: 'submitLoi',
        tags,
        summary: 'Submit for approval (LOI rule by amount); the last approval issues the LOI',
        params: LoiNoParams,
        body: VersionBody,
        response: { 200: LoiDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => submitLoi(request.db, request.caller, request.params.loiNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/lois/:loiNo/cancel',
    {
      config: write,
      schema: {
        operationId: 'cancelLoi',
        tags,
        summary: 'Cancel an LOI not yet accepted, with a reason (an open approval is withdrawn)',
        params: LoiNoParams,
        body: ReasonBody,
        response: { 200: LoiDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => cancelLoi(request.db, request.caller, request.params.loiNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/lois/expire',
    {
      config: { access: access.login([LIST, EDIT], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'expireLois',
        tags,
        summary:
          'Store the expiry of every issued LOI past its validity (lists already show them as expired); for a scheduler or an operator',
        response: { 200: ExpireAnswer, ...commonErrors },
      },
    },
    async (request) => ({ expired: await expireOverdueLois(request.db, app.clock.now(), request.caller!.userId) }),
  );

  /* ------------------------------ the supplier's side ------------------------------ */

  app.get(
    '/api/v1/cyber/lois',
    {
      config: { access: access.login(CYBER_SCREENS, 'read', ['X']) },
      schema: {
        operationId: 'listSupplierLois',
        tags,
        summary: 'LOIs issued to my company',
        querystring: SupplierLoiListQuery,
        response: { 200: Type.Object({ rows: Type.Array(SupplierLoiRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) =>
      listSupplierLois(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'loiNo', direction: 'desc' }),
        pageWindow(request.query),
        todayKst(app.clock.now()),
      ),
  );

  app.get(
    '/api/v1/cyber/lois/:loiNo',
    {
      config: { access: access.login(CYBER_SCREENS, 'read', ['X']) },
      schema: {
        operationId: 'getSupplierLoi',
        tags,
        summary: 'One LOI issued to my company; another company’s answers 404',
        params: LoiNoParams,
        response: { 200: SupplierLoiDetail, ...commonErrors },
      },
    },
    async (request) => getSupplierLoi(request.db, request.caller, request.params.loiNo, app.clock.now()),
  );

  app.post(
    '/api/v1/cyber/lois/:loiNo/accept',
    {
      config: { access: access.login(['/CyberOrderRequestEdit'], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'acceptLoi',
        tags,
        summary: 'Accept an issued LOI within its validity (once)',
        params: LoiNoParams,
        body: VersionBody,
        response: { 200: SupplierLoiDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => acceptLoi(request.db, request.caller, request.params.loiNo, request.body, app.clock.now()),
  );
};
