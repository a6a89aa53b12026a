import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auctionRoutes } from './auctions/routes.js';
import { invitationRoutes } from './invitations/routes.js';
import { tenderRoutes } from './tenders/routes.js';

/** Electronic bidding (issue 30): sealed-bid tenders and live reverse auctions (docs/bidding.md). */
export const biddingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(tenderRoutes);
  await app.register(auctionRoutes);
  await app.register(invitationRoutes);
};
