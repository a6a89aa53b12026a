import type { JobDefinition } from '../../jobs/types.js';
import { periodTransitions } from './setting/service.js';

/** Periodic transitions of evaluation periods by date (setting/service.ts periodTransitions says which). */
export const evaluationJobs: JobDefinition[] = [
  {
    name: 'evaluation.periodTransitions',
    everySeconds: 3600,
    run: async ({ db, now, log }) => periodTransitions(db, now, log),
  },
];
