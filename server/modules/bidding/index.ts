import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { tenderRoutes } from './tenders/routes.js';

export { tenderJobs as biddingJobs } from './tenders/jobs.js';

/** Electronic bidding (issue 30): sealed-bid tenders; reverse auctions are not built yet (docs/bidding.md). */
export const biddingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(tenderRoutes);
};
