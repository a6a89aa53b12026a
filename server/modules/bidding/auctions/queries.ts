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

const SORT_COLUMNS = {
  auctionNo: 'a.auctionNo',
  title: 'a.title',
  status: 'a.status',
  startAt: 'a.startAt',
  endAt: 'a.endAt',
  createdAt: 'a.createdAt',
} as const;

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
      .select([
        'a.auctionNo',
        'a.title',
        'a.prNo',
        'a.status',
        'a.currency',
        'a.startPrice',
        'a.startAt',
        'a.endAt',
        'a.buyerId',
        'e.hname as buyerName',
        'a.lastSeq as bidCount',
        'a.createdAt',
        'a.version',
      ])
      .select((eb) => [
        eb
          .selectFrom('auctionParticipant as p')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('p.auctionNo', '=', 'a.auctionNo')
          .as('invitedCount'),
        eb
          .selectFrom('auctionParticipant as p')
          .select((e) => e.fn.min('p.bestAmount').as('m'))
          .whereRef('p.auctionNo', '=', 'a.auctionNo')
          .as('bestAmount'),
      ])
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('a.auctionNo', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    db
      .selectFrom('auction as a')
      .where(cond)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findAuction(db: Db, auctionNo: string) {
  return db
    .selectFrom('auction as a')
    .innerJoin('employee as e', 'e.singleid', 'a.buyerId')
    .selectAll('a')
    .select('e.hname as buyerName')
    .where('a.auctionNo', '=', auctionNo)
    .executeTakeFirst();
}

export function lockAuction(trx: Db, auctionNo: string) {
  return trx.selectFrom('auction').selectAll().where('auctionNo', '=', auctionNo).forUpdate().executeTakeFirst();
}

/**
 * Takes the auction row's lock for one bid and the bid's place in the order: last_seq + 1, and
 * the database's clock at that moment (the one clock every server shares), plus the app clock's
 * offset (0 but in development: server/clock.ts). Every other bid on the auction waits here until
 * this transaction ends, so bids are checked one after another.
 */
export function claimBidSlot(trx: Db, auctionNo: string, clockOffsetMs: number) {
  return trx
    .updateTable('auction')
    .set((eb) => ({ lastSeq: eb('lastSeq', '+', 1) }))
    .where('auctionNo', '=', auctionNo)
    .where('status', '<>', 'DRAFT')
    .returningAll()
    .returning(
      sql<string>`clock_timestamp() + cast(${clockOffsetMs} as double precision) * interval '1 millisecond'`.as('now'),
    )
    .executeTakeFirst();
}

export function findLines(db: Db, auctionNo: string) {
  return db
    .selectFrom('auctionLine')
    .select([
      'lineNo',
      'prLineNo',
      'itemCode',
      'itemName',
      'spec',
      'unitCode',
      'sgCode',
      'quantity',
      'refUnitPrice',
      'deliveryDate',
    ])
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
  return db
    .selectFrom('auctionParticipant')
    .selectAll()
    .where('auctionNo', '=', auctionNo)
    .where('compNo', '=', compNo)
    .executeTakeFirst();
}

/** The bid log in server-time order. */
export function findBids(db: Db, auctionNo: string) {
  return db
    .selectFrom('auctionBid')
    .select(['seq', 'compNo', 'amount', 'bidAt', 'bidBy', 'endAtAfter'])
    .where('auctionNo', '=', auctionNo)
    .orderBy('seq')
    .execute();
}

export async function insertAuction(
  trx: Db,
  header: Insertable<Database['auction']>,
  lines: ReadonlyArray<Insertable<Database['auctionLine']>>,
  compNos: readonly string[],
) {
  await trx.insertInto('auction').values(header).execute();
  if (lines.length)
    await trx
      .insertInto('auctionLine')
      .values([...lines])
      .execute();
  if (compNos.length)
    await trx
      .insertInto('auctionParticipant')
      .values(compNos.map((compNo) => ({ auctionNo: header.auctionNo, compNo })))
      .execute();
}

export async function updateAuction(trx: Db, auctionNo: string, values: Updateable<Database['auction']>) {
  await trx.updateTable('auction').set(values).where('auctionNo', '=', auctionNo).execute();
}

/** What the bid's one statement answers: whether the bid was written, and what the answer or the refusal says. */
export interface BidPlaced {
  placed: boolean;
  /** The company's best before this bid (read under the lock: current) — the refusal's "your last bid". */
  ownBest: string | null;
  /** The company's rank after the bid (null when not placed). */
  myRank: number | null;
}

/**
 * One accepted bid, in ONE statement run under the auction row's lock (claimBidSlot, a statement
 * before it, so this one's snapshot already holds every bid committed before the lock was taken):
 * - THE bid rule: the bid row is written only when it is under the start price and, after the
 *   company's first bid, at least the decrement under its own last (best) bid — an amount, or that
 *   bid × (100 − percent) / 100 (`insert … select … where <rule>`);
 * - from the written row only (nothing else happens when the rule refuses): the company's new best
 *   and one more bid counted, the soft close's new end, the feed's event with the ranking after the
 *   bid (the company's new best put in place of its old one: the statement does not see its own
 *   update), and the audit row.
 * One statement because the lock is held until the commit and bids on one auction queue on it:
 * each round trip under it is a bid less per second (bench/results/log.md, "Live reverse auction").
 */
export async function placeBidIfValid(
  trx: Db,
  b: {
    auctionNo: string;
    seq: number;
    compNo: string;
    amount: string;
    bidAt: Date;
    bidBy: string;
    endAtAfter: Date | string;
    extended: boolean;
    extensions: number;
    /** The event's payload but for the ranking, which the statement adds. */
    event: Record<string, unknown>;
    audit: { entity: string; entityKey: string; action: string; after: unknown };
  },
): Promise<BidPlaced> {
  const amount = sql`cast(${b.amount} as numeric)`;
  const { rows } = await sql<{ placed: string | number; ownBest: string | null; myRank: string | number | null }>`
    with own as (
      select p.comp_no, p.best_amount from auction_participant p where p.auction_no = ${b.auctionNo} and p.comp_no = ${b.compNo}
    ),
    bid as (
      insert into auction_bid (auction_no, seq, comp_no, amount, bid_at, bid_by, end_at_after)
      select a.auction_no, ${b.seq}, own.comp_no, ${amount}, ${b.bidAt}, ${b.bidBy}, ${b.endAtAfter}
      from auction a cross join own
      where a.auction_no = ${b.auctionNo}
        and ${amount} > 0
        and ${amount} < a.start_price
        and (own.best_amount is null
             or (a.decrement_kind = 'AMOUNT' and ${amount} <= own.best_amount - a.decrement_value)
             or (a.decrement_kind = 'PERCENT' and ${amount} * 100 <= own.best_amount * (100 - a.decrement_value)))
      returning comp_no, seq, amount, bid_at
    ),
    best as (
      update auction_participant p set best_amount = bid.amount, best_seq = bid.seq, best_at = bid.bid_at, bid_count = p.bid_count + 1
      from bid where p.auction_no = ${b.auctionNo} and p.comp_no = bid.comp_no
    ),
    extended as (
      update auction a set end_at = ${b.endAtAfter}, extensions = ${b.extensions}
      from bid where a.auction_no = ${b.auctionNo} and cast(${b.extended} as boolean)
    ),
    ranked as (
      select s.*, row_number() over (order by s.best_amount, s.best_seq) as rank
      from (
        select p.comp_no, c.comp_name_kr as comp_name,
               case when p.comp_no = bid.comp_no then bid.amount else p.best_amount end as best_amount,
               case when p.comp_no = bid.comp_no then bid.seq else p.best_seq end as best_seq,
               p.bid_count + case when p.comp_no = bid.comp_no then 1 else 0 end as bid_count
        from bid cross join auction_participant p join company c on c.comp_no = p.comp_no
        where p.auction_no = ${b.auctionNo}
      ) s
      where s.best_amount is not null
    ),
    event as (
      insert into auction_event (auction_no, kind, payload)
      select ${b.auctionNo}, 'BID', cast(${JSON.stringify(b.event)} as jsonb) || jsonb_build_object('ranking',
        jsonb_agg(jsonb_build_object('compNo', r.comp_no, 'compName', r.comp_name, 'rank', r.rank, 'bestAmount', r.best_amount::text, 'bidCount', r.bid_count) order by r.rank))
      from ranked r
      having count(*) > 0
      returning id
    ),
    audit as (
      insert into audit_log (entity, entity_key, action, actor, after_data)
      select ${b.audit.entity}, ${b.audit.entityKey}, ${b.audit.action}, ${b.bidBy}, cast(${JSON.stringify(b.audit.after)} as jsonb) from bid
    )
    select (select count(*) from bid) as placed,
           (select best_amount from own) as own_best,
           (select rank from ranked where comp_no = ${b.compNo}) as my_rank`.execute(trx);
  const r = rows[0];
  return {
    placed: Number(r.placed) === 1,
    ownBest: r.ownBest === null ? null : String(r.ownBest),
    myRank: r.myRank === null ? null : Number(r.myRank),
  };
}

export async function updateParticipant(
  trx: Db,
  auctionNo: string,
  compNo: string,
  values: Updateable<Database['auctionParticipant']>,
) {
  await trx
    .updateTable('auctionParticipant')
    .set(values)
    .where('auctionNo', '=', auctionNo)
    .where('compNo', '=', compNo)
    .execute();
}

export async function insertEvent(
  trx: Db,
  auctionNo: string,
  kind: Insertable<Database['auctionEvent']>['kind'],
  payload: unknown,
): Promise<number> {
  const row = await trx
    .insertInto('auctionEvent')
    .values({ auctionNo, kind, payload: JSON.stringify(payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The feed after `afterId` (every auction's when auctionNo is null), oldest first. */
export function findEvents(db: Db, auctionNo: string | null, afterId: number, limit = 1000) {
  let q = db
    .selectFrom('auctionEvent')
    .select(['id', 'auctionNo', 'kind', 'payload', 'createdAt'])
    .where('id', '>', String(afterId) as never);
  if (auctionNo) q = q.where('auctionNo', '=', auctionNo);
  return q.orderBy('id').limit(limit).execute();
}

export async function lastEventId(db: Db, auctionNo: string): Promise<number> {
  const row = await db
    .selectFrom('auctionEvent')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('auctionNo', '=', auctionNo)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Published auctions whose window says they should now be open or closed but whose row does not (the jobs). */
export function findDueTransitions(db: Db, now: Date) {
  return db
    .selectFrom('auction')
    .select(['auctionNo', 'status', 'startAt', 'endAt'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'PUBLISHED'), eb('startAt', '<=', now.toISOString())]),
        eb.and([eb('status', 'in', ['PUBLISHED', 'OPEN']), eb('endAt', '<=', now.toISOString())]),
      ]),
    )
    .orderBy('auctionNo')
    .limit(500)
    .execute();
}

/** Moves the stored status from `from` to `to` only if nobody did (answers whether this call did). */
export async function moveStatus(
  trx: Db,
  auctionNo: string,
  from: readonly AuctionStatus[],
  to: AuctionStatus,
  values: Updateable<Database['auction']>,
): Promise<boolean> {
  const r = await trx
    .updateTable('auction')
    .set({ ...values, status: to })
    .where('auctionNo', '=', auctionNo)
    .where('status', 'in', [...from])
    .executeTakeFirst();
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
  return scoped
    .selectFrom('auctionBid')
    .select(['amount', 'bidAt'])
    .where('auctionNo', '=', auctionNo)
    .orderBy('seq')
    .execute();
}

/** Auctions the company is invited to, once published. */
export async function listOwnAuctions(
  db: Db,
  f: AuctionFilter,
  sort: SortSpec<(typeof AUCTION_SORT)[number]>,
  w: Window,
) {
  const base = db
    .selectFrom('auctionParticipant as p')
    .innerJoin('auction as a', 'a.auctionNo', 'p.auctionNo')
    .where('a.status', '<>', 'DRAFT')
    .where((eb) => filterOf(f)(eb as unknown as AuctionScope));
  const [rows, count] = await Promise.all([
    base
      .select([
        'a.auctionNo',
        'a.title',
        'a.status',
        'a.currency',
        'a.startPrice',
        'a.startAt',
        'a.endAt',
        'p.bestAmount',
        'p.bidCount',
        'p.result',
      ])
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('a.auctionNo', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/* ------------------------------ a draft changed ------------------------------ */

/** A draft's own lines anew (a draft has no bids, so nothing refers to them yet). */
export async function replaceLines(
  trx: Db,
  auctionNo: string,
  lines: ReadonlyArray<Insertable<Database['auctionLine']>>,
) {
  await trx.deleteFrom('auctionLine').where('auctionNo', '=', auctionNo).execute();
  if (lines.length)
    await trx
      .insertInto('auctionLine')
      .values([...lines])
      .execute();
}

/** New reference unit prices on a draft's lines (a draft from a PR keeps the lines themselves). */
export async function setRefPrices(
  trx: Db,
  auctionNo: string,
  prices: ReadonlyArray<{ lineNo: number; refUnitPrice: string }>,
) {
  for (const p of prices)
    await trx
      .updateTable('auctionLine')
      .set({ refUnitPrice: p.refUnitPrice })
      .where('auctionNo', '=', auctionNo)
      .where('lineNo', '=', p.lineNo)
      .execute();
}

/** A draft's invited suppliers anew: those kept keep their row, the others are removed or added. */
export async function replaceParticipants(trx: Db, auctionNo: string, compNos: readonly string[]) {
  let gone = trx.deleteFrom('auctionParticipant').where('auctionNo', '=', auctionNo);
  if (compNos.length) gone = gone.where('compNo', 'not in', [...compNos]);
  await gone.execute();
  if (compNos.length)
    await trx
      .insertInto('auctionParticipant')
      .values(compNos.map((compNo) => ({ auctionNo, compNo })))
      .onConflict((oc) => oc.columns(['auctionNo', 'compNo']).doNothing())
      .execute();
}

/* ------------------------------ closing reminders (the job) ------------------------------ */

/**
 * Invited companies that have not bid on a published auction that has not ended, whose end falls
 * within the longest lead (the caller picks the lead due from the end and skips those reminded at it).
 */
export function findAuctionReminderDue(db: Db, now: Date, longestLeadHours: number) {
  return db
    .selectFrom('auctionParticipant as p')
    .innerJoin('auction as a', 'a.auctionNo', 'p.auctionNo')
    .select(['p.auctionNo', 'p.compNo', 'p.remindedHours', 'a.endAt', 'a.publishedAt'])
    .where('a.status', 'in', ['PUBLISHED', 'OPEN'])
    .where('a.endAt', '>', now.toISOString())
    .where('a.endAt', '<=', new Date(now.getTime() + longestLeadHours * 3600_000).toISOString())
    .where('p.bidCount', '=', 0)
    .orderBy('a.endAt')
    .orderBy('p.auctionNo')
    .orderBy('p.compNo')
    .execute();
}

/**
 * Claims the reminder at `leadHours` for one invited company: true only for the one caller that
 * moved reminded_hours down to it while the company still has not bid and the auction is still
 * published and not ended (a conditional update: two servers or a repeated run cannot both win;
 * a bid or a cancel committed first makes it claim nothing).
 */
export async function claimAuctionReminder(
  trx: Db,
  auctionNo: string,
  compNo: string,
  leadHours: number,
  now: Date,
): Promise<boolean> {
  const won = await trx
    .updateTable('auctionParticipant')
    .set({ remindedHours: leadHours })
    .where('auctionNo', '=', auctionNo)
    .where('compNo', '=', compNo)
    .where('bidCount', '=', 0)
    .where((eb) => eb.or([eb('remindedHours', 'is', null), eb('remindedHours', '>', leadHours)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('auction as a')
          .select('a.auctionNo')
          .where('a.auctionNo', '=', auctionNo)
          .where('a.status', 'in', ['PUBLISHED', 'OPEN'])
          .where('a.endAt', '>', now.toISOString()),
      ),
    )
    .returning('compNo')
    .executeTakeFirst();
  return won !== undefined;
}

/** Tells every server listening on `channel` (LISTEN) about `payload`, when the transaction commits. */
export async function pgNotify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
