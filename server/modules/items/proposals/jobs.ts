import type { JobDefinition } from '../../../jobs/types.js';
import { applyDuePrices } from './service.js';

/** Approved price changes whose effective date has come become the supplier's current price (daily). */
export const applyDuePricesJob: JobDefinition = {
  name: 'items.applyDuePrices',
  everySeconds: 3600,
  run: async ({ db, now }) => applyDuePrices(db, now),
};
