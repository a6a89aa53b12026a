import type { JobDefinition } from '../../jobs/types.js';
import { purgeExpired } from './service.js';

/** Retention of the personal-data access log: rows older than two years go, once a day. */
export const privacyJobs: readonly JobDefinition[] = [
  {
    name: 'privacy.purgeAccessLog',
    everySeconds: 24 * 3600,
    run: async (ctx) => purgeExpired(ctx.db),
  },
];
