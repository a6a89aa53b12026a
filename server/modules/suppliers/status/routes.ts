import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import type { DecisionKind } from '../request-flow.js';
import { SUPPLIER_SCREENS } from '../screens.js';
import {
  DecisionBody,
  ReqNoParams,
  StatusRequestCreateBody,
  StatusRequestList,
  StatusRequestListQuery,
  StatusRequestRow,
} from '../schemas.js';
import { createStatusRequest, decideStatusRequest, searchStatusRequests, statusRequest } from './service.js';

const tags = ['suppliers'];
const SCREENS = [SUPPLIER_SCREENS.changeStatus, SUPPLIER_SCREENS.edit];

/**
 * Status change requests (/compChangeStatusList): a staff member asks to suspend, close or
 * reactivate a supplier with a reason; another staff member approves (the company's status
 * changes, with the reason the buyers will see) or rejects it with a comment; the requester may
 * withdraw it while open. One open request per company.
 */
export const supplierStatusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/supplier-status-requests',
    {
      config: { access: access.login(SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'listSupplierStatusRequests',
        tags,
        summary: 'Status change requests of suppliers (compChangeStatusList)',
        querystring: StatusRequestListQuery,
        response: { 200: StatusRequestList, ...commonErrors },
      },
    },
    async (request) => searchStatusRequests(request.db, request.query, request.caller!),
  );

  app.get(
    '/api/v1/supplier-status-requests/:reqNo',
    {
      config: { access: access.login(SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'getSupplierStatusRequest',
        tags,
        summary: 'One status change request',
        params: ReqNoParams,
        response: { 200: StatusRequestRow, ...commonErrors },
      },
    },
    async (request) => statusRequest(request.db, request.params.reqNo, request.caller!),
  );

  app.post(
    '/api/v1/supplier-status-requests',
    {
      config: { access: access.login([SUPPLIER_SCREENS.changeStatus], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createSupplierStatusRequest',
        tags,
        summary:
          'Ask to change a supplier’s trading status (ACTIVE / SUSPENDED / CLOSED) with a reason; one open request per supplier',
        body: StatusRequestCreateBody,
        response: { 200: StatusRequestRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createStatusRequest(request.db, request.body, request.caller!, app.clock.now()),
  );

  const route = (kind: DecisionKind, operationId: string, summary: string) =>
    app.post(
      `/api/v1/supplier-status-requests/:reqNo/${kind}`,
      {
        config: { access: access.login([SUPPLIER_SCREENS.changeStatus], 'write', ['I']), identityBound: true },
        schema: {
          operationId,
          tags,
          summary,
          params: ReqNoParams,
          body: DecisionBody,
          response: { 200: StatusRequestRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) =>
        decideStatusRequest(request.db, kind, request.params.reqNo, request.body, request.caller!, app.clock.now()),
    );
  route(
    'approve',
    'approveSupplierStatusRequest',
    'Approve a request (not one’s own): the supplier’s status and reason change; a suspended or closed supplier can no longer be invited to quote or ordered from',
  );
  route('reject', 'rejectSupplierStatusRequest', 'Reject a request (not one’s own) with a comment');
  route('withdraw', 'withdrawSupplierStatusRequest', 'Withdraw one’s own open request');
};
