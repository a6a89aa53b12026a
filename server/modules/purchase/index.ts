import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { agreementRoutes } from './agreement/routes.js';
import { approvalRoutes, delegationRoutes } from './approval/routes.js';
import { homeRoutes } from './home/routes.js';
import { loiRoutes } from './loi/routes.js';
import { poRoutes } from './po/routes.js';
import { poPrintRoutes } from './po/print/routes.js';
import { prRoutes } from './pr/routes.js';
import { rfqRoutes } from './rfq/routes.js';
import { rfqQuestionRoutes } from './rfq-questions/routes.js';
import { simpleOrderRoutes } from './simple-order/routes.js';

/** Purchasing (docs/purchasing.md): one plugin per document, registered together. */
export const purchaseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(approvalRoutes);
  await app.register(delegationRoutes);
  await app.register(prRoutes);
  await app.register(rfqRoutes);
  await app.register(rfqQuestionRoutes);
  await app.register(poRoutes);
  await app.register(poPrintRoutes);
  await app.register(simpleOrderRoutes);
  await app.register(loiRoutes);
  await app.register(agreementRoutes);
  await app.register(homeRoutes);
};
