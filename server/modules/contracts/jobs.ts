import type { JobDefinition } from '../../jobs/types.js';
import { expireContracts } from './service.js';

/** Electronic contracts' background work (server/jobs/registry.ts lists it). */
export const contractJobs: JobDefinition[] = [
  {
    // Contracts out for signature past their signing deadline (Korean date) expire, each once.
    name: 'contracts.expire',
    everySeconds: 3600,
    run: async (ctx) => ({ expired: await expireContracts(ctx.db, ctx.now) }),
  },
];
