import type { Db } from '../../../db/connect.js';

/**
 * The company's tenders still to be bid on: published or open, not yet closed, its invitation
 * not withdrawn. `compNo` is the caller's own company (the rows are under row-level security too).
 */
export function findOpenTenderInvitations(db: Db, compNo: string, now: Date) {
  return db
    .selectFrom('tenderBid as b')
    .innerJoin('tender as t', 't.tenderNo', 'b.tenderNo')
    .select(['t.tenderNo', 't.title', 't.status', 't.openAt', 't.closeAt', 'b.revision'])
    .where('b.compNo', '=', compNo)
    .where('b.status', '<>', 'CANCELLED')
    .where('t.status', 'in', ['PUBLISHED', 'OPEN'])
    .where('t.closeAt', '>', now.toISOString())
    .execute();
}

/** The company's reverse auctions not ended yet: published or open, the end in force still ahead. */
export function findOpenAuctionInvitations(db: Db, compNo: string, now: Date) {
  return db
    .selectFrom('auctionParticipant as p')
    .innerJoin('auction as a', 'a.auctionNo', 'p.auctionNo')
    .select(['a.auctionNo', 'a.title', 'a.status', 'a.startAt', 'a.endAt', 'p.bidCount'])
    .where('p.compNo', '=', compNo)
    .where('a.status', 'in', ['PUBLISHED', 'OPEN'])
    .where('a.endAt', '>', now.toISOString())
    .execute();
}
