import type { JobDefinition } from '../../jobs/types.js';
import { deliverDue } from './outbox.js';
import { DELIVER_JOB } from './sender.js';

/** notify.deliver: sends the due messages of the outbox (retries with backoff, FAILED after the last). */
export const notificationJobs: JobDefinition[] = [
  {
    name: DELIVER_JOB,
    everySeconds: 15,
    run: (ctx) => deliverDue({ db: ctx.db, log: ctx.log, config: ctx.config, now: ctx.now }),
  },
];
