import type { JobDefinition } from '../../jobs/types.js';
import { objectStoreFor } from '../../storage/open.js';
import { createErpConnector } from '../fulfilment/posting/connector.js';
import { createTaxInvoiceProvider } from './connect.js';
import { correctionsThrough } from './correcting-voucher.js';
import { followTaxInvoices } from './follow-up.js';
import { flagDeadlines } from './service.js';

/** Tax invoices' background work (server/jobs/registry.ts lists it). */
export const taxInvoiceJobs: JobDefinition[] = [
  {
    // Invoices not issued by the 8th are flagged 임박, after the deadline (the 10th, moved past holidays) 지연, each once.
    name: 'taxInvoices.deadlines',
    everySeconds: 3600,
    run: (ctx) => flagDeadlines(ctx.db, ctx.now),
  },
  {
    // Follows the provider (state, approval number, NTS result, evidence) and judges each transmission's deadline.
    // The provider is the configured one, as the routes' (connect.ts); each invoice keeps its own backoff.
    name: 'taxInvoices.follow',
    everySeconds: 300,
    run: async (ctx) => {
      const ti = {
        provider: createTaxInvoiceProvider(ctx.config),
        store: objectStoreFor(ctx.config),
        config: ctx.config,
        now: () => ctx.now,
        corrections: correctionsThrough(createErpConnector(ctx.config)),
      };
      return { ...(await followTaxInvoices(ctx.db, ti, ctx.now, ctx.metrics)) };
    },
  },
];
