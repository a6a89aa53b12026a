/**
 * What a supplier has to act on or read among the invoices asked of it (docs/tax-invoices.md "The supplier is told of a
 * request"): 역발행 requests to issue or refuse, transmissions the NTS refused (the issuer sends again), and requests the
 * buyer withdrew in the last month (with the buyer's reason). The /cyber home shows them as a card with their count.
 */
import type { Db } from '../../db/connect.js';
import { won } from '../../domain/money.js';
import { iso } from '../../domain/values.js';
import { loadHolidayCalendar } from './holidays.js';
import { issueDeadline } from './deadlines.js';
import { dayOf } from './invoice-moves.js';
import { pendingForSupplier } from './queries-match.js';

/** How long a withdrawn request stays on the card after the buyer withdrew it. */
const WITHDRAWN_SHOWN_DAYS = 31;

/** The issue deadline, or none while its year's holidays are not entered (the card still shows the invoice). */
function deadlineOf(writeDate: string, calendar: Parameters<typeof issueDeadline>[1]): string | null {
  try {
    return issueDeadline(writeDate, calendar);
  } catch {
    return null;
  }
}

/** The supplier's invoices awaiting it, on `db` scoped to its company; `now` the business clock. */
export async function supplierPending(db: Db, now: Date, w: { limit: number; offset: number }) {
  const since = new Date(now.getTime() - WITHDRAWN_SHOWN_DAYS * 86_400_000);
  const [{ rows, count }, calendar] = await Promise.all([
    pendingForSupplier(db, since.toISOString(), w),
    loadHolidayCalendar(db),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      mgtKey: r.mgtKey,
      settleNo: r.settleNo,
      period: r.period,
      status: r.status,
      taxType: r.taxType,
      writeDate: dayOf(r.writeDate),
      issueDeadline: deadlineOf(dayOf(r.writeDate), calendar),
      totalAmount: won(r.totalAmount),
      reason: r.status === 'NTS_FAILED' ? r.ntsResult : r.status === 'CANCELLED' ? r.memo : null,
      requestedAt: iso(r.requestedAt),
      updatedAt: iso(r.updatedAt)!,
    })),
  };
}
