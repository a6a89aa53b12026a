import type { JobDefinition } from '../../../jobs/types.js';
import { advanceTenderClock, remindClosingTenders } from './service.js';

/**
 * The tenders' time rules (issue 30 item 5; server/jobs/registry.ts lists them). Each is
 * idempotent and exactly-once per event across servers: the runner lets one server run a job at a
 * time, and each event is claimed in the database besides (the tender's row lock and its status;
 * the invitation's reminded_hours), so an overlapping or repeated run does nothing twice.
 */
export const tenderJobs: JobDefinition[] = [
  {
    // Bidding opens and closes: the stored status follows the window; at the close the buyer is told.
    name: 'tender.clock',
    everySeconds: 30,
    run: (ctx) => advanceTenderClock(ctx.db, ctx.now),
  },
  {
    // 24 h and 1 h before the close, each invited supplier that has not bid is reminded once.
    name: 'tender.closingReminder',
    everySeconds: 300,
    run: (ctx) => remindClosingTenders(ctx.db, ctx.now),
  },
];
