import type { JobDefinition } from '../../jobs/types.js';
import { flagDeadlines } from './service.js';

/** Tax invoices' background work (server/jobs/registry.ts lists it). */
export const taxInvoiceJobs: JobDefinition[] = [
  {
    // Invoices not issued by the 8th are flagged 임박, after the deadline (the 10th, moved past holidays) 지연, each once.
    name: 'taxInvoices.deadlines',
    everySeconds: 3600,
    run: (ctx) => flagDeadlines(ctx.db, ctx.now),
  },
];
