import type { Db } from '../../db/connect.js';
import { auctionForNotice } from './queries.js';
import { companyName, kstMinute, notifyCompany } from './supplier.js';
import type { Lang } from './templates.js';

/**
 * The reverse auction's notices to its suppliers (issue 30): the invitation when it is published,
 * the closing reminder to an invited supplier that has not bid, each bidder's result at the award,
 * the cancel of a published auction. Recorded in the outbox in
 * the acting transaction (notify.deliver sends them), to every enabled account of the company in
 * its language (supplier.ts `notifyCompany`). Never a price — neither the company's own nor another's.
 */

async function names(db: Db, compNo: string): Promise<Record<Lang, string>> {
  return { ko: await companyName(db, compNo, 'ko'), en: await companyName(db, compNo, 'en') };
}

const auction = auctionForNotice;
const ref = (auctionNo: string, compNo: string) => ({ entity: 'auction_participant', key: `${auctionNo}/${compNo}` });

/** A published auction: each invited supplier is told the window. Answers how many notices were recorded. */
export async function notifyAuctionInvitations(db: Db, auctionNo: string, compNos: readonly string[]): Promise<number> {
  const a = await auction(db, auctionNo);
  let count = 0;
  for (const compNo of compNos) {
    const n = await names(db, compNo);
    count += await notifyCompany(
      db,
      compNo,
      'auction.invitation',
      (lang) => ({
        auctionNo,
        title: a.title,
        startAt: kstMinute(new Date(a.startAt)),
        endAt: kstMinute(new Date(a.endAt)),
        company: n[lang],
      }),
      ref(auctionNo, compNo),
    );
  }
  return count;
}

const RESULT: Record<Lang, { won: string; lost: string }> = {
  ko: { won: '낙찰', lost: '미낙찰' },
  en: { won: 'awarded to you', lost: 'not awarded to you' },
};

/** An awarded auction: a bidder learns whether it won, without any price. */
export async function notifyAuctionResult(db: Db, auctionNo: string, compNo: string, won: boolean): Promise<number> {
  const a = await auction(db, auctionNo);
  const n = await names(db, compNo);
  return notifyCompany(
    db,
    compNo,
    'auction.result',
    (lang) => ({ auctionNo, title: a.title, result: won ? RESULT[lang].won : RESULT[lang].lost, company: n[lang] }),
    ref(auctionNo, compNo),
  );
}

/** A published auction cancelled: each invited supplier is told why. */
export async function notifyAuctionCancelled(
  db: Db,
  auctionNo: string,
  compNos: readonly string[],
  reason: string,
): Promise<number> {
  const a = await auction(db, auctionNo);
  let count = 0;
  for (const compNo of compNos) {
    const n = await names(db, compNo);
    count += await notifyCompany(
      db,
      compNo,
      'auction.cancelled',
      (lang) => ({ auctionNo, title: a.title, reason, company: n[lang] }),
      ref(auctionNo, compNo),
    );
  }
  return count;
}

/** The closing reminder to an invited supplier that has not bid: the end in force and the lead it is sent at. Called in the reminder's transaction. */
export async function notifyAuctionClosing(
  db: Db,
  auctionNo: string,
  compNo: string,
  hoursLeft: number,
): Promise<number> {
  const a = await auction(db, auctionNo);
  const n = await names(db, compNo);
  return notifyCompany(
    db,
    compNo,
    'auction.closing',
    (lang) => ({
      auctionNo,
      title: a.title,
      startAt: kstMinute(new Date(a.startAt)),
      endAt: kstMinute(new Date(a.endAt)),
      hoursLeft,
      company: n[lang],
    }),
    ref(auctionNo, compNo),
  );
}
