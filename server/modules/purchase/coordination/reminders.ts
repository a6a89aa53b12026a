/**
 * The clock notices of 납품대금 조정협의 (docs/subcontracting.md "Notices"): the hourly job tells the agreement's or order's
 * buyer once when talks are not started by day 8 of 10, and once when no outcome is recorded by day 25 of 30, on the
 * business clock. "Once" is a mark on the request (talks_noticed_at, outcome_noticed_at, migration 1133) written in
 * the transaction that records the notice, under the request's lock: a run repeated, or another server's, finds it
 * set and tells nobody again. A request closed or with talks started in between is not told.
 */
import type { Db } from '../../../db/connect.js';
import { todayKst } from '../../../domain/dates.js';
import { plusDays } from '../../../domain/subcontracting.js';
import { notifyCoordinationDue } from '../../notifications/subcon.js';
import { coordinationsNearingDue, lockCoordinationClocks, markClockNoticed } from './queries.js';
import { AGREEMENT_DAYS, NOTICE_DAY, TALKS_DAYS, clocksToNotice } from './workflow.js';

/** The request days whose notice window holds `today`: requested `dueDays` to `noticeDay` days before it. */
const noticeWindow = (today: string, noticeDay: number, dueDays: number) => ({
  from: plusDays(today, -dueDays),
  to: plusDays(today, -noticeDay),
});

export async function noticeCoordinationClocks(db: Db, now: Date): Promise<{ talks: number; outcome: number }> {
  const today = todayKst(now);
  const talks = noticeWindow(today, NOTICE_DAY.talks, TALKS_DAYS);
  const outcome = noticeWindow(today, NOTICE_DAY.outcome, AGREEMENT_DAYS);
  const due = await coordinationsNearingDue(db, {
    talksFrom: talks.from,
    talksTo: talks.to,
    outcomeFrom: outcome.from,
    outcomeTo: outcome.to,
  });
  const counts = { talks: 0, outcome: 0 };
  for (const { coordinationNo } of due) {
    const told = await db.transaction().execute(async (trx) => {
      const c = await lockCoordinationClocks(trx, coordinationNo);
      if (!c) return [];
      const clocks = clocksToNotice(c, today);
      for (const k of clocks) {
        await notifyCoordinationDue(trx, coordinationNo, k.clock, { date: k.due, daysLeft: k.daysLeft });
        // Marked whether or not the buyer has an address: the notice is owed once, not retried hourly.
        await markClockNoticed(trx, coordinationNo, k.clock, now);
      }
      return clocks.map((k) => k.clock);
    });
    for (const clock of told) counts[clock]++;
  }
  return counts;
}
