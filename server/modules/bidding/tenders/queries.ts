import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { given, likeEscape, type SortSpec } from '../../../http/list-query.js';
import type { TENDER_SORT } from './schemas.js';
import { asOwner } from '../../../db/company-scope.js';

type Window = { limit: number; offset: number };
type TenderScope = ExpressionBuilder<Database & { t: Database['tender'] }, 't'>;

export interface TenderFilter {
  tenderNo?: string;
  title?: string;
  status?: string[];
}

const SORT_COLUMNS = {
  tenderNo: 't.tenderNo',
  title: 't.title',
  status: 't.status',
  openAt: 't.openAt',
  closeAt: 't.closeAt',
  createdAt: 't.createdAt',
} as const;

const filterOf = (f: TenderFilter) => (eb: TenderScope) => {
  const parts = [];
  if (given(f.tenderNo)) parts.push(eb('t.tenderNo', 'ilike', `%${likeEscape(f.tenderNo!.trim())}%`));
  if (given(f.title)) parts.push(eb('t.title', 'ilike', `%${likeEscape(f.title!.trim())}%`));
  if (f.status?.length) parts.push(eb('t.status', 'in', f.status as never[]));
  return eb.and(parts);
};

/** Staff's list: every tender with its invited and submitted counts (never a price). */
export async function listTenders(
  db: Db,
  f: TenderFilter,
  sort: SortSpec<(typeof TENDER_SORT)[number]>,
  w: Window,
  liveSince: Date,
) {
  const cond = filterOf(f);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('tender as t')
      .innerJoin('employee as e', 'e.singleid', 't.buyerId')
      .where(cond)
      .select([
        't.tenderNo',
        't.title',
        't.prNo',
        't.status',
        't.awardRule',
        't.currency',
        't.openAt',
        't.closeAt',
        't.buyerId',
        'e.hname as buyerName',
        't.createdAt',
        't.version',
      ])
      .select((eb) => [
        eb
          .selectFrom('tenderOpening as o')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('o.tenderNo', '=', 't.tenderNo')
          .where('o.confirmedAt', '>', liveSince.toISOString())
          .as('confirmations'),
        eb
          .selectFrom('tenderBid as b')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('b.tenderNo', '=', 't.tenderNo')
          .as('invitedCount'),
        eb
          .selectFrom('tenderBid as b')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('b.tenderNo', '=', 't.tenderNo')
          .where('b.revision', '>', 0)
          .as('submittedCount'),
      ])
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('t.tenderNo', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    db
      .selectFrom('tender as t')
      .where(cond)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findTender(db: Db, tenderNo: string) {
  return db
    .selectFrom('tender as t')
    .innerJoin('employee as e', 'e.singleid', 't.buyerId')
    .selectAll('t')
    .select('e.hname as buyerName')
    .where('t.tenderNo', '=', tenderNo)
    .executeTakeFirst();
}

export function lockTender(trx: Db, tenderNo: string) {
  return trx.selectFrom('tender').selectAll().where('tenderNo', '=', tenderNo).forUpdate().executeTakeFirst();
}

export function findTenderLines(db: Db, tenderNo: string) {
  return db
    .selectFrom('tenderLine')
    .select(['lineNo', 'prLineNo', 'itemCode', 'itemName', 'spec', 'unitCode', 'sgCode', 'quantity', 'deliveryDate'])
    .where('tenderNo', '=', tenderNo)
    .orderBy('lineNo')
    .execute();
}

/** The invited suppliers with whether they bid; total and rank are empty before the opening. */
export function findBidders(db: Db, tenderNo: string) {
  return db
    .selectFrom('tenderBid as b')
    .innerJoin('company as c', 'c.compNo', 'b.compNo')
    .select([
      'b.compNo',
      'c.compNameKr as compName',
      'b.status',
      'b.revision',
      'b.submittedAt',
      'b.totalAmount',
      'b.bidRank',
    ])
    .where('b.tenderNo', '=', tenderNo)
    .orderBy('b.compNo')
    .execute();
}

export function lockBids(trx: Db, tenderNo: string) {
  return trx
    .selectFrom('tenderBid')
    .selectAll()
    .where('tenderNo', '=', tenderNo)
    .orderBy('compNo')
    .forUpdate()
    .execute();
}

export function findOpenedLines(db: Db, tenderNo: string) {
  return db
    .selectFrom('tenderBidLine')
    .selectAll()
    .where('tenderNo', '=', tenderNo)
    .orderBy('compNo')
    .orderBy('lineNo')
    .execute();
}

export function findOpenings(db: Db, tenderNo: string) {
  return db
    .selectFrom('tenderOpening')
    .select(['confirmedBy', 'confirmerSingleid', 'confirmerName', 'confirmedAt'])
    .where('tenderNo', '=', tenderNo)
    .orderBy('confirmedAt')
    .orderBy('id')
    .execute();
}

export function findAwards(db: Db, tenderNo: string) {
  return db
    .selectFrom('tenderAward')
    .select(['compNo', 'poNo'])
    .where('tenderNo', '=', tenderNo)
    .orderBy('compNo')
    .execute();
}

export async function insertTender(
  trx: Db,
  header: Insertable<Database['tender']>,
  lines: ReadonlyArray<Insertable<Database['tenderLine']>>,
  compNos: readonly string[],
) {
  await trx.insertInto('tender').values(header).execute();
  if (lines.length)
    await trx
      .insertInto('tenderLine')
      .values([...lines])
      .execute();
  await replaceInvited(trx, header.tenderNo, compNos);
}

export async function updateTender(trx: Db, tenderNo: string, values: Updateable<Database['tender']>) {
  await trx.updateTable('tender').set(values).where('tenderNo', '=', tenderNo).execute();
}

/** The invitation list of a draft (bids exist only as invitations then). */
export async function replaceInvited(trx: Db, tenderNo: string, compNos: readonly string[]) {
  await trx.deleteFrom('tenderBid').where('tenderNo', '=', tenderNo).execute();
  if (compNos.length)
    await trx
      .insertInto('tenderBid')
      .values(compNos.map((compNo) => ({ tenderNo, compNo, status: 'INVITED' as const })))
      .execute();
}

export async function insertKey(trx: Db, tenderNo: string, wrappedKey: string, keyRef: string) {
  await asOwner(trx).insertInto('tenderKey').values({ tenderNo, wrappedKey, keyRef }).execute();
}

/** The master keys (by reference) that wrap the keys of tenders published and not yet opened or cancelled. */
export async function liveKeyRefs(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('tenderKey')
    .select('keyRef')
    .distinct()
    .where('wrappedKey', 'is not', null)
    .where('releasedAt', 'is', null)
    .execute();
  return rows.map((r) => r.keyRef);
}

export function findKey(db: Db, tenderNo: string) {
  return asOwner(db).selectFrom('tenderKey').selectAll().where('tenderNo', '=', tenderNo).executeTakeFirst();
}

export async function markKey(trx: Db, tenderNo: string, values: Updateable<Database['tenderKey']>) {
  await asOwner(trx).updateTable('tenderKey').set(values).where('tenderNo', '=', tenderNo).execute();
}

export async function insertOpening(trx: Db, values: Insertable<Database['tenderOpening']>) {
  await trx.insertInto('tenderOpening').values(values).execute();
}

export async function updateBid(trx: Db, tenderNo: string, compNo: string, values: Updateable<Database['tenderBid']>) {
  await trx
    .updateTable('tenderBid')
    .set(values)
    .where('tenderNo', '=', tenderNo)
    .where('compNo', '=', compNo)
    .execute();
}

export async function insertOpenedLines(trx: Db, rows: ReadonlyArray<Insertable<Database['tenderBidLine']>>) {
  if (rows.length)
    await trx
      .insertInto('tenderBidLine')
      .values([...rows])
      .execute();
}

export async function insertAward(trx: Db, tenderNo: string, compNo: string, poNo: string) {
  await trx.insertInto('tenderAward').values({ tenderNo, compNo, poNo }).execute();
}

/* ------------------------------ the supplier's side (its scoped Db) ------------------------------ */

/** Tenders the company is invited to, once published (drafts are the buyer's). */
export async function listOwnTenders(db: Db, f: TenderFilter, sort: SortSpec<(typeof TENDER_SORT)[number]>, w: Window) {
  const base = db
    .selectFrom('tenderBid as b')
    .innerJoin('tender as t', 't.tenderNo', 'b.tenderNo')
    .where('t.status', '<>', 'DRAFT')
    .where((eb) => filterOf(f)(eb as unknown as TenderScope));
  const [rows, count] = await Promise.all([
    base
      .select([
        't.tenderNo',
        't.title',
        't.status',
        'b.status as bidStatus',
        't.currency',
        't.openAt',
        't.closeAt',
        'b.submittedAt',
      ])
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('t.tenderNo', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The company's own invitation to a published tender, with the tender. */
export function findOwnBid(db: Db, tenderNo: string) {
  return db
    .selectFrom('tenderBid as b')
    .innerJoin('tender as t', 't.tenderNo', 'b.tenderNo')
    .select([
      't.tenderNo',
      't.title',
      't.description',
      't.status',
      't.currency',
      't.openAt',
      't.closeAt',
      't.fileId',
      'b.compNo',
      'b.status as bidStatus',
      'b.revision',
      'b.submittedAt',
      'b.digest',
      'b.sealed',
      'b.version',
    ])
    .where('b.tenderNo', '=', tenderNo)
    .where('t.status', '<>', 'DRAFT')
    .executeTakeFirst();
}

/** The company's bid row locked to replace it, with the tender's window. */
export function lockOwnBid(trx: Db, tenderNo: string) {
  return trx
    .selectFrom('tenderBid as b')
    .innerJoin('tender as t', 't.tenderNo', 'b.tenderNo')
    .select([
      'b.compNo',
      'b.status',
      'b.revision',
      'b.version',
      't.status as tenderStatus',
      't.openAt',
      't.closeAt',
      't.currency',
    ])
    .where('b.tenderNo', '=', tenderNo)
    .where('t.status', '<>', 'DRAFT')
    .forUpdate('b')
    .executeTakeFirst();
}

/** The company's own opened prices (after the opening). */
export function findOwnOpenedLines(db: Db, tenderNo: string) {
  return db.selectFrom('tenderBidLine').select(['lineNo', 'unitPrice']).where('tenderNo', '=', tenderNo).execute();
}

/* ------------------------------ the tender jobs ------------------------------ */

/** Published tenders whose stored status lags the clock: the window opened (PUBLISHED) or closed (PUBLISHED or OPEN). */
export function findClockDue(db: Db, now: Date) {
  return db
    .selectFrom('tender')
    .select('tenderNo')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'PUBLISHED'), eb('openAt', '<=', now.toISOString())]),
        eb.and([eb('status', 'in', ['PUBLISHED', 'OPEN']), eb('closeAt', '<=', now.toISOString())]),
      ]),
    )
    .orderBy('closeAt')
    .orderBy('tenderNo')
    .execute();
}

/** How many suppliers were invited and how many bid (no price). */
export async function countBids(db: Db, tenderNo: string) {
  const r = await db
    .selectFrom('tenderBid')
    .select((eb) => [eb.fn.countAll<number>().as('invited'), eb.fn.count<number>('submittedAt').as('submitted')])
    .where('tenderNo', '=', tenderNo)
    .where('status', '<>', 'CANCELLED')
    .executeTakeFirstOrThrow();
  return { invited: Number(r.invited), submitted: Number(r.submitted) };
}

/**
 * Invitations of tenders open for bidding at `now` that have not bid, whose close falls within
 * the longest lead, and that were not yet reminded at a lead as short as the one due (the caller
 * picks the lead from the close).
 */
export function findReminderDue(db: Db, now: Date, longestLeadHours: number) {
  return db
    .selectFrom('tenderBid as b')
    .innerJoin('tender as t', 't.tenderNo', 'b.tenderNo')
    .select(['b.tenderNo', 'b.compNo', 'b.remindedHours', 't.closeAt', 't.openAt', 't.publishedAt'])
    .where('t.status', 'in', ['PUBLISHED', 'OPEN'])
    .where('t.openAt', '<=', now.toISOString())
    .where('t.closeAt', '>', now.toISOString())
    .where('t.closeAt', '<=', new Date(now.getTime() + longestLeadHours * 3600_000).toISOString())
    .where('b.status', '=', 'INVITED')
    .where('b.revision', '=', 0)
    .orderBy('t.closeAt')
    .orderBy('b.tenderNo')
    .orderBy('b.compNo')
    .execute();
}

/**
 * Claims the reminder at `leadHours` for one invitation: true only for the one caller that moved
 * reminded_hours down to it while the supplier still has not bid (a conditional update: two
 * servers or a repeated run cannot both win it).
 */
export async function claimReminder(trx: Db, tenderNo: string, compNo: string, leadHours: number): Promise<boolean> {
  const won = await trx
    .updateTable('tenderBid')
    .set({ remindedHours: leadHours })
    .where('tenderNo', '=', tenderNo)
    .where('compNo', '=', compNo)
    .where('status', '=', 'INVITED')
    .where('revision', '=', 0)
    .where((eb) => eb.or([eb('remindedHours', 'is', null), eb('remindedHours', '>', leadHours)]))
    .returning('compNo')
    .executeTakeFirst();
  return won !== undefined;
}
