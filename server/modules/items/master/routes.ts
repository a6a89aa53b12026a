import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { PagingQuery } from '../../../http/list-query.js';
import { ListOfRows } from '../../../domain/schemas.js';
import { ITEM_PICKING_SCREENS, ROUTES, VersionBody } from '../shared.js';
import {
  ItemCreate,
  ItemDetail,
  ItemListQuery,
  ItemParams,
  ItemRowSchema,
  ItemUpdate,
  PricePoint,
  TrendPoint,
} from './schemas.js';
import {
  changeItem,
  createItem,
  deactivateItem,
  itemDetail,
  itemPriceHistory,
  itemPriceTrend,
  searchItems,
} from './service.js';

/** The item master (docs/items.md): search, one item, its price history and trend, create, change, deactivate. */
export const itemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['item'];
  app.addSchema(ItemRowSchema);
  const readScreens = [ROUTES.detail, ROUTES.insert, ROUTES.uploadDetail, ROUTES.review, ...ITEM_PICKING_SCREENS];

  app.get(
    '/api/v1/items',
    {
      config: { readOnlyList: true, access: access.login(readScreens, 'read', ['I']) },
      schema: {
        operationId: 'listItems',
        tags,
        summary:
          'Items by code, name, specification, category (with its subcategories), sourcing group; the item search popup uses it',
        querystring: ItemListQuery,
        response: { 200: ListOfRows(Type.Ref('ItemRow'), 'keyset'), ...commonErrors },
      },
    },
    async (request) => searchItems(request.db, request.query),
  );

  app.get(
    '/api/v1/items/:itemCode',
    {
      config: { access: access.login([ROUTES.detail, ROUTES.review, ROUTES.insert], 'read', ['I']) },
      schema: {
        operationId: 'getItem',
        tags,
        summary: 'One item: attributes, suppliers with their current prices, open PRs and POs using it',
        params: ItemParams,
        response: { 200: ItemDetail, ...commonErrors },
      },
    },
    async (request) => itemDetail(request.db, request.params.itemCode.trim().toUpperCase()),
  );

  app.get(
    '/api/v1/items/:itemCode/price-history',
    {
      config: { access: access.login([ROUTES.detail, ROUTES.review], 'read', ['I']) },
      schema: {
        operationId: 'listItemPriceHistory',
        tags,
        summary: 'Every supplier price of an item by effective date (the price-history chart)',
        params: ItemParams,
        response: { 200: ListOfRows(PricePoint), ...commonErrors },
      },
    },
    async (request) => itemPriceHistory(request.db, request.params.itemCode.trim().toUpperCase()),
  );

  app.get(
    '/api/v1/items/:itemCode/price-trend',
    {
      config: { access: access.login([ROUTES.detail, ROUTES.review], 'read', ['I']) },
      schema: {
        operationId: 'listItemPriceTrend',
        tags,
        summary:
          'The price-history chart: lowest, average and highest supplier price in force on each date a price changed, per currency',
        params: ItemParams,
        querystring: Type.Object(PagingQuery),
        response: { 200: ListOfRows(TrendPoint), ...commonErrors },
      },
    },
    async (request) => itemPriceTrend(request.db, request.params.itemCode.trim().toUpperCase(), request.query),
  );

  app.post(
    '/api/v1/items',
    {
      config: { access: access.login([ROUTES.insert], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createItem',
        tags,
        summary: 'Create an item; its code is <category>-NNNN',
        body: ItemCreate,
        response: { 200: ItemDetail, ...commonErrors },
      },
    },
    async (request) => createItem(request.db, request.body, request.caller!.userId),
  );

  app.put(
    '/api/v1/items/:itemCode',
    {
      config: { access: access.login([ROUTES.detail, ROUTES.insert], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'updateItem',
        tags,
        summary: 'Change an item (attributes replaced whole when given); stale version: 409',
        params: ItemParams,
        body: ItemUpdate,
        response: { 200: ItemDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      changeItem(request.db, request.params.itemCode.trim().toUpperCase(), request.body, request.caller!.userId),
  );

  app.post(
    '/api/v1/items/:itemCode/deactivate',
    {
      config: { access: access.login([ROUTES.detail], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'deactivateItem',
        tags,
        summary: 'Stop using an item (no new PR or PO lines); refused while open POs use it',
        params: ItemParams,
        body: Type.Object(VersionBody, { additionalProperties: false }),
        response: { 200: ItemDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      deactivateItem(
        request.db,
        request.params.itemCode.trim().toUpperCase(),
        request.body.version,
        request.caller!.userId,
      ),
  );
};
