import type { JobDefinition } from '../../jobs/types.js';
import { writeLinkageProposals } from './agreement/linkage-proposals.js';
import { applyDueAgreementPrices } from './agreement/due-prices.js';
import { expireLapsedAgreements } from './agreement/service.js';
import { noticeCoordinationClocks } from './coordination/reminders.js';
import { expireOverdueLois } from './loi/service.js';
import { closeRfqsPastDeadline } from './rfq/service.js';
import { SYSTEM_JOB_ACTOR } from '../../../schemas/system-actor.js';

/** The actor recorded on what a job changes (audit rows name it). */
const JOB_ACTOR = SYSTEM_JOB_ACTOR;

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
    // 납품대금 연동 (상생협력법 §21): an index past an active agreement's trigger at a 조정주기 point proposes new
    // prices. A rule of days, looked at hourly so a point is caught early on its day; each point proposes once.
    name: 'agreement.linkageProposals',
    everySeconds: 3600,
    run: async (ctx) => writeLinkageProposals(ctx.db, ctx.now, JOB_ACTOR),
  },
  {
    // A line's current price moves to its dated price on the day that price starts (the business clock).
    name: 'agreement.applyDuePrices',
    everySeconds: 3600,
    run: async (ctx) => ({ moved: (await applyDueAgreementPrices(ctx.db, ctx.now, JOB_ACTOR)).length }),
  },
  {
    // 납품대금 조정협의: the buyer told once when talks near day 10 and an outcome day 30 (the business clock).
    name: 'coordination.clockNotices',
    everySeconds: 3600,
    run: async (ctx) => noticeCoordinationClocks(ctx.db, ctx.now),
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
