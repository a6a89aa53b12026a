/**
 * A price changed from a later day (changeAgreementPrices, prices.ts) is kept as a dated row: the orders of that day
 * are checked against it at once, but the line's current price — what the call-off dialog and a PR's agreement check
 * offer as the agreed price — moves only on the day. The job agreement.applyDuePrices (purchase/jobs.ts) moves it,
 * hourly on the business clock: each active agreement whose lines' price of the day differs from their current one
 * gets those lines set to it, its version moved and an audit row PRICE_APPLIED, in one transaction per agreement. A
 * second run finds nothing to do.
 */
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { todayKst } from '../../../domain/dates.js';
import { grouped } from '../../../domain/values.js';
import { lockAgreement, updateAgreement, updateAgreementLine } from './queries.js';
import { findAgreementsWithDuePrices, findDueLinePrices } from './queries-due-prices.js';

/** Moves the due prices of every active agreement; answers the agreements changed. */
export async function applyDueAgreementPrices(db: Db, now: Date, actor: string): Promise<string[]> {
  const today = todayKst(now);
  const moved: string[] = [];
  for (const agreementNo of await findAgreementsWithDuePrices(db, today))
    if (await applyDuePrices(db, agreementNo, today, now, actor)) moved.push(agreementNo);
  return moved;
}

/** One agreement, locked and read again: a change or a termination since the first read decides. */
async function applyDuePrices(db: Db, agreementNo: string, today: string, now: Date, actor: string) {
  return db.transaction().execute(async (trx) => {
    const a = await lockAgreement(trx, agreementNo);
    if (a?.status !== 'ACTIVE') return false;
    const due = await findDueLinePrices(trx, agreementNo, today);
    if (due.length === 0) return false;
    for (const l of due) await updateAgreementLine(trx, agreementNo, l.lineNo, { unitPrice: l.duePrice });
    await updateAgreement(trx, agreementNo, { version: a.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'PRICE_APPLIED',
      actor,
      before: { lines: due.map((l) => ({ lineNo: l.lineNo, unitPrice: l.unitPrice })) },
      after: { day: today, lines: due.map((l) => ({ lineNo: l.lineNo, unitPrice: l.duePrice })) },
      reason: due.map((l) => `${l.lineNo}번 ${grouped(l.unitPrice)} → ${grouped(l.duePrice)}`).join(', '),
    });
    return true;
  });
}
