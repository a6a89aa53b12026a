import type { JobDefinition } from '../../jobs/types.js';
import { todayKst } from '../../domain/dates.js';
import { closePeriod, openPeriod } from './setting.js';

/**
 * Periodic transitions of evaluation periods, by date (Korea): a prepared period whose start date
 * has come is opened (when its setup is complete and it has suppliers in scope; otherwise it stays
 * in preparation and the run says why), and an open period whose evaluators' due date has passed
 * is closed. Idempotent: each period moves once, in its own transaction.
 */
export const evaluationJobs: JobDefinition[] = [
  {
    name: 'evaluation.periodTransitions',
    everySeconds: 3600,
    run: async ({ db, now, log }) => {
      const today = todayKst(now);
      const opened: number[] = [];
      const closed: number[] = [];
      const skipped: Array<{ periodId: number; reason: string }> = [];
      const toOpen = await db.selectFrom('evaPeriod').select('periodId').where('status', '=', 'PLANNED').where('startDate', '<=', today).where('dueDate', '>=', today).orderBy('periodId').execute();
      for (const { periodId } of toOpen) {
        try {
          await db.transaction().execute((trx) => openPeriod(trx, periodId, 'system', now));
          opened.push(periodId);
        } catch (e) {
          skipped.push({ periodId, reason: e instanceof Error ? e.message : String(e) });
          log.warn({ periodId, err: e }, 'evaluation period not opened');
        }
      }
      const toClose = await db.selectFrom('evaPeriod').select('periodId').where('status', '=', 'OPEN').where('dueDate', '<', today).orderBy('periodId').execute();
      for (const { periodId } of toClose) {
        await db.transaction().execute((trx) => closePeriod(trx, periodId, 'system', now));
        closed.push(periodId);
      }
      return { opened, closed, skipped };
    },
  },
];
