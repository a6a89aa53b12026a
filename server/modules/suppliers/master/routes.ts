import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { SUPPLIER_SCREENS } from '../screens.js';
import {
  CompNoParams,
  OverviewRows,
  SpendRows,
  SupplierCreateBody,
  SupplierDetail,
  SupplierList,
  SupplierListQuery,
  SupplierUpdateBody,
  SupplierUsersRows,
} from '../schemas.js';
import {
  createSupplier,
  listCategoryChoices,
  searchSuppliers,
  supplierDetail,
  supplierOverview,
  supplierSpend,
  supplierUsers,
  updateSupplier,
} from './service.js';

const READ_SCREENS = Object.values(SUPPLIER_SCREENS);
const tags = ['suppliers'];

/** The supplier master (/CompManageList, /CompManageEdit) and one supplier at a glance (/compStatusList, /compStatusView). */
export const supplierMasterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/suppliers',
    {
      config: { readOnlyList: true, access: access.login(READ_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'listSuppliers',
        tags,
        summary:
          'Supplier master: search by number, name, business number, status, FORWARD_YN, council, category or sourcing group supplied',
        querystring: SupplierListQuery,
        response: { 200: SupplierList, ...commonErrors },
      },
    },
    async (request) => searchSuppliers(request.db, request.query),
  );

  app.get(
    '/api/v1/suppliers/category-options',
    {
      config: { access: access.login(READ_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'listSupplierCategoryOptions',
        tags,
        summary: 'Item categories a supplier may be said to supply (levels 1 and 2, in use), for the master’s choice',
        response: {
          200: Type.Object({
            rows: Type.Array(Type.Object({ catCode: Type.String(), nameKo: Type.String(), depth: Type.Integer() })),
            total: Type.Integer(),
          }),
          ...commonErrors,
        },
      },
    },
    async (request) => listCategoryChoices(request.db),
  );

  app.get(
    '/api/v1/suppliers/:compNo',
    {
      config: { access: access.login(READ_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'getSupplier',
        tags,
        summary:
          'One supplier: registration numbers, contacts, bank account (masked unless the caller keeps the master), categories and sourcing groups supplied, attachments, history',
        params: CompNoParams,
        response: { 200: SupplierDetail, ...commonErrors },
      },
    },
    async (request) => supplierDetail(request.db, request.params.compNo.toUpperCase(), request.caller),
  );

  app.post(
    '/api/v1/suppliers',
    {
      config: { access: access.login([SUPPLIER_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createSupplier',
        tags,
        summary:
          'Register a supplier directly in the master (trading from today); the business number must pass its check digit and not be registered yet',
        body: SupplierCreateBody,
        response: { 200: SupplierDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createSupplier(request.db, request.body, request.caller!, app.clock.now()),
  );

  app.put(
    '/api/v1/suppliers/:compNo',
    {
      config: { access: access.login([SUPPLIER_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'updateSupplier',
        tags,
        summary:
          'Change the master (not its status: that is a status change request); a masked bank account sent back keeps the stored one; stale version: 409',
        params: CompNoParams,
        body: SupplierUpdateBody,
        response: { 200: SupplierDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => updateSupplier(request.db, request.params.compNo.toUpperCase(), request.body, request.caller!),
  );

  app.get(
    '/api/v1/suppliers/:compNo/overview',
    {
      config: {
        access: access.login(
          [SUPPLIER_SCREENS.statusList, SUPPLIER_SCREENS.statusView, SUPPLIER_SCREENS.list, SUPPLIER_SCREENS.edit],
          'read',
          ['I'],
        ),
      },
      schema: {
        operationId: 'getSupplierOverview',
        tags,
        summary:
          'One supplier at a glance (compStatusView): status and reason, open RFQs and POs, on-time delivery rate (12 months), open settlement disputes, users, latest evaluation grade — as metric/value rows',
        params: CompNoParams,
        response: { 200: OverviewRows, ...commonErrors },
      },
    },
    async (request) => supplierOverview(request.db, request.params.compNo.toUpperCase(), app.clock.now()),
  );

  app.get(
    '/api/v1/suppliers/:compNo/spend',
    {
      config: { access: access.login([SUPPLIER_SCREENS.statusList, SUPPLIER_SCREENS.statusView], 'read', ['I']) },
      schema: {
        operationId: 'listSupplierSpend',
        tags,
        summary:
          'Orders placed with a supplier by month over the last 12 months, in KRW (JPY at the current rate); a month without orders is 0',
        params: CompNoParams,
        response: { 200: SpendRows, ...commonErrors },
      },
    },
    async (request) => supplierSpend(request.db, request.params.compNo.toUpperCase(), app.clock.now()),
  );

  app.get(
    '/api/v1/suppliers/:compNo/users',
    {
      config: { access: access.login([SUPPLIER_SCREENS.statusView, SUPPLIER_SCREENS.edit], 'read', ['I']) },
      schema: {
        operationId: 'listSupplierUsersOf',
        tags,
        summary: 'The portal users of one supplier (compStatusView)',
        params: CompNoParams,
        response: { 200: SupplierUsersRows, ...commonErrors },
      },
    },
    async (request) => supplierUsers(request.db, request.params.compNo.toUpperCase()),
  );
};
