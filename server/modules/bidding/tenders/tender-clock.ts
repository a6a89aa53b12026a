import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { msOf, type Instant } from '../../../domain/dates.js';
import { SYSTEM_JOB_ACTOR } from '../../../../schemas/system-actor.js';
import { iso } from '../../../domain/values.js';
import { notifyTenderClosed } from '../../notifications/staff.js';
import { notifyTenderClosing, notifyTenderOpened } from '../../notifications/supplier.js';
import {
  claimReminder,
  countBids,
  findBidders,
  findClockDue,
  findReminderDue,
  lockTender,
  updateTender,
} from './queries.js';
import { byClock } from './workflow.js';

/**
 * The tenders' clock (docs/bidding.md): the jobs that open and close tenders as their windows pass on
 * the business clock, and remind the invited suppliers before the close. Split from service.ts by job;
 * jobs.ts and the routes import it through service.ts.
 */

/* ------------------------------ the clock: the tender jobs ------------------------------ */

/** Hours before the close at which an invited supplier that has not bid is reminded, longest first. */
const REMINDER_LEAD_HOURS = [24, 1] as const;

/**
 * Moves a published tender's stored status to where its window puts it at `now` and does, once,
 * what each step brings: bidding opened (recorded in its history), bidding closed (recorded with
 * the number of bids, and the buyer told it awaits the opening). The caller holds the tender's
 * row lock, so whichever gets there first — the clock job on any server, or a write — does it,
 * and the others find the status already moved. Answers the status now.
 */
export async function followClock(
  trx: Db,
  t: { tenderNo: string; status: string; openAt: Instant; closeAt: Instant; publishedAt: Instant | null },
  now: Date,
  actor: string,
) {
  const to = byClock(t, now);
  if (to === t.status) return to;
  await updateTender(trx, t.tenderNo, { status: to, updatedAt: now });
  if (t.status === 'PUBLISHED') {
    await writeAudit(trx, {
      entity: 'tender',
      entityKey: t.tenderNo,
      action: 'BIDDING_OPEN',
      actor,
      before: { status: t.status },
      after: { status: 'OPEN', openAt: iso(t.openAt) },
    });
    // The suppliers hear that bidding runs — unless it is already over (a late clock moving it
    // straight to CLOSED) or their invitation came inside the window and said so itself.
    if (to === 'OPEN' && t.publishedAt && msOf(t.publishedAt) < msOf(t.openAt)) {
      await notifyTenderOpened(
        trx,
        t.tenderNo,
        (await findBidders(trx, t.tenderNo)).filter((b) => b.status !== 'CANCELLED').map((b) => b.compNo),
      );
    }
  }
  if (to === 'CLOSED') {
    const counts = await countBids(trx, t.tenderNo);
    await writeAudit(trx, {
      entity: 'tender',
      entityKey: t.tenderNo,
      action: 'BIDDING_CLOSE',
      actor,
      before: { status: 'OPEN' },
      after: { status: 'CLOSED', closeAt: iso(t.closeAt), ...counts },
    });
    await notifyTenderClosed(trx, t.tenderNo, counts);
  }
  return to;
}

/**
 * The tender.clock job: every published tender whose window opened or closed since its status was
 * stored is moved, each in a transaction of its own under its row lock (followClock). Reads never
 * wait for it — they compare the window with the clock themselves — but what happens at the
 * moment (the history, the buyer's notice) happens here, once.
 */
export async function advanceTenderClock(db: Db, now: Date): Promise<{ opened: number; closed: number }> {
  let opened = 0;
  let closed = 0;
  for (const { tenderNo } of await findClockDue(db, now)) {
    const moved = await db.transaction().execute(async (trx) => {
      const t = await lockTender(trx, tenderNo);
      if (!t) return null;
      const before = t.status;
      const to = await followClock(trx, t, now, SYSTEM_JOB_ACTOR);
      return to === before ? null : { before, to };
    });
    if (moved?.before === 'PUBLISHED') opened++;
    if (moved?.to === 'CLOSED') closed++;
  }
  return { opened, closed };
}

/** Which lead is due for a close `msLeft` away: the shortest one the close is within. */
export function dueLead(msLeft: number): number | null {
  const due = REMINDER_LEAD_HOURS.filter((h) => msLeft <= h * 3600_000);
  return due.length ? Math.min(...due) : null;
}

/**
 * The tender.closingReminder job: an invited supplier that has not bid is reminded once per lead
 * (24 h, then 1 h before the close) through the outbox, while bidding is open. A lead whose moment
 * had passed before the tender was published is skipped (the invitation itself came inside it);
 * a lead missed while no server ran is not sent late when a shorter one is due. Each reminder is
 * claimed by a conditional update (claimReminder) in the transaction that records its notices.
 */
export async function remindClosingTenders(db: Db, now: Date): Promise<{ reminded: number; notices: number }> {
  let reminded = 0;
  let notices = 0;
  for (const inv of await findReminderDue(db, now, Math.max(...REMINDER_LEAD_HOURS))) {
    const lead = dueLead(Date.parse(inv.closeAt) - now.getTime());
    if (lead === null || (inv.remindedHours !== null && inv.remindedHours <= lead)) continue;
    if (inv.publishedAt && Date.parse(inv.publishedAt) >= Date.parse(inv.closeAt) - lead * 3600_000) continue;
    const sent = await db.transaction().execute(async (trx) => {
      if (!(await claimReminder(trx, inv.tenderNo, inv.compNo, lead))) return null;
      await writeAudit(trx, {
        entity: 'tender_bid',
        entityKey: `${inv.tenderNo}/${inv.compNo}`,
        action: 'CLOSING_REMINDER',
        actor: SYSTEM_JOB_ACTOR,
        after: { leadHours: lead },
      });
      return notifyTenderClosing(trx, inv.tenderNo, inv.compNo, lead);
    });
    if (sent === null) continue;
    reminded++;
    notices += sent;
  }
  return { reminded, notices };
}
