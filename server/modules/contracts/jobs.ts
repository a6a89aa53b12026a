import type { JobDefinition } from '../../jobs/types.js';
import { anchorContractHeads } from './anchor.js';
import { expireContracts } from './closing.js';
import { finishExecutingContracts } from './execution.js';
import { remindSigners } from './reminders.js';
import { writeContractLinkageProposals } from './linkage-proposals.js';
import { SYSTEM_JOB_ACTOR } from '../../../schemas/system-actor.js';

const JOB_ACTOR = SYSTEM_JOB_ACTOR;

/** Electronic contracts' background work (server/jobs/registry.ts lists it). */
export const contractJobs: JobDefinition[] = [
  {
    // Contracts out for signature past their signing deadline (Korean date) expire, each once.
    name: 'contracts.expire',
    everySeconds: 3600,
    run: async (ctx) => ({ expired: await expireContracts(ctx.db, ctx.now) }),
  },
  {
    // Contracts a crash or a time-stamping outage left EXECUTING (체결 처리중) are sealed and
    // completed, each when its backoff allows (execution.ts finishExecution).
    name: 'contracts.finishExecuting',
    everySeconds: 60,
    run: (ctx) => finishExecutingContracts(ctx.db, ctx.config, ctx.now),
  },
  {
    // The party whose turn it is, reminded N days before the signing deadline (CONTRACT_REMINDER_DAYS), each threshold once.
    name: 'contracts.remind',
    everySeconds: 3600,
    run: async (ctx) => ({ reminded: await remindSigners(ctx.db, ctx.now, ctx.config.contractReminderDays) }),
  },
  {
    // 납품대금 연동 (상생협력법 §21): an index past an executed contract's trigger at a 조정주기 point proposes the
    // order's new prices. A rule of days on the business clock, looked at hourly as the agreement job; once per point.
    name: 'contract.linkageProposals',
    everySeconds: 3600,
    run: async (ctx) => writeContractLinkageProposals(ctx.db, ctx.now, JOB_ACTOR),
  },
  {
    // Chain heads written outside a contract's own requests (approvals, the jobs above) reach
    // CONTRACT_CHAIN_ANCHOR within a minute (anchor.ts).
    name: 'contracts.anchorChains',
    everySeconds: 60,
    run: async (ctx) =>
      ctx.config.contractChainAnchor
        ? { anchored: await anchorContractHeads(ctx.db, ctx.config.contractChainAnchor) }
        : { anchored: 0 },
  },
];
