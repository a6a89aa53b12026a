/** Reminders before the signing deadline (the hourly job contracts.remind). */
import type { Db } from '../../db/connect.js';
import { todayKst } from '../../domain/dates.js';
import { notifyContractReminder } from '../notifications/supplier.js';
import { notifyContractSignerReminder } from '../notifications/staff.js';
import * as q from './queries.js';
import { nextSigner } from './workflow.js';
import { appendEvent } from './common.js';
import { supplierSigners } from './signers.js';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * Reminders before the signing deadline: the party whose turn it is is notified when the days left
 * (Korean dates) reach a threshold (`days`, e.g. 3 and 1). Each threshold is sent once per party —
 * recorded as a REMINDED event in the contract's chain, in the transaction that queues the notice —
 * so a run repeated or late sends nothing twice; thresholds crossed together make one notice. A
 * contract signed, declined or otherwise no longer awaiting a signature gets none.
 */
export async function remindSigners(db: Db, now: Date, days: readonly number[]): Promise<number> {
  if (days.length === 0) return 0;
  const today = todayKst(now);
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + Math.max(...days) * DAY_MS).toISOString().slice(0, 10);
  const due = await q.contractsDeadlineWithin(db, today, last);
  let sent = 0;
  for (const { contractNo } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const c = await q.lockContract(trx, contractNo);
      const party = c ? nextSigner(c) : null;
      if (!c || !party || c.signDeadline < today) return false;
      const daysLeft = daysBetween(today, c.signDeadline);
      const recorded = new Set(
        (await q.remindersOf(trx, contractNo))
          .map((r) => r.detail as { party?: string; thresholds?: number[] })
          .filter((d) => d.party === party)
          .flatMap((d) => d.thresholds ?? []),
      );
      const pending = days.filter((n) => daysLeft <= n && !recorded.has(n)).sort((a, b) => a - b);
      if (pending.length === 0) return false;
      const notice = {
        contractNo,
        compNo: c.compNo,
        title: c.title,
        signDeadline: c.signDeadline,
        daysLeft,
      };
      // The supplier's named signer, else its users allowed to sign; the buyer's named signer.
      const signers =
        party === 'BUYER'
          ? [c.buyerSignerId]
          : c.supplierSignerId
            ? [c.supplierSignerId]
            : (await supplierSigners(trx, c.compNo)).map((u) => u.userId);
      let notified: number;
      if (party === 'SUPPLIER') notified = await notifyContractReminder(trx, notice, signers);
      else {
        const signer = await q.singleidOf(trx, c.buyerSignerId);
        notified = signer?.singleid ? Number(await notifyContractSignerReminder(trx, signer.singleid, notice)) : 0;
      }
      await appendEvent(
        trx,
        c,
        { userId: 'system', actorCompNo: null, ip: null, userAgent: null, now },
        'REMINDED',
        null,
        { party, daysLeft, thresholds: pending, signers, recipients: notified },
      );
      return true;
    });
    if (done) sent++;
  }
  return sent;
}
