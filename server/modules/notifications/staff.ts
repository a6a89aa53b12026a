import type { Db } from '../../db/connect.js';
import { notifyEmployee } from './outbox.js';
import { tenderForNotice } from './queries.js';
import { companyName, kstMinute } from './supplier.js';

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

/**
 * The signing deadline is near and it is the buyer's turn: the contract's named signer (an
 * internal user, reached through his employee number) is reminded. False when he has no address.
 */
export async function notifyContractSignerReminder(
  db: Db,
  singleid: string,
  c: { contractNo: string; compNo: string; title: string; signDeadline: string; daysLeft: number },
): Promise<boolean> {
  const names = { ko: await companyName(db, c.compNo, 'ko'), en: await companyName(db, c.compNo, 'en') };
  return notifyEmployee(
    db,
    singleid,
    'contract.reminder.buyer',
    (lang) => ({
      contractNo: c.contractNo,
      title: c.title,
      company: names[lang],
      deadline: c.signDeadline,
      daysLeft: c.daysLeft,
    }),
    { entity: 'econtract', key: c.contractNo },
  );
}
