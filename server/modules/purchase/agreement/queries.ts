import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { given, likeEscape, type SortSpec } from '../../../http/list-query.js';
import { iso } from '../../../domain/values.js';
import { SUPPLIER_VISIBLE } from '../po/workflow.js';
import type { AGREEMENT_SORT } from './schemas.js';
import { pageTotal } from '../../../db/lists/page-total.js';

type Window = { limit: number; offset: number };

/** An active agreement past its last valid day reads as expired, before the job stores it. */
export const effectiveStatus = (today: string) =>
  sql<string>`case when a.status = 'ACTIVE' and a.valid_to < ${today}::date then 'EXPIRED' else a.status end`;

export interface AgreementFilter {
  agreementNo?: string;
  title?: string;
  compNo?: string;
  compName?: string;
  status?: string[];
  buyerId?: string;
  itemCode?: string;
  validOn?: string;
}

type AScope = ExpressionBuilder<Database & { a: Database['agreement']; c: Database['company'] }, 'a' | 'c'>;

/** Orders a supplier has received and that still stand: sent to it (as its PO list shows them), not cancelled. */
const SENT_LIVE = SUPPLIER_VISIBLE.filter((s) => s !== 'CANCELLED');

/**
 * What the supplier sees ordered of an agreement: the amounts of the orders sent to it that stand.
 * Drafts and orders in approval reserve quantity on the buyer's side (the counters) but have not
 * reached the supplier. `a.ordered_amount * 0` is a zero of the column's own scale.
 */
const sentOrderedAmount = sql<string>`coalesce((
  select sum(sl.amount) from po_line sl join po_header sh on sh.po_no = sl.po_no
  where sl.agreement_no = a.agreement_no and sh.forwarded_at is not null
    and sh.status in (${sql.join([...SENT_LIVE])})), a.ordered_amount * 0)`;

/** Agreements with their supplier and buyer, the amount ordered and what of the ceiling is left. */
export async function listAgreements(
  db: Db,
  f: AgreementFilter,
  sort: SortSpec<(typeof AGREEMENT_SORT)[number]>,
  w: Window,
  today: string,
  o: { orderedAsSent?: boolean } = {},
) {
  const status = effectiveStatus(today);
  // The supplier's list: ordered = the orders sent to it (sentOrderedAmount), as its detail counts them.
  const ordered = o.orderedAsSent ? sentOrderedAmount : sql<string>`a.ordered_amount`;
  const cond = (eb: AScope) => {
    const parts = [];
    if (given(f.agreementNo)) parts.push(eb('a.agreementNo', 'ilike', `%${likeEscape(f.agreementNo!.trim())}%`));
    if (given(f.title)) parts.push(eb('a.title', 'ilike', `%${likeEscape(f.title!.trim())}%`));
    if (given(f.compNo)) parts.push(eb('a.compNo', '=', f.compNo!.trim().toUpperCase()));
    if (given(f.compName)) parts.push(eb('c.compNameKr', 'like', `%${likeEscape(f.compName!.trim())}%`));
    if (f.status?.length) parts.push(eb(status, 'in', f.status));
    if (given(f.buyerId)) parts.push(eb('a.buyerId', '=', f.buyerId!.trim()));
    if (given(f.itemCode))
      parts.push(
        eb.exists(
          eb
            .selectFrom('agreementLine as x')
            .select('x.lineNo')
            .whereRef('x.agreementNo', '=', 'a.agreementNo')
            .where('x.itemCode', '=', f.itemCode!.trim()),
        ),
      );
    if (given(f.validOn)) parts.push(eb.and([eb('a.validFrom', '<=', f.validOn!), eb('a.validTo', '>=', f.validOn!)]));
    return eb.and(parts);
  };
  const columns = {
    agreementNo: 'a.agreementNo',
    compNameKr: 'c.compNameKr',
    title: 'a.title',
    validFrom: 'a.validFrom',
    validTo: 'a.validTo',
    ceilingAmount: 'a.ceilingAmount',
    orderedAmount: ordered,
    buyerName: 'e.hname',
    updatedAt: 'a.updatedAt',
  } as const;
  const base = db
    .selectFrom('agreement as a')
    .innerJoin('company as c', 'c.compNo', 'a.compNo')
    .innerJoin('employee as e', 'e.singleid', 'a.buyerId')
    .where(cond);
  const counted = () => base.select((eb) => eb.fn.countAll<number>().as('n'));
  // The page and the list's count in one statement: the count an uncorrelated subquery of the same
  // filter (PostgreSQL runs it once, an InitPlan). Only a page found empty past the first sends its own.
  const rows = await base
    .select([
      'a.agreementNo',
      'a.compNo',
      'c.compNameKr',
      'a.title',
      'a.currency',
      'a.validFrom',
      'a.validTo',
      'a.ceilingAmount',
      'a.callOffPolicy',
      'a.approvalStatus',
      'a.buyerId',
      'e.hname as buyerName',
      'a.sourceType',
      'a.sourceNo',
      'a.updatedAt',
      'a.version',
    ])
    .select([
      ordered.as('orderedAmount'),
      status.as('status'),
      sql<number>`(select count(*) from agreement_line l where l.agreement_no = a.agreement_no)`.as('lineCount'),
      counted().as('listTotal'),
    ])
    .orderBy(sort.field === 'status' ? status : columns[sort.field], sort.direction)
    .orderBy('a.agreementNo', 'desc')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  const total = await pageTotal(rows, w.offset, () => counted().executeTakeFirstOrThrow());
  return {
    rows: rows.map(({ listTotal: _, ...r }) => ({
      ...r,
      lineCount: Number(r.lineCount),
      updatedAt: iso(r.updatedAt)!,
    })),
    total,
  };
}

export function findAgreement(db: Db, agreementNo: string) {
  return db
    .selectFrom('agreement as a')
    .innerJoin('company as c', 'c.compNo', 'a.compNo')
    .innerJoin('employee as e', 'e.singleid', 'a.buyerId')
    .selectAll('a')
    .select(['c.compNameKr', 'e.hname as buyerName', 'e.email as buyerEmail', 'e.telNo as buyerTelNo'])
    .where('a.agreementNo', '=', agreementNo)
    .executeTakeFirst();
}

export function findAgreementLines(db: Db, agreementNo: string) {
  return db
    .selectFrom('agreementLine')
    .select([
      'lineNo',
      'itemCode',
      'itemName',
      'spec',
      'unitCode',
      'sgCode',
      'unitPrice',
      'agreedQty',
      'orderedQty',
      'orderedAmount',
    ])
    .where('agreementNo', '=', agreementNo)
    .orderBy('lineNo')
    .execute();
}

/**
 * Every order line called off the agreement, cancelled ones included (they no longer count);
 * `sentOnly`: only those of orders sent to the supplier (its PO list's rule).
 */
export function findCallOffs(db: Db, agreementNo: string, o: { sentOnly?: boolean } = {}) {
  return db
    .selectFrom('poLine as l')
    .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
    .select([
      'h.poNo',
      'h.poType',
      'h.poDate',
      'h.status',
      'h.agreementException',
      'l.lineNo',
      'l.agreementLineNo',
      'l.itemName',
      'l.quantity',
      'l.unitPrice',
      'l.amount',
      'l.deliveredQty',
      'l.receivedQty',
    ])
    .where('l.agreementNo', '=', agreementNo)
    .$if(!!o.sentOnly, (q) => q.where('h.status', 'in', [...SUPPLIER_VISIBLE]).where('h.forwardedAt', 'is not', null))
    .orderBy('h.poNo')
    .orderBy('l.lineNo')
    .execute();
}

export async function insertAgreement(
  trx: Db,
  header: Insertable<Database['agreement']>,
  lines: ReadonlyArray<Insertable<Database['agreementLine']>>,
) {
  await trx.insertInto('agreement').values(header).execute();
  if (lines.length)
    await trx
      .insertInto('agreementLine')
      .values([...lines])
      .execute();
}

export async function replaceAgreementLines(
  trx: Db,
  agreementNo: string,
  lines: ReadonlyArray<Insertable<Database['agreementLine']>>,
) {
  await trx.deleteFrom('agreementLine').where('agreementNo', '=', agreementNo).execute();
  if (lines.length)
    await trx
      .insertInto('agreementLine')
      .values([...lines])
      .execute();
}

/** Removes a draft and its lines (its audit trail stays). */
export async function deleteAgreementRows(trx: Db, agreementNo: string) {
  await trx.deleteFrom('agreementLinkage').where('agreementNo', '=', agreementNo).execute();
  await trx.deleteFrom('agreementLine').where('agreementNo', '=', agreementNo).execute();
  await trx.deleteFrom('agreement').where('agreementNo', '=', agreementNo).execute();
}

export async function updateAgreement(trx: Db, agreementNo: string, values: Updateable<Database['agreement']>) {
  await trx.updateTable('agreement').set(values).where('agreementNo', '=', agreementNo).execute();
}

/**
 * The agreement, locked until the transaction ends. Every change of its consumption (a call-off, an
 * order's change or cancellation) takes this lock first, then its lines' (lockAgreementLines), so two
 * call-offs of one agreement are serialised: the second reads what the first ordered.
 */
export function lockAgreement(trx: Db, agreementNo: string) {
  return trx.selectFrom('agreement').selectAll().where('agreementNo', '=', agreementNo).forUpdate().executeTakeFirst();
}

/**
 * The agreement's lines locked, each with the price in effect on `priceOn` (an order's date): the latest dated
 * price from that day or before (migration 1123), else the line's own — in the one statement that locks them.
 */
export function lockAgreementLines(trx: Db, agreementNo: string, priceOn: string) {
  return trx
    .selectFrom('agreementLine as l')
    .select(['l.agreementNo', 'l.lineNo', 'l.agreedQty', 'l.orderedQty', 'l.orderedAmount'])
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('agreementLinePrice as p')
            .select('p.unitPrice')
            .whereRef('p.agreementNo', '=', 'l.agreementNo')
            .whereRef('p.lineNo', '=', 'l.lineNo')
            .where('p.effectiveFrom', '<=', priceOn)
            .orderBy('p.effectiveFrom', 'desc')
            .orderBy('p.priceId', 'desc')
            .limit(1),
          'l.unitPrice',
        )
        .$castTo<string>()
        .as('unitPrice'),
    )
    .where('l.agreementNo', '=', agreementNo)
    .orderBy('l.lineNo')
    .forUpdate()
    .execute();
}

export async function updateAgreementLine(
  trx: Db,
  agreementNo: string,
  lineNo: number,
  values: Updateable<Database['agreementLine']>,
) {
  await trx
    .updateTable('agreementLine')
    .set(values)
    .where('agreementNo', '=', agreementNo)
    .where('lineNo', '=', lineNo)
    .execute();
}

/** Active agreements whose last valid day is before `today`, locked (others running the job skip them). */
export function lockLapsedAgreements(trx: Db, today: string) {
  return trx
    .selectFrom('agreement')
    .select(['agreementNo', 'status', 'version', 'validTo'])
    .where('status', '=', 'ACTIVE')
    .where('validTo', '<', today)
    .orderBy('agreementNo')
    .forUpdate()
    .skipLocked()
    .execute();
}

export function lockAgreementForApproval(trx: Db, agreementNo: string) {
  return trx
    .selectFrom('agreement')
    .select(['agreementNo', 'status', 'approvalId', 'approvalStatus', 'version'])
    .where('agreementNo', '=', agreementNo)
    .forUpdate()
    .executeTakeFirst();
}

/* ------------------------------ what an agreement is built from ------------------------------ */

/** The order an award made: a tender's (per winning company) or an auction's. */
export async function findAwardOrders(db: Db, sourceType: 'TENDER' | 'AUCTION', sourceNo: string) {
  if (sourceType === 'TENDER')
    return db
      .selectFrom('tenderAward')
      .select(['compNo', 'poNo'])
      .where('tenderNo', '=', sourceNo)
      .orderBy('compNo')
      .execute();
  const a = await db
    .selectFrom('auction')
    .select(['winnerCompNo', 'poNo', 'status'])
    .where('auctionNo', '=', sourceNo)
    .executeTakeFirst();
  return a && a.status === 'AWARDED' && a.winnerCompNo && a.poNo ? [{ compNo: a.winnerCompNo, poNo: a.poNo }] : [];
}

export function findOrderForAgreement(db: Db, poNo: string) {
  return db
    .selectFrom('poHeader')
    .select(['poNo', 'compNo', 'currency', 'title', 'section', 'deptcd'])
    .where('poNo', '=', poNo)
    .executeTakeFirst();
}

export function findOrderLinesForAgreement(db: Db, poNo: string) {
  return db
    .selectFrom('poLine')
    .select(['lineNo', 'itemCode', 'itemName', 'spec', 'unitCode', 'sgCode', 'quantity', 'unitPrice'])
    .where('poNo', '=', poNo)
    .orderBy('lineNo')
    .execute();
}

/** The buyer's department and its business section (the order a call-off makes is theirs). */
export function findEmployeeDept(db: Db, singleid: string) {
  return db
    .selectFrom('employee as e')
    .innerJoin('department as d', 'd.deptcd', 'e.deptcd')
    .select(['e.deptcd', 'd.topDept'])
    .where('e.singleid', '=', singleid)
    .executeTakeFirst();
}

export function findItemForAgreement(db: Db, itemCode: string) {
  return db
    .selectFrom('item')
    .select(['itemCode', 'itemName', 'spec', 'unitCode', 'sgCode', 'useYn'])
    .where('itemCode', '=', itemCode)
    .executeTakeFirst();
}

export function unitExists(db: Db, unitCode: string) {
  return db.selectFrom('unit').select('unitCode').where('unitCode', '=', unitCode).executeTakeFirst();
}

/** What the PR's live orders (every order not cancelled) ordered of each of its lines, by PR line number. */
export async function findOrderedOfPrLines(db: Db, prNo: string): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('poLine as l')
    .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
    .select((eb) => ['l.prLineNo', eb.cast<string>(eb.fn.sum('l.quantity'), 'text').as('quantity')])
    .where('h.prNo', '=', prNo)
    .where('h.status', '<>', 'CANCELLED')
    .where('l.prLineNo', 'is not', null)
    .groupBy('l.prLineNo')
    .execute();
  return new Map(rows.map((r) => [r.prLineNo!, r.quantity]));
}

/**
 * The agreement lines that could order a PR's lines naming no agreement: lines of the same master
 * item (a free-text line has none to match) in an active agreement of the PR's currency valid on
 * `today`, with the supplier's name; per PR line the lowest agreed price first.
 */
export function findAgreementProposals(db: Db, prNo: string, today: string) {
  return db
    .selectFrom('prLine as p')
    .innerJoin('prHeader as h', 'h.prNo', 'p.prNo')
    .innerJoin('agreementLine as l', 'l.itemCode', 'p.itemCode')
    .innerJoin('agreement as a', (j) =>
      j.onRef('a.agreementNo', '=', 'l.agreementNo').onRef('a.currency', '=', 'h.currency'),
    )
    .innerJoin('company as c', 'c.compNo', 'a.compNo')
    .select([
      'p.lineNo as prLineNo',
      'p.itemCode',
      'p.itemName',
      'p.unitCode',
      'p.quantity as prQuantity',
      'p.estUnitPrice',
      'a.agreementNo',
      'a.title',
      'a.compNo',
      'c.compNameKr',
      'a.currency',
      'a.validTo',
      'a.callOffPolicy',
      'l.lineNo as agreementLineNo',
      'l.unitPrice',
      'l.agreedQty',
      'l.orderedQty',
    ])
    .where('p.prNo', '=', prNo)
    .where('p.agreementNo', 'is', null)
    .where('a.status', '=', 'ACTIVE')
    .where('a.validFrom', '<=', today)
    .where('a.validTo', '>=', today)
    .orderBy('p.lineNo')
    .orderBy('l.unitPrice')
    .orderBy('a.agreementNo')
    .orderBy('l.lineNo')
    .execute();
}
