import type { JobDefinition } from '../../jobs/types.js';
import { deliverDue } from './outbox.js';
import { DELIVER_JOB } from './sender.js';
import { remindRfqDeadlines } from './supplier.js';

/** notify.deliver: sends the due messages of the outbox (retries with backoff, FAILED after the last). */
export const notificationJobs: JobDefinition[] = [
  {
    name: DELIVER_JOB,
    everySeconds: 15,
    run: (ctx) => deliverDue({ db: ctx.db, log: ctx.log, config: ctx.config, now: ctx.now, metrics: ctx.metrics }),
  },
  {
    // RFQ deadline reminders to suppliers that have not quoted (supplier.ts); once per quotation.
    name: 'notify.rfqDeadline',
    everySeconds: 900,
    run: (ctx) => remindRfqDeadlines(ctx.db, ctx.now),
  },
];
