import type { JobDefinition } from '../../jobs/types.js';
import { takeDroppedImports } from './erp-import/drop.js';

/** Budget control's background work (server/jobs/registry.ts lists it). */
export const budgetJobs: JobDefinition[] = [
  {
    // The ERP's budget imports dropped in BUDGET_IMPORT_DIR (docs/budget.md › ERP import); nothing to do when it is unset.
    name: 'budget.importDrop',
    everySeconds: 60,
    run: (ctx) => takeDroppedImports(ctx),
  },
];
