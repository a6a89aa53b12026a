/** The issue deadlines: the view and the job that flags 임박 and 지연. */
import type { Db } from '../../db/connect.js';
import { loadHolidayCalendar } from './holidays.js';
import { addDays, type DeadlineState, issueDeadline, issueDeadlineState, writeDateOf } from './deadlines.js';
import { amendmentDeadline } from './amendment-cases.js';
import { hasDeadlineEvent, settlementsWithoutInvoice, unissuedInvoices } from './queries.js';
import { kstDay, dayOf, event } from './invoice-moves.js';

/** Where an unissued document stands against a deadline of its own: 임박 from two days before, 지연 after. */
function stateAgainst(deadline: string, today: string): DeadlineState {
  if (today > deadline) return 'LATE';
  return today >= addDays(deadline, -2) ? 'DUE_SOON' : 'ON_TIME';
}

// ── deadlines ──────────────────────────────────────────────────────────────
/**
 * Invoices not issued yet and where they stand against the 10th (moved past holidays), on `today` (KST): those in
 * `window` (the list screen's page; every one without), with how many there are.
 */
export async function deadlineView(
  db: Db,
  today: string,
  periods?: string[],
  window?: { limit: number; offset: number },
) {
  const [from, to] = (periods ?? []).map((p) => p.trim() || undefined);
  const [invoices, undrawn, calendar] = await Promise.all([
    unissuedInvoices(db, { from, to }),
    settlementsWithoutInvoice(db, { from, to }),
    loadHolidayCalendar(db),
  ]);
  const rows = [
    ...invoices.map((r) => ({
      key: r.mgtKey,
      mgtKey: r.mgtKey as string | null,
      settleNo: r.settleNo,
      compNo: r.compNo,
      compName: r.compName,
      period: r.period,
      writeDate: dayOf(r.writeDate),
      status: r.status as string,
      totalAmount: String(r.totalAmount).split('.')[0]!,
      amendment: { code: r.amendReason, causeDate: r.amendCauseDate === null ? null : dayOf(r.amendCauseDate) },
    })),
    // A confirmed settlement with no invoice drawn yet: its invoice is written for the month's last day.
    ...undrawn.map((s) => ({
      key: s.settleNo,
      mgtKey: null,
      settleNo: s.settleNo,
      compNo: s.compNo,
      compName: s.compName,
      period: s.period,
      writeDate: writeDateOf(s.period),
      status: 'NOT_DRAWN',
      totalAmount: String(s.totalAmount).split('.')[0]!,
      amendment: null as { code: number | null; causeDate: string | null } | null,
    })),
  ].sort((a, b) => a.writeDate.localeCompare(b.writeDate) || a.key.localeCompare(b.key));
  const shown = window ? rows.slice(window.offset, window.offset + window.limit) : rows;
  return {
    today,
    total: rows.length,
    rows: shown.map(({ amendment, ...r }) => {
      // An amendment is due by the day its case computes from the cause (amendment-cases.ts).
      const own = amendmentDeadline(amendment?.code ?? null, r.writeDate, amendment?.causeDate ?? null, calendar);
      return {
        ...r,
        issueDeadline: own ?? issueDeadline(r.writeDate, calendar),
        deadlineState: own === null ? issueDeadlineState(r.writeDate, today, calendar) : stateAgainst(own, today),
      };
    }),
  };
}

/** The deadline job: each unissued invoice is flagged once 임박 (from the 8th) and once 지연 (after the deadline), in its history. */
export async function flagDeadlines(db: Db, now: Date): Promise<{ dueSoon: number; late: number }> {
  const today = kstDay(now);
  const view = await deadlineView(db, today, [addDays(today, -400).slice(0, 7).replace('-', ''), '']);
  let dueSoon = 0;
  let late = 0;
  for (const r of view.rows) {
    // A settlement without an invoice has no history to write into: the view shows it, the job flags invoices.
    const mgtKey = r.mgtKey;
    if (r.deadlineState === 'ON_TIME' || mgtKey === null) continue;
    const action = r.deadlineState === 'LATE' ? 'deadlineLate' : 'deadlineDueSoon';
    if (await hasDeadlineEvent(db, mgtKey, action)) continue;
    await db.transaction().execute((trx) =>
      event(
        trx,
        { mgtKey, compNo: r.compNo },
        {
          action,
          from: r.status,
          to: null,
          outcome: 'DONE',
          code: r.deadlineState,
          message:
            r.deadlineState === 'LATE'
              ? `발행 기한(${r.issueDeadline})이 지났습니다`
              : `발행 기한(${r.issueDeadline})이 다가옵니다`,
          actor: 'system',
        },
      ),
    );
    if (r.deadlineState === 'LATE') late += 1;
    else dueSoon += 1;
  }
  return { dueSoon, late };
}
