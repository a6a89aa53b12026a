import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import type { DecisionKind } from '../request-flow.js';
import { MY_COMPANY_SCREEN, SUPPLIER_SCREENS } from '../screens.js';
import {
  ChangeDecisionBody,
  ChangeReqNoParams,
  ChangeRequestDetail,
  ChangeRequestList,
  ChangeRequestListQuery,
  MyCompany,
  MyCompanyQuery,
  MyCompanyUpdateBody,
} from '../change-request-schemas.js';
import { changeRequest, decideChangeRequest, readMyCompany, searchChangeRequests, updateMyCompany } from './service.js';

const tags = ['suppliers'];
/** Staff review change requests where they keep the master. */
const REVIEW_SCREENS = [SUPPLIER_SCREENS.edit, SUPPLIER_SCREENS.list];
const READ_SCREENS = [MY_COMPANY_SCREEN, ...REVIEW_SCREENS];

/**
 * Supplier change requests (docs/suppliers.md): on CyberCompManageEdit a supplier keeps its
 * phones, e-mail and contacts current itself and asks for bank and registration changes, which
 * staff approve on CompManageEdit — the master changes in the approval's transaction.
 */
export const supplierChangeRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/my-company',
    {
      config: { access: access.login(READ_SCREENS, 'read') },
      schema: {
        operationId: 'getMyCompany',
        tags,
        summary:
          'My company (CyberCompManageEdit): the master with the bank account masked, and its change requests; staff name the supplier with compNo',
        querystring: MyCompanyQuery,
        response: { 200: MyCompany, ...commonErrors },
      },
    },
    async (request) => readMyCompany(request.db, request.caller!, request.query.compNo),
  );

  app.put(
    '/api/v1/my-company',
    {
      config: { access: access.login([MY_COMPANY_SCREEN], 'write', ['X']), identityBound: true },
      schema: {
        operationId: 'updateMyCompany',
        tags,
        summary:
          'A supplier saves its company: phones, e-mail, homepage and contacts change at once; bank and registration changes become a change request (attachment and reason required; one open at a time)',
        body: MyCompanyUpdateBody,
        response: { 200: MyCompany, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => updateMyCompany(request.db, request.body, request.caller!, app.clock.now()),
  );

  app.get(
    '/api/v1/company-change-requests',
    {
      config: { access: access.login(READ_SCREENS, 'read') },
      schema: {
        operationId: 'listCompanyChangeRequests',
        tags,
        summary: 'Supplier change requests (bank, registration); a supplier sees only its own',
        querystring: ChangeRequestListQuery,
        response: { 200: ChangeRequestList, ...commonErrors },
      },
    },
    async (request) => searchChangeRequests(request.db, request.query, request.caller!),
  );

  app.get(
    '/api/v1/company-change-requests/:reqNo',
    {
      config: { access: access.login(READ_SCREENS, 'read') },
      schema: {
        operationId: 'getCompanyChangeRequest',
        tags,
        summary: 'One change request: each field from → to (bank accounts masked), the attachments',
        params: ChangeReqNoParams,
        response: { 200: ChangeRequestDetail, ...commonErrors },
      },
    },
    async (request) => changeRequest(request.db, request.params.reqNo, request.caller!),
  );

  const route = (kind: DecisionKind, operationId: string, summary: string) =>
    app.post(
      `/api/v1/company-change-requests/:reqNo/${kind}`,
      {
        // Approving or rejecting is the deciding person's; withdrawing, the requesting company's own.
        config: {
          access:
            kind === 'withdraw'
              ? access.login([MY_COMPANY_SCREEN], 'write', ['X'])
              : access.login([SUPPLIER_SCREENS.edit], 'write', ['I']),
          identityBound: true,
        },
        schema: {
          operationId,
          tags,
          summary,
          params: ChangeReqNoParams,
          body: ChangeDecisionBody,
          response: { 200: ChangeRequestDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) =>
        decideChangeRequest(request.db, kind, request.params.reqNo, request.body, request.caller!, app.clock.now()),
    );
  route(
    'approve',
    'approveCompanyChangeRequest',
    'Staff approve a supplier’s change request: the master changes in the same transaction (audit CHANGE_REQUEST); a field changed since the request answers 409',
  );
  route('reject', 'rejectCompanyChangeRequest', 'Staff reject a supplier’s change request with a comment');
  route('withdraw', 'withdrawCompanyChangeRequest', 'The supplier withdraws its open change request');
};
