import type { JobDefinition } from '../../jobs/types.js';
import { anchorHead } from './anchor.js';
import { purgeExpired } from './service.js';

/** Retention of the personal-data access log: rows older than two years go, once a day. */
export const privacyJobs: readonly JobDefinition[] = [
  {
    name: 'privacy.purgeAccessLog',
    everySeconds: 24 * 3600,
    run: async (ctx) => purgeExpired(ctx.db),
  },
  {
    // Rows written inside a transaction (server exports, the purge) reach ACCESS_LOG_ANCHOR here.
    name: 'privacy.anchorAccessLog',
    everySeconds: 60,
    run: async (ctx) =>
      ctx.config.accessLogAnchor
        ? { head: (await anchorHead(ctx.db, ctx.config.accessLogAnchor))?.seq ?? null }
        : { head: null },
  },
];
