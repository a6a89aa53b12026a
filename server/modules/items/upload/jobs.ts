import type { JobDefinition } from '../../../jobs/types.js';
import { recoverUploads } from './service.js';

/** Batches a stopped server left half-done: reading → FAILED (upload again), applying → CHECKED (its transaction rolled back). */
export const recoverUploadsJob: JobDefinition = {
  name: 'items.recoverUploads',
  everySeconds: 300,
  run: async ({ db, now }) => recoverUploads(db, now),
};
