/**
 * The reports' monthly summaries (migration 0280, docs/reports.md "Summaries"): rebuilds the months
 * that writes have marked in report_summary_dirty. The `reports.refreshSummary` job calls it for
 * every month each minute, and `POST /api/v1/reports/summary/rebuild` on demand; a report only reads
 * (a GET writes nothing) and says which months of its period still wait (`summaryState`).
 *
 * Correct under concurrent writes without locking them: in one transaction (read committed) the
 * marks of the months are deleted first and the months rebuilt after, each statement seeing every
 * write committed before it began. A write that commits later has its own mark, which survives, so
 * its month is rebuilt again next time. Two rebuilds never run at once (an advisory lock, per
 * schema): the second waits, then finds the marks gone.
 */
import type { Db } from '../../db/connect.js';
import type { JobDefinition } from '../../jobs/types.js';
import { useReportMemory } from './queries/run.js';
import {
  analyzeSummaries,
  anyDirtyMonth,
  clearSummaryMonths,
  dirtyState,
  lockSummaries,
  preferIndexedReads,
  rebuildSummaryMonth,
  takeDirtyMonths,
} from './queries/summary.js';

/**
 * Rebuilds the dirty months within [fromMonth, toMonth] (every dirty month when no range is given);
 * answers the months rebuilt. Costs one indexed look-up when nothing is dirty.
 */
export async function refreshReportSummary(db: Db, range?: { fromMonth: string; toMonth: string }): Promise<string[]> {
  if (!(await anyDirtyMonth(db, range))) return [];
  return db.transaction().execute(async (trx) => {
    await lockSummaries(trx);
    const months = [...new Set(await takeDirtyMonths(trx, range))].sort();
    if (months.length === 0) return months;
    await useReportMemory(trx);
    await clearSummaryMonths(trx, months);
    await preferIndexedReads(trx);
    for (const month of months) await rebuildSummaryMonth(trx, month);
    // A rebuild of more than the month being written (the first one, or after an item's category or
    // price changed) changes what the planner should expect; one month's does not, much.
    if (months.length > 1) await analyzeSummaries(trx);
    return months;
  });
}

/** What a report read from the summaries is complete up to: its period's months still marked, and since when. */
export async function summaryState(
  db: Db,
  range: { fromMonth: string; toMonth: string },
): Promise<{ asOf: string; pendingMonths: string[] }> {
  const r = await dirtyState(db, range);
  return { asOf: new Date(r.oldest ?? r.now).toISOString(), pendingMonths: r.months ?? [] };
}

export const reportJobs: JobDefinition[] = [
  {
    name: 'reports.refreshSummary',
    everySeconds: 60,
    run: async ({ db }) => ({ months: (await refreshReportSummary(db)).length }),
  },
];
