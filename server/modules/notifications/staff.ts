import type { Db } from '../../db/connect.js';
import { notifyEmployee } from './outbox.js';
import { tenderForNotice } from './queries.js';
import { kstMinute } from './supplier.js';

/**
 * Notices to staff about documents other than approvals (those are approval.ts's), recorded in
 * the outbox in the transaction of what causes them (notify.deliver sends them).
 */

/**
 * A tender's window closed: its buyer learns that it awaits the opening (two other staff
 * confirm it) and how many of the invited suppliers bid — never a price. Called once, in the
 * transaction that moves the tender to CLOSED (the tender clock job's, or a write's that got there first).
 */
export async function notifyTenderClosed(
  db: Db,
  tenderNo: string,
  counts: { submitted: number; invited: number },
): Promise<boolean> {
  const t = await tenderForNotice(db, tenderNo);
  return notifyEmployee(
    db,
    t.buyerId,
    'tender.closed',
    () => ({
      tenderNo,
      title: t.title,
      closeAt: kstMinute(new Date(t.closeAt)),
      submitted: counts.submitted,
      invited: counts.invited,
    }),
    { entity: 'tender', key: tenderNo },
  );
}
