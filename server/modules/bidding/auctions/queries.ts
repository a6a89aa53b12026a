import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { given, likeEscape, type SortSpec } from '../../../http/list-query.js';
import type { AUCTION_SORT } from './schemas.js';
import type { AuctionStatus } from './workflow.js';

type Window = { limit: number; offset: number };
type AuctionScope = ExpressionBuilder<Database & { a: Database['auction'] }, 'a'>;

export interface AuctionFilter {
  auctionNo?: string;
  title?: string;
  status?: string[];
}

const SORT_COLUMNS = { auctionNo: 'a.auctionNo', title: 'a.title', status: 'a.status', startAt: 'a.startAt', endAt: 'a.endAt', createdAt: 'a.createdAt' } as const;

const filterOf = (f: AuctionFilter) => (eb: AuctionScope) => {
  const parts = [];
  if (given(f.auctionNo)) parts.push(eb('a.auctionNo', 'ilike', `%${likeEscape(f.auctionNo!.trim())}%`));
  if (given(f.title)) parts.push(eb('a.title', 'ilike', `%${likeEscape(f.title!.trim())}%`));
  if (f.status?.length) parts.push(eb('a.status', 'in', f.status as never[]));
  return eb.and(parts);
};

/** Staff's list: every auction with its invited and bidding counts and its best price. */
export async function listAuctions(db: Db, f: AuctionFilter, sort: SortSpec<(typeof AUCTION_SORT)[number]>, w: Window) {
  const cond = filterOf(f);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('auction as a')
      .innerJoin('employee as e', 'e.singleid', 'a.buyerId')
      .where(cond)
      .select(['a.auctionNo', 'a.title', 'a.prNo', 'a.status', 'a.currency', 'a.startPrice', 'a.startAt', 'a.endAt', 'a.buyerId', 'e.hname as buyerName', 'a.lastSeq as bidCount', 'a.createdAt', 'a.version'])
      .select((eb) => [
        eb.selectFrom('auctionParticipant as p').select((e) => e.fn.countAll<number>().as('n')).whereRef('p.auctionNo', '=', 'a.auctionNo').as('invitedCount'),
        eb.selectFrom('auctionParticipant as p').select((e) => e.fn.min('p.bestAmount').as('m')).whereRef('p.auctionNo', '=', 'a.auctionNo').as('bestAmount'),
      ])
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('a.auctionNo', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    db.selectFrom('auction as a').where(cond).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findAuction(db: Db, auctionNo: string) {
  return db.selectFrom('auction as a').innerJoin('employee as e', 'e.singleid', 'a.buyerId').selectAll('a').select('e.hname as buyerName').where('a.auctionNo', '=', auctionNo).executeTakeFirst();
}

export function lockAuction(trx: Db, auctionNo: string) {
  return trx.selectFrom('auction').selectAll().where('auctionNo', '=', auctionNo).forUpdate().executeTakeFirst();
}

/**
 * Takes the auction row's lock for one bid and the bid's place in the order: last_seq + 1, and
 * the database's clock at that moment (the one clock every server shares). Every other bid on
 * the auction waits here until this transaction ends, so bids are checked one after another.
 */
export function claimBidSlot(trx: Db, auctionNo: string) {
  return trx
    .updateTable('auction')
    .set((eb) => ({ lastSeq: eb('lastSeq', '+', 1) }))
    .where('auctionNo', '=', auctionNo)
    .where('status', '<>', 'DRAFT')
    .returningAll()
    .returning(sql<string>`clock_timestamp()`.as('now'))
    .executeTakeFirst();
}

export function findLines(db: Db, auctionNo: string) {
  return db
    .selectFrom('auctionLine')
    .select(['lineNo', 'prLineNo', 'itemCode', 'itemName', 'spec', 'unitCode', 'sgCode', 'quantity', 'refUnitPrice', 'deliveryDate'])
    .where('auctionNo', '=', auctionNo)
    .orderBy('lineNo')
    .execute();
}

/** Every invited company with where it stands (staff, and the server's own ranking). */
export function findParticipants(db: Db, auctionNo: string) {
  return db
    .selectFrom('auctionParticipant as p')
    .innerJoin('company as c', 'c.compNo', 'p.compNo')
    .select(['p.compNo', 'c.compNameKr as compName', 'p.bestAmount', 'p.bestSeq', 'p.bestAt', 'p.bidCount', 'p.result'])
    .where('p.auctionNo', '=', auctionNo)
    .orderBy('p.compNo')
    .execute();
}

export function findParticipant(db: Db, auctionNo: string, compNo: string) {
  return db.selectFrom('auctionParticipant').selectAll().where('auctionNo', '=', auctionNo).where('compNo', '=', compNo).executeTakeFirst();
}

/** The bid log in server-time order. */
export function findBids(db: Db, auctionNo: string) {
  return db.selectFrom('auctionBid').select(['seq', 'compNo', 'amount', 'bidAt', 'bidBy', 'endAtAfter']).where('auctionNo', '=', auctionNo).orderBy('seq').execute();
}

export async function insertAuction(trx: Db, header: Insertable<Database['auction']>, lines: ReadonlyArray<Insertable<Database['auctionLine']>>, compNos: readonly string[]) {
  await trx.insertInto('auction').values(header).execute();
  if (lines.length) await trx.insertInto('auctionLine').values([...lines]).execute();
  if (compNos.length) await trx.insertInto('auctionParticipant').values(compNos.map((compNo) => ({ auctionNo: header.auctionNo, compNo }))).execute();
}

export async function updateAuction(trx: Db, auctionNo: string, values: Updateable<Database['auction']>) {
  await trx.updateTable('auction').set(values).where('auctionNo', '=', auctionNo).execute();
}

/**
 * THE bid rule, in the database: the bid is written only when it is under the start price and,
 * after the company's first bid, at least the decrement under its own last (best) bid — an
 * amount, or that bid × (100 − percent) / 100. Runs under the auction row's lock (claimBidSlot);
 * answers whether the row was written.
 */
export async function insertBidIfValid(trx: Db, b: { auctionNo: string; seq: number; compNo: string; amount: string; bidAt: Date; bidBy: string; endAtAfter: Date | string }): Promise<boolean> {
  const amount = sql`cast(${b.amount} as numeric)`;
  const result = await sql`
    insert into auction_bid (auction_no, seq, comp_no, amount, bid_at, bid_by, end_at_after)
    select a.auction_no, ${b.seq}, p.comp_no, ${amount}, ${b.bidAt}, ${b.bidBy}, ${b.endAtAfter}
    from auction a join auction_participant p on p.auction_no = a.auction_no and p.comp_no = ${b.compNo}
    where a.auction_no = ${b.auctionNo}
      and ${amount} > 0
      and ${amount} < a.start_price
      and (p.best_amount is null
           or (a.decrement_kind = 'AMOUNT' and ${amount} <= p.best_amount - a.decrement_value)
           or (a.decrement_kind = 'PERCENT' and ${amount} * 100 <= p.best_amount * (100 - a.decrement_value)))`.execute(trx);
  return Number(result.numAffectedRows ?? 0) === 1;
}

export async function updateParticipant(trx: Db, auctionNo: string, compNo: string, values: Updateable<Database['auctionParticipant']>) {
  await trx.updateTable('auctionParticipant').set(values).where('auctionNo', '=', auctionNo).where('compNo', '=', compNo).execute();
}

/** The company's new best after an accepted bid, and one more bid counted (in the bid's transaction, under the auction's lock). */
export async function recordBest(trx: Db, auctionNo: string, compNo: string, best: { bestAmount: string; bestSeq: number; bestAt: Date }) {
  await trx
    .updateTable('auctionParticipant')
    .set((eb) => ({ ...best, bidCount: eb('bidCount', '+', 1) }))
    .where('auctionNo', '=', auctionNo)
    .where('compNo', '=', compNo)
    .execute();
}

export async function insertEvent(trx: Db, auctionNo: string, kind: Insertable<Database['auctionEvent']>['kind'], payload: unknown): Promise<number> {
  const row = await trx.insertInto('auctionEvent').values({ auctionNo, kind, payload: JSON.stringify(payload) }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The feed after `afterId` (every auction's when auctionNo is null), oldest first. */
export function findEvents(db: Db, auctionNo: string | null, afterId: number, limit = 1000) {
  let q = db.selectFrom('auctionEvent').select(['id', 'auctionNo', 'kind', 'payload', 'createdAt']).where('id', '>', String(afterId) as never);
  if (auctionNo) q = q.where('auctionNo', '=', auctionNo);
  return q.orderBy('id').limit(limit).execute();
}

export async function lastEventId(db: Db, auctionNo: string): Promise<number> {
  const row = await db.selectFrom('auctionEvent').select((eb) => eb.fn.max('id').as('id')).where('auctionNo', '=', auctionNo).executeTakeFirst();
  return Number(row?.id ?? 0);
}

export function findCompanies(db: Db, compNos: readonly string[]) {
  return db.selectFrom('company').select(['compNo', 'status']).where('compNo', 'in', [...compNos]).execute();
}

/** Published auctions whose window says they should now be open or closed but whose row does not (the jobs). */
export function findDueTransitions(db: Db, now: Date) {
  return db
    .selectFrom('auction')
    .select(['auctionNo', 'status', 'startAt', 'endAt'])
    .where((eb) => eb.or([eb.and([eb('status', '=', 'PUBLISHED'), eb('startAt', '<=', now.toISOString())]), eb.and([eb('status', 'in', ['PUBLISHED', 'OPEN']), eb('endAt', '<=', now.toISOString())])]))
    .orderBy('auctionNo')
    .limit(500)
    .execute();
}

/** Moves the stored status from `from` to `to` only if nobody did (answers whether this call did). */
export async function moveStatus(trx: Db, auctionNo: string, from: readonly AuctionStatus[], to: AuctionStatus, values: Updateable<Database['auction']>): Promise<boolean> {
  const r = await trx.updateTable('auction').set({ ...values, status: to }).where('auctionNo', '=', auctionNo).where('status', 'in', [...from]).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Closes the auction if its end (as extended) has passed and nobody closed it; answers whether this call did. */
export async function closeIfDue(trx: Db, auctionNo: string, now: Date): Promise<boolean> {
  const r = await trx
    .updateTable('auction')
    .set({ status: 'CLOSED', closedAt: now, updatedAt: now })
    .where('auctionNo', '=', auctionNo)
    .where('status', 'in', ['PUBLISHED', 'OPEN'])
    .where('endAt', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/* ------------------------------ the supplier's side (its scoped Db) ------------------------------ */

/** The company's own place in an auction (none for another company's: row-level security). */
export function findOwnParticipant(scoped: Db, auctionNo: string) {
  return scoped.selectFrom('auctionParticipant').selectAll().where('auctionNo', '=', auctionNo).executeTakeFirst();
}

/** The company's own bids, oldest first. */
export function findOwnBids(scoped: Db, auctionNo: string) {
  return scoped.selectFrom('auctionBid').select(['amount', 'bidAt']).where('auctionNo', '=', auctionNo).orderBy('seq').execute();
}

/** Auctions the company is invited to, once published. */
export async function listOwnAuctions(db: Db, f: AuctionFilter, sort: SortSpec<(typeof AUCTION_SORT)[number]>, w: Window) {
  const base = db
    .selectFrom('auctionParticipant as p')
    .innerJoin('auction as a', 'a.auctionNo', 'p.auctionNo')
    .where('a.status', '<>', 'DRAFT')
    .where((eb) => filterOf(f)(eb as unknown as AuctionScope));
  const [rows, count] = await Promise.all([
    base
      .select(['a.auctionNo', 'a.title', 'a.status', 'a.currency', 'a.startPrice', 'a.startAt', 'a.endAt', 'p.bestAmount', 'p.bidCount', 'p.result'])
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('a.auctionNo', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
