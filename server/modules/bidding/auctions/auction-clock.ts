import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { msOf } from '../../../domain/dates.js';
import { iso } from '../../../domain/values.js';
import { closeIfDue, findDueTransitions, insertEvent, moveStatus } from './queries.js';
import { claimAuctionReminder, findAuctionReminderDue } from './queries.js';
import { notifyAuctionClosing } from '../../notifications/auction.js';

import type { Notify } from './service.js';
import { SYSTEM_JOB_ACTOR } from '../../../../schemas/system-actor.js';

/**
 * The auctions' clock (docs/bidding.md): the jobs that record each auction's opening and close as its
 * window passes on the business clock, and remind the invited suppliers before the close. Split from
 * service.ts by job; the routes and jobs import it through service.ts.
 */

/* ------------------------------ jobs ------------------------------ */

/**
 * Writes the opening and the close of every auction whose time has come, with their feed events:
 * each by a conditional update (PUBLISHED → OPEN, PUBLISHED/OPEN → CLOSED) that only one server
 * can win, so each happens once. The status by the clock is already right before this runs
 * (byClock); this records when and tells the watchers.
 */
export async function moveAuctionsByClock(db: Db, now: Date, notify: Notify | null, actor = SYSTEM_JOB_ACTOR) {
  let opened = 0;
  let closed = 0;
  for (const a of await findDueTransitions(db, now)) {
    const moved = await db.transaction().execute(async (trx) => {
      if (Date.parse(a.endAt) <= now.getTime()) {
        // Re-read under the conditional update: a bid may just have moved the end.
        if (!(await closeIfDue(trx, a.auctionNo, now))) return null;
        await insertEvent(trx, a.auctionNo, 'CLOSE', { status: 'CLOSED', endAt: iso(a.endAt) });
        await writeAudit(trx, {
          entity: 'auction',
          entityKey: a.auctionNo,
          action: 'CLOSE',
          actor,
          before: { status: a.status },
          after: { status: 'CLOSED' },
        });
        return 'closed' as const;
      }
      if (!(await moveStatus(trx, a.auctionNo, ['PUBLISHED'], 'OPEN', { openedAt: now, updatedAt: now }))) return null;
      await insertEvent(trx, a.auctionNo, 'OPEN', { status: 'OPEN', endAt: iso(a.endAt) });
      await writeAudit(trx, {
        entity: 'auction',
        entityKey: a.auctionNo,
        action: 'OPEN',
        actor,
        before: { status: a.status },
        after: { status: 'OPEN' },
      });
      return 'opened' as const;
    });
    if (moved === 'closed') closed++;
    if (moved === 'opened') opened++;
    if (moved && notify) await notify(a.auctionNo);
  }
  return { opened, closed };
}

/** Which of `leads` (hours) is due for an end `msLeft` away: the shortest one the end is within. */
export function dueAuctionLead(msLeft: number, leads: readonly number[]): number | null {
  const due = leads.filter((h) => msLeft <= h * 3600_000);
  return due.length ? Math.min(...due) : null;
}

/**
 * The auction.closingReminder job: an invited supplier that has not bid is reminded once per lead
 * (AUCTION_REMINDER_HOURS, 24 h and 1 h by default) before the end in force, through the outbox,
 * while the auction is published or open — before its start too: an auction lasts hours, and a
 * supplier told only once bidding runs may find it over. A lead whose moment had passed before the
 * auction was published is skipped (the invitation came inside it); a lead missed while no server
 * ran is not sent late beside the shorter one that is due. Each reminder is claimed by a
 * conditional update (claimAuctionReminder) in the transaction that records its notices.
 */
export async function remindClosingAuctions(
  db: Db,
  now: Date,
  leads: readonly number[],
  actor = SYSTEM_JOB_ACTOR,
): Promise<{ reminded: number; notices: number }> {
  let reminded = 0;
  let notices = 0;
  if (leads.length === 0) return { reminded, notices };
  for (const p of await findAuctionReminderDue(db, now, Math.max(...leads))) {
    const lead = dueAuctionLead(msOf(p.endAt) - now.getTime(), leads);
    if (lead === null || (p.remindedHours !== null && p.remindedHours <= lead)) continue;
    if (p.publishedAt && msOf(p.publishedAt) >= msOf(p.endAt) - lead * 3600_000) continue;
    const sent = await db.transaction().execute(async (trx) => {
      if (!(await claimAuctionReminder(trx, p.auctionNo, p.compNo, lead, now))) return null;
      await writeAudit(trx, {
        entity: 'auction_participant',
        entityKey: `${p.auctionNo}/${p.compNo}`,
        action: 'CLOSING_REMINDER',
        actor,
        after: { leadHours: lead },
      });
      return notifyAuctionClosing(trx, p.auctionNo, p.compNo, lead);
    });
    if (sent === null) continue;
    reminded++;
    notices += sent;
  }
  return { reminded, notices };
}
