import type { JobDefinition } from '../../jobs/types.js';
import { applyDueAgreementPrices } from './agreement/due-prices.js';
import { expireLapsedAgreements } from './agreement/service.js';
import { expireOverdueLois } from './loi/service.js';
import { closeRfqsPastDeadline } from './rfq/service.js';

/** The actor recorded on what a job changes (audit rows name it). */
const JOB_ACTOR = 'system:job';

/** Purchasing's time rules as background jobs (server/jobs/registry.ts lists them); their work is in the services. */
export const purchaseJobs: JobDefinition[] = [
  {
    name: 'loi.expireOverdue',
    everySeconds: 3600,
    run: async (ctx) => ({ expired: (await expireOverdueLois(ctx.db, ctx.now, JOB_ACTOR)).length }),
  },
  {
    // Active framework agreements past their last valid day (the business clock) become EXPIRED.
    name: 'agreement.expireLapsed',
    everySeconds: 3600,
    run: async (ctx) => ({ expired: (await expireLapsedAgreements(ctx.db, ctx.now, JOB_ACTOR)).length }),
  },
  {
    // A line's current price moves to its dated price on the day that price starts (the business clock).
    name: 'agreement.applyDuePrices',
    everySeconds: 3600,
    run: async (ctx) => ({ moved: (await applyDueAgreementPrices(ctx.db, ctx.now, JOB_ACTOR)).length }),
  },
  {
    name: 'rfq.closePastDeadline',
    everySeconds: 600,
    run: async (ctx) => {
      const r = await closeRfqsPastDeadline(ctx.db, ctx.now, JOB_ACTOR);
      return { closed: r.closed.length, lapsedQuotations: r.lapsedQuotations };
    },
  },
];
