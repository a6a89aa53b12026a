import type { JobDefinition } from './types.js';
import { filesJobs } from '../modules/files/jobs.js';

/**
 * Every background job of the product, by module. Add your module's `jobs` array here (one line);
 * names must be unique (checked by the runner at start-up).
 */
export const JOBS: readonly JobDefinition[] = [...filesJobs];
