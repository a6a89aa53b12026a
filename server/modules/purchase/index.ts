import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { agreementRoutes } from './agreement/routes.js';
import type { OutcomeHandlers } from './approval/outcome-handlers.js';
import { approvalRoutes, delegationRoutes } from './approval/routes.js';
import { homeRoutes } from './home/routes.js';
import { loiRoutes } from './loi/routes.js';
import { poRoutes } from './po/routes.js';
import { poPrintRoutes } from './po/print/routes.js';
import { prRoutes } from './pr/routes.js';
import { rfqRoutes } from './rfq/routes.js';
import { rfqQuestionRoutes } from './rfq-questions/routes.js';
import { simpleOrderRoutes } from './simple-order/routes.js';
import { linkageIndexRoutes } from './linkage-index/routes.js';
import { subconRoutes } from './subcon/routes.js';
import { coordinationRoutes } from './coordination/routes.js';

export type { OutcomeHandlers } from './approval/outcome-handlers.js';
/** Purchasing's own documents whose approval outcome another part of purchasing applies. */
export { applyAgreementOutcome } from './agreement/service.js';
export { applyChangeOrderOutcome } from './po/change-order.js';

/**
 * Purchasing (docs/purchasing.md): one plugin per document, registered together. `approvalOutcomes`
 * are the handlers of the documents whose approval decisions their own modules apply
 * (server/approval-outcomes.ts).
 */
export const purchaseRoutes: FastifyPluginAsyncTypebox<{ approvalOutcomes: OutcomeHandlers }> = async (app, opts) => {
  await app.register(approvalRoutes, { outcomes: opts.approvalOutcomes });
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
  await app.register(subconRoutes);
  await app.register(linkageIndexRoutes);
  await app.register(coordinationRoutes);
};
