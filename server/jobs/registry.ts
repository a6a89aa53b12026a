import { rateLimitJobs } from '../plugins/rate-limit-store.js';
import { purchaseJobs } from '../modules/purchase/jobs.js';
import type { JobDefinition } from './types.js';
import { evaluationJobs } from '../modules/evaluation/jobs.js';
import { itemsJobs } from '../modules/items/index.js';
import { notificationJobs } from '../modules/notifications/jobs.js';
import { filesJobs } from '../modules/files/jobs.js';
import { exportJobs } from '../modules/exports/jobs.js';
import { supplierJobs } from '../modules/suppliers/jobs.js';
import { reportJobs } from '../modules/reports/summary.js';
import { privacyJobs } from '../modules/privacy/jobs.js';
import { biddingJobs } from '../modules/bidding/jobs.js';
import { budgetJobs } from '../modules/budget/jobs.js';
import { taxInvoiceJobs } from '../modules/tax-invoices/jobs.js';
import { contractJobs } from '../modules/contracts/jobs.js';

/**
 * Every background job of the product, by module. Add your module's `jobs` array here (one line);
 * names must be unique (checked by the runner at start-up).
 */
export const JOBS: readonly JobDefinition[] = [
  ...rateLimitJobs,
  ...purchaseJobs,
  ...evaluationJobs,
  ...itemsJobs,
  ...notificationJobs,
  ...filesJobs,
  ...exportJobs,
  ...supplierJobs,
  ...reportJobs,
  ...privacyJobs,
  ...biddingJobs,
  ...budgetJobs,
  ...taxInvoiceJobs,
  ...contractJobs,
];
