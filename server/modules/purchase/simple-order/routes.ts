import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { listPos } from '../po/queries.js';
import { PoDetail, PoList, PoNoParams } from '../po/schemas.js';
import { SIMPLE_SCREENS } from '../po/service.js';
import { SimpleOrderCreateBody, SimpleOrderLimit, SimpleOrderListQuery, SimpleOrderUpdateBody } from './schemas.js';
import { createSimpleOrder, getSimpleOrder, getSimpleOrderLimit, updateSimpleOrder } from './service.js';

/** Simple orders (소액발주): a PO without PR, below the SIMPLE_ORDER_LIMIT common code; actions are the PO's. */
export const simpleOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['simple-order'];
  const read = { access: access.login([SIMPLE_SCREENS.list, SIMPLE_SCREENS.edit], 'read', ['I']) };
  const write = { access: access.login([SIMPLE_SCREENS.edit], 'write', ['I']), identityBound: false };

  app.get(
    '/api/v1/simple-orders',
    {
      config: { ...read, readOnlyList: true },
      schema: {
        operationId: 'listSimpleOrders',
        tags,
        summary: 'Simple orders, with per-currency totals',
        querystring: SimpleOrderListQuery,
        response: { 200: PoList, ...commonErrors },
      },
    },
    async (request) =>
      listPos(
        request.db,
        { ...request.query, poType: 'SIMPLE' },
        parseSort(request.query.sort, { field: 'poNo', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/simple-orders/limit',
    {
      config: read,
      schema: {
        operationId: 'getSimpleOrderLimit',
        tags,
        summary: 'The simple-order limit (KRW) and the JPY rate it is compared with',
        response: { 200: SimpleOrderLimit, ...commonErrors },
      },
    },
    async (request) => getSimpleOrderLimit(request.db),
  );

  app.get(
    '/api/v1/simple-orders/:poNo',
    {
      config: read,
      schema: {
        operationId: 'getSimpleOrder',
        tags,
        summary: 'One simple order (the PO detail)',
        params: PoNoParams,
        response: { 200: PoDetail, ...commonErrors },
      },
    },
    async (request) => getSimpleOrder(request.db, request.caller, request.params.poNo),
  );

  app.post(
    '/api/v1/simple-orders',
    {
      config: write,
      schema: {
        operationId: 'createSimpleOrder',
        tags,
        summary: 'Create a draft simple order (the caller is its buyer); its amount in KRW must stay below the limit',
        body: SimpleOrderCreateBody,
        response: { 200: PoDetail, ...commonErrors },
      },
    },
    async (request) => createSimpleOrder(request.db, request.caller, request.body, app.clock.now()),
  );

  app.put(
    '/api/v1/simple-orders/:poNo',
    {
      config: write,
      schema: {
        operationId: 'updateSimpleOrder',
        tags,
        summary:
          'Change a draft simple order: supplier, lines and all (its buyer or a purchasing manager; stale version: 409)',
        params: PoNoParams,
        body: SimpleOrderUpdateBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      updateSimpleOrder(request.db, request.caller, request.params.poNo, request.body, app.clock.now()),
  );
};
