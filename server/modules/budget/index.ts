import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { budgetLineRoutes } from './lines/routes.js';
import { budgetReportRoutes } from './report/routes.js';
import { budgetTransferRoutes } from './transfer/routes.js';
import { budgetUploadRoutes } from './upload/routes.js';

/** Budget control (docs/budget.md): budget lines and policies, transfers, the report and the ledger. */
export const budgetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(budgetLineRoutes);
  await app.register(budgetReportRoutes);
  await app.register(budgetTransferRoutes);
  await app.register(budgetUploadRoutes);
};
