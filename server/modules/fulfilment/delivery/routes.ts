import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { supplierView } from '../../../http/supplier-view.js';
import { ListOf, VersionReasonBody, actionErrors } from '../../../domain/schemas.js';
import { text } from '../../../domain/values.js';
import { listDeliverableOrders } from './queries.js';
import {
  DeliverableOrderQuery,
  DeliveryCreateBody,
  DeliveryListQuery,
  DeliveryNoParams,
  DeliveryUpdateBody,
  MyDeliveryListQuery,
  MyNoneOrderListQuery,
  NoneOrderListQuery,
  PoNoParams,
} from './schemas.js';
import {
  cancelDelivery,
  createDelivery,
  getDeliverableOrder,
  getDelivery,
  searchDeliveries,
  updateDeliveryDoc,
} from './service.js';

const ADMIN_LIST = '/deliverListAdmin';
const ADMIN_EDIT = '/deliverEditAdmin';
const ADMIN_NONE_ORDER = '/noneOrderViewAdmin';
const MY_LIST = '/deliverInfo';
const MY_EDIT = '/deliverEdit';
const MY_NONE_ORDER = '/noneOrderView';

const TAG = ['fulfilment: delivery'];

/**
 * Deliveries (ASN, 납품): suppliers register them against their acknowledged order lines
 * (or without an order, flagged), edit or cancel them while registered; staff list them and
 * receive them into warehousing (warehousing/routes.ts). docs/fulfilment.md "Delivery".
 */
export const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sortOf = (s: string | undefined) => parseSort(s, { field: 'deliveryDate', direction: 'desc' }) as never;

  // ── internal ──────────────────────────────────────────────────────────────
  app.get(
    '/api/v1/deliveries',
    {
      config: { readOnlyList: true, access: access.login([ADMIN_LIST, ADMIN_EDIT], 'read', ['I']) },
      schema: {
        operationId: 'listDeliveries',
        tags: TAG,
        summary: 'Deliveries of every supplier (deliverListAdmin)',
        querystring: DeliveryListQuery,
        response: { 200: ListOf('DeliveryRow', undefined, 'keyset'), ...commonErrors },
      },
    },
    async (request) =>
      searchDeliveries(request.db, request.query, sortOf(request.query.sort), pageWindow(request.query)),
  );

  app.get(
    '/api/v1/deliveries/none-order',
    {
      config: { readOnlyList: true, access: access.login([ADMIN_NONE_ORDER], 'read', ['I']) },
      schema: {
        operationId: 'listNoneOrderDeliveries',
        tags: TAG,
        summary: 'Deliveries without an order, every supplier (noneOrderViewAdmin)',
        querystring: NoneOrderListQuery,
        response: { 200: ListOf('DeliveryRow', undefined, 'keyset'), ...commonErrors },
      },
    },
    async (request) =>
      searchDeliveries(request.db, request.query, sortOf(request.query.sort), pageWindow(request.query), { noPo: 'Y' }),
  );

  app.get(
    '/api/v1/deliveries/:deliveryNo',
    {
      config: { access: access.login([ADMIN_LIST, ADMIN_EDIT, ADMIN_NONE_ORDER, '/warehousingList'], 'read', ['I']) },
      schema: {
        operationId: 'getDelivery',
        tags: TAG,
        summary: 'One delivery with its lines, the order’s open quantities and its receipts',
        params: DeliveryNoParams,
        response: { 200: Type.Ref('DeliveryDetail'), ...commonErrors },
      },
    },
    async (request) => getDelivery(request.db, request.params.deliveryNo, app.clock.now()),
  );

  // ── supplier ──────────────────────────────────────────────────────────────
  app.get(
    '/api/v1/cyber/deliveries',
    {
      config: { readOnlyList: true, access: access.login([MY_LIST, MY_EDIT], 'read') },
      schema: {
        operationId: 'listMyDeliveries',
        tags: TAG,
        summary: 'My company’s deliveries (deliverInfo); staff: every supplier’s, or compNo’s',
        querystring: MyDeliveryListQuery,
        response: { 200: ListOf('DeliveryRow', undefined, 'keyset'), ...commonErrors },
      },
    },
    async (request) =>
      searchDeliveries(
        supplierView(request, request.query.compNo).db,
        { ...request.query, compNo: undefined },
        sortOf(request.query.sort),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/cyber/deliveries/none-order',
    {
      config: { readOnlyList: true, access: access.login([MY_NONE_ORDER], 'read') },
      schema: {
        operationId: 'listMyNoneOrderDeliveries',
        tags: TAG,
        summary: 'My deliveries without an order (noneOrderView); staff: every supplier’s, or compNo’s',
        querystring: MyNoneOrderListQuery,
        response: { 200: ListOf('DeliveryRow', undefined, 'keyset'), ...commonErrors },
      },
    },
    async (request) =>
      searchDeliveries(
        supplierView(request, request.query.compNo).db,
        { ...request.query, compNo: undefined },
        sortOf(request.query.sort),
        pageWindow(request.query),
        { noPo: 'Y' },
      ),
  );

  app.get(
    '/api/v1/cyber/deliveries/:deliveryNo',
    {
      config: { access: access.login([MY_LIST, MY_EDIT, MY_NONE_ORDER], 'read') },
      schema: {
        operationId: 'getMyDelivery',
        tags: TAG,
        summary: 'One of my deliveries; another company’s answers 404. Staff read any supplier’s',
        params: DeliveryNoParams,
        response: { 200: Type.Ref('DeliveryDetail'), ...commonErrors },
      },
    },
    async (request) => getDelivery(supplierView(request).db, request.params.deliveryNo, app.clock.now()),
  );

  app.get(
    '/api/v1/cyber/deliverable-orders',
    {
      config: { access: access.login([MY_EDIT], 'read', ['X']) },
      schema: {
        operationId: 'listDeliverableOrders',
        tags: TAG,
        summary: 'My acknowledged orders with quantity still open (deliverEdit)',
        querystring: DeliverableOrderQuery,
        response: { 200: ListOf('DeliverableOrderRow'), ...commonErrors },
      },
    },
    async (request) =>
      listDeliverableOrders(
        request.db,
        text(request.query.poNo) ?? undefined,
        parseSort(request.query.sort, { field: 'poDate', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/cyber/deliverable-orders/:poNo',
    {
      config: { access: access.login([MY_EDIT], 'read', ['X']) },
      schema: {
        operationId: 'getDeliverableOrder',
        tags: TAG,
        summary: 'One of my orders with each line’s delivered and open quantity',
        params: PoNoParams,
        response: { 200: Type.Ref('DeliverableOrderDetail'), ...commonErrors },
      },
    },
    async (request) => getDeliverableOrder(request.db, request.params.poNo),
  );

  app.post(
    '/api/v1/cyber/deliveries',
    {
      config: { access: access.login([MY_EDIT], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'createDelivery',
        tags: TAG,
        summary:
          'Register a delivery against my acknowledged order (quantities ≤ open quantity: else 400 OVER_DELIVERY), or without an order (flagged noPo=Y)',
        body: DeliveryCreateBody,
        response: { 200: Type.Ref('DeliveryDetail'), ...actionErrors },
      },
    },
    async (request) => createDelivery(request.db, request.caller!, request.body, app.clock.now()),
  );

  app.put(
    '/api/v1/cyber/deliveries/:deliveryNo',
    {
      config: { access: access.login([MY_EDIT], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'updateDelivery',
        tags: TAG,
        summary: 'Change a registered delivery: dates, documents, lines and quantities (stale version: 409)',
        params: DeliveryNoParams,
        body: DeliveryUpdateBody,
        response: { 200: Type.Ref('DeliveryDetail'), ...actionErrors },
      },
    },
    async (request) =>
      updateDeliveryDoc(request.db, request.caller!, request.params.deliveryNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/cyber/deliveries/:deliveryNo/cancel',
    {
      config: { access: access.login([MY_EDIT, MY_LIST], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'cancelDelivery',
        tags: TAG,
        summary:
          'Cancel a registered (not yet received) delivery; its quantities return to the order (reason required)',
        params: DeliveryNoParams,
        body: VersionReasonBody,
        response: { 200: Type.Ref('DeliveryDetail'), ...actionErrors },
      },
    },
    async (request) =>
      cancelDelivery(request.db, request.caller!, request.params.deliveryNo, request.body, app.clock.now()),
  );
};
