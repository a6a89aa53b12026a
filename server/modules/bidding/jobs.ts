import type { JobDefinition } from '../../jobs/types.js';
import { createAuctionBus } from './auctions/live.js';
import { moveAuctionsByClock, remindClosingAuctions } from './auctions/service.js';
import { tenderJobs } from './tenders/jobs.js';

/**
 * Bidding's time rules as background jobs (server/jobs/registry.ts lists them). Auctions open and
 * close by the clock whatever runs (byClock); auction.openClose records each opening and close once
 * — a conditional update only one server wins — and puts it on the live feed for the watchers.
 * auction.closingReminder reminds the invited suppliers that have not bid, once per lead (claimed
 * in the database as the tenders' reminders are).
 */
export const biddingJobs: JobDefinition[] = [
  {
    name: 'auction.openClose',
    everySeconds: 5,
    run: async (ctx) => {
      const bus = createAuctionBus(ctx.db, ctx.config.databaseListenUrl ?? ctx.config.databaseUrl, ctx.log);
      try {
        return await moveAuctionsByClock(ctx.db, ctx.now, (auctionNo) => bus.notify(auctionNo));
      } finally {
        await bus.close();
      }
    },
  },
  {
    // Before the end (AUCTION_REMINDER_HOURS), each invited supplier that has not bid is reminded once per lead.
    name: 'auction.closingReminder',
    everySeconds: 60,
    run: (ctx) => remindClosingAuctions(ctx.db, ctx.now, ctx.config.auctionReminderHours),
  },
  // The tenders' window and closing reminders (tenders/jobs.ts).
  ...tenderJobs,
];
