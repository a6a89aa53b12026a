import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow } from '../../../http/list-query.js';
import { internalActor, supplierActor } from '../../../domain/actor.js';
import { listSupplierPos } from '../po/queries.js';
import { SupplierPoRow } from '../po/schemas.js';
import { listSupplierRfqs } from '../rfq/queries.js';
import { SupplierRfqRow } from '../rfq/schemas.js';
import { pendingApprovals, recentDocuments } from './queries.js';
import { DocumentsQuery, HomeQuery, PendingApprovalRow, RecentDocumentRow } from './schemas.js';

/** The home pages (SubMain, CyberSubMain): every logged-in user of the portal may read their own. */
export const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['home'];

  app.get(
    '/api/v1/home/approvals',
    {
      config: { access: access.login([], 'read', ['I']) },
      schema: {
        operationId: 'listMyPendingApprovals',
        tags,
        summary: 'Approvals waiting for me (the current step is mine), newest first, with their total',
        querystring: HomeQuery,
        response: {
          200: Type.Object({ rows: Type.Array(PendingApprovalRow), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      return pendingApprovals(request.db, actor.singleid, pageWindow({ size: 10, ...request.query }));
    },
  );

  app.get(
    '/api/v1/home/documents',
    {
      config: { access: access.login([], 'read', ['I']) },
      schema: {
        operationId: 'listMyRecentDocuments',
        tags,
        summary: 'My recent documents: PRs I requested, orders and LOIs I buy; newest change first',
        querystring: DocumentsQuery,
        response: { 200: Type.Object({ rows: Type.Array(RecentDocumentRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      return recentDocuments(
        request.db,
        actor.singleid,
        request.query.docType,
        pageWindow({ size: 10, ...request.query }),
      );
    },
  );

  app.get(
    '/api/v1/cyber/home/rfqs',
    {
      config: { access: access.login([], 'read', ['X']) },
      schema: {
        operationId: 'listSupplierNewRfqs',
        tags,
        summary: 'New quotation requests for my company: not yet answered, still open; nearest deadline first',
        querystring: HomeQuery,
        response: { 200: Type.Object({ rows: Type.Array(SupplierRfqRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      supplierActor(request.caller);
      return listSupplierRfqs(
        request.db,
        { status: ['REQUESTED', 'CHECKED'], open: 'Y' },
        { field: 'deadline', direction: 'asc' },
        pageWindow({ size: 10, ...request.query }),
        app.clock.now(),
      );
    },
  );

  app.get(
    '/api/v1/cyber/home/orders',
    {
      config: { access: access.login([], 'read', ['X']) },
      schema: {
        operationId: 'listSupplierOpenOrders',
        tags,
        summary: 'Open orders of my company: sent, acknowledged or partly delivered; earliest due date first',
        querystring: HomeQuery,
        response: { 200: Type.Object({ rows: Type.Array(SupplierPoRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      supplierActor(request.caller);
      return listSupplierPos(
        request.db,
        { open: 'Y' },
        { field: 'dueDate', direction: 'asc' },
        pageWindow({ size: 10, ...request.query }),
      );
    },
  );
};
