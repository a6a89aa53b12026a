import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { APPLY_SCREENS } from '../screens.js';
import {
  ApplicationDecisionBody,
  ApplicationDetail,
  ApplicationList,
  ApplicationListQuery,
  ReceiptParams,
} from '../apply-schemas.js';
import { applicationDetail, approveApplicationUser, rejectSubmitted, searchApplications } from './service.js';

const tags = ['supplier-apply'];
const READ = Object.values(APPLY_SCREENS);

/**
 * Staff review of applications: /portal/ogpmsManage/RegisterUser (the user: approve or reject with
 * a reason) and /compRegList (a new company's registration request). A new company is created only
 * once both its user is approved and its registration evaluation passed (apply-finalize.ts).
 */
export const supplierApplyReviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/supplier-applications',
    {
      config: { access: access.login(READ, 'read', ['I']) },
      schema: {
        operationId: 'listSupplierApplications',
        tags,
        summary: 'Supplier applications (RegisterUser, compRegList), a draft past its 7 days shown as EXPIRED',
        querystring: ApplicationListQuery,
        response: { 200: ApplicationList, ...commonErrors },
      },
    },
    async (request) => searchApplications(request.db, request.query, request.caller!),
  );

  app.get(
    '/api/v1/supplier-applications/:receiptNo',
    {
      config: { access: access.login(READ, 'read', ['I']) },
      schema: {
        operationId: 'getSupplierApplication',
        tags,
        summary: 'One application with its categories and attachments',
        params: ReceiptParams,
        response: { 200: ApplicationDetail, ...commonErrors },
      },
    },
    async (request) => applicationDetail(request.db, request.params.receiptNo, request.caller!),
  );

  app.post(
    '/api/v1/supplier-applications/:receiptNo/approve-user',
    {
      config: { access: access.login([APPLY_SCREENS.users], 'write', ['I']), identityBound: true },
      schema: {
        operationId: 'approveSupplierApplicationUser',
        tags,
        summary:
          'Approve the applying user; a new user of a registered company is created at once, a new company once its registration evaluation has passed',
        params: ReceiptParams,
        body: ApplicationDecisionBody,
        response: { 200: ApplicationDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      approveApplicationUser(request.db, request.params.receiptNo, request.body, request.caller!, app.clock.now()),
  );

  app.post(
    '/api/v1/supplier-applications/:receiptNo/reject',
    {
      config: {
        access: access.login([APPLY_SCREENS.users, APPLY_SCREENS.companies], 'write', ['I']),
        identityBound: true,
      },
      schema: {
        operationId: 'rejectSupplierApplication',
        tags,
        summary:
          'Reject an application with a reason; its open registration evaluation is cancelled; nothing is created',
        params: ReceiptParams,
        body: ApplicationDecisionBody,
        response: { 200: ApplicationDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      rejectSubmitted(request.db, request.params.receiptNo, request.body, request.caller!, app.clock.now()),
  );
};
