import type { JobDefinition } from '../../jobs/types.js';
import { createAuctionBus } from './auctions/live.js';
import { moveAuctionsByClock } from './auctions/service.js';
import { tenderJobs } from './tenders/jobs.js';

/**
 * Bidding's time rules as background jobs (server/jobs/registry.ts lists them). Auctions open and
 * close by the clock whatever runs (byClock); this job records each opening and close once — a
 * conditional update only one server wins — and puts it on the live feed for the watchers.
 */
export const biddingJobs: JobDefinition[] = [
  {
    name: 'auction.openClose',
    everySeconds: 5,
    run: async (ctx) => {
      const bus = createAuctionBus(ctx.db, ctx.config.databaseUrl, ctx.log);
      try {
        return await moveAuctionsByClock(ctx.db, ctx.now, (auctionNo) => bus.notify(auctionNo));
      } finally {
        await bus.close();
      }
    },
  },
  // The tenders' window and closing reminders (tenders/jobs.ts).
  ...tenderJobs,
];
