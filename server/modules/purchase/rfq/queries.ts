import { sql, type Expression, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import { kstDayStart } from '../../../domain/dates.js';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { given, likeEscape, type SortSpec } from '../../../http/list-query.js';
import { iso } from '../../../domain/values.js';
import type { RFQ_SORT, SUPPLIER_RFQ_SORT } from './schemas.js';
import { asOwner } from '../../../db/company-scope.js';

type Window = { limit: number; offset: number };

export interface RfqFilter {
  rfqNo?: string;
  prNo?: string;
  title?: string;
  status?: string[];
  buyerId?: string;
  compNo?: string;
  fromDate?: string;
  toDate?: string;
}

type RfqScope = ExpressionBuilder<Database & { r: Database['rfqHeader'] }, 'r'>;

const RFQ_SORT_COLUMNS = {
  rfqNo: 'r.rfqNo',
  prNo: 'r.prNo',
  title: 'r.title',
  status: 'r.status',
  deadline: 'r.deadline',
  buyerName: 'e.hname',
  createdAt: 'r.createdAt',
} as const;

/** now: the business clock the deadline is read on. */
export async function listRfqs(db: Db, f: RfqFilter, sort: SortSpec<(typeof RFQ_SORT)[number]>, w: Window, now: Date) {
  const cond = (eb: RfqScope) => {
    const parts = [];
    if (given(f.rfqNo)) parts.push(eb('r.rfqNo', 'ilike', `%${likeEscape(f.rfqNo!.trim())}%`));
    if (given(f.prNo)) parts.push(eb('r.prNo', 'ilike', `%${likeEscape(f.prNo!.trim())}%`));
    if (given(f.title)) parts.push(eb('r.title', 'ilike', `%${likeEscape(f.title!.trim())}%`));
    if (f.status?.length) parts.push(eb('r.status', 'in', f.status as never[]));
    if (given(f.buyerId)) parts.push(eb('r.buyerId', '=', f.buyerId!.trim()));
    if (given(f.compNo))
      parts.push(
        eb.exists(
          eb
            .selectFrom('quotation as q')
            .select('q.rfqNo')
            .whereRef('q.rfqNo', '=', 'r.rfqNo')
            .where('q.compNo', '=', f.compNo!.trim()),
        ),
      );
    if (given(f.fromDate)) parts.push(eb('r.createdAt', '>=', kstDayStart(f.fromDate!)));
    if (given(f.toDate)) parts.push(eb('r.createdAt', '<', kstDayStart(f.toDate!, 1)));
    return eb.and(parts);
  };
  // Built, not raw `sql`: on a supplier's Db the company-scope plugin rewrites these subqueries too
  // (row-level security would hold a raw one).
  const invited = (eb: RfqScope) =>
    eb
      .selectFrom('quotation as q')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('q.rfqNo', '=', 'r.rfqNo');
  const submitted = (eb: RfqScope) => invited(eb).where('q.quoteNo', 'is not', null);
  const base = db
    .selectFrom('rfqHeader as r')
    .innerJoin('employee as e', 'e.singleid', 'r.buyerId')
    .leftJoin('company as c', 'c.compNo', 'r.selectedCompNo');
  const [rows, count] = await Promise.all([
    base
      .where(cond)
      .select([
        'r.rfqNo',
        'r.prNo',
        'r.title',
        'r.status',
        'r.currency',
        'r.deadline',
        'r.buyerId',
        'e.hname as buyerName',
        'r.selectedCompNo',
        'c.compNameKr as selectedCompName',
        'r.createdAt',
        'r.version',
      ])
      .select((eb) => [
        invited(eb).as('invitedCount'),
        submitted(eb).as('submittedCount'),
        eb
          .selectFrom('poHeader as h')
          .select((e) => e.fn.max('h.poNo').as('poNo'))
          .whereRef('h.rfqNo', '=', 'r.rfqNo')
          .where('h.status', '<>', 'CANCELLED')
          .as('poNo'),
      ])
      .$call((qb) =>
        sort.field === 'invitedCount' || sort.field === 'submittedCount'
          ? qb.orderBy((eb) => (sort.field === 'invitedCount' ? invited(eb) : submitted(eb)), sort.direction)
          : qb.orderBy(RFQ_SORT_COLUMNS[sort.field], sort.direction),
      )
      .orderBy('r.rfqNo', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    db
      .selectFrom('rfqHeader as r')
      .where(cond)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      invitedCount: Number(r.invitedCount),
      submittedCount: Number(r.submittedCount),
      deadline: iso(r.deadline)!,
      deadlinePassed: Date.parse(r.deadline) < now.getTime(),
      createdAt: iso(r.createdAt)!,
    })),
    total: Number(count.n),
  };
}

export async function findRfq(db: Db, rfqNo: string) {
  return db
    .selectFrom('rfqHeader as r')
    .innerJoin('employee as e', 'e.singleid', 'r.buyerId')
    .select([
      'r.rfqNo',
      'r.prNo',
      'r.title',
      'r.status',
      'r.currency',
      'r.deadline',
      'r.buyerId',
      'e.hname as buyerName',
      'r.description',
      'r.fileId',
      'r.selectedCompNo',
      'r.awardedAt',
      'r.cancelReason',
      'r.createdAt',
      'r.version',
    ])
    .where('r.rfqNo', '=', rfqNo)
    .executeTakeFirst();
}

export async function findRfqLines(db: Db, rfqNo: string) {
  return db
    .selectFrom('rfqLine')
    .select(['lineNo', 'prLineNo', 'itemCode', 'itemName', 'spec', 'unitCode', 'quantity', 'deliveryDate'])
    .where('rfqNo', '=', rfqNo)
    .orderBy('lineNo')
    .execute();
}

/** Every invited supplier's quotation (internal views only: carries prices). */
/**
 * A request's quotations with their company (by company), `rfqNo` a value or a subquery of the
 * statement it is part of (a PR's detail reads its current request's as json: amounts as text).
 */
export function quotationRows(db: Db, rfqNo: string | Expression<string | null>) {
  return db
    .selectFrom('quotation as q')
    .innerJoin('company as c', 'c.compNo', 'q.compNo')
    .select((eb) => [
      'q.compNo',
      'c.compNameKr',
      'q.status',
      'q.quoteNo',
      eb.cast<string | null>('q.totalAmount', 'text').as('totalAmount'),
      'q.leadTimeDays',
      'q.validUntil',
      'q.revision',
      'q.checkedAt',
      'q.submittedAt',
      'q.remark',
      'q.fileId',
    ])
    .where('q.rfqNo', '=', rfqNo as string);
}

type QuotationRow = Awaited<ReturnType<ReturnType<typeof quotationRows>['execute']>>[number];

/** The quotations from `quotationRows`' rows, read alone or from json. */
export function toQuotations(rows: readonly QuotationRow[]) {
  return rows.map((r) => ({ ...r, checkedAt: iso(r.checkedAt), submittedAt: iso(r.submittedAt) }));
}

export async function findQuotations(db: Db, rfqNo: string) {
  return toQuotations(await quotationRows(db, rfqNo).orderBy('q.compNo').execute());
}

export async function findQuotationLines(db: Db, rfqNo: string) {
  return db
    .selectFrom('quotationLine')
    .select(['compNo', 'lineNo', 'unitPrice', 'amount', 'remark'])
    .where('rfqNo', '=', rfqNo)
    .orderBy('lineNo')
    .orderBy('compNo')
    .execute();
}

/* ---------------- the supplier's side: every query starts from its own quotation row ---------------- */

export interface SupplierRfqFilter {
  rfqNo?: string;
  title?: string;
  status?: string[];
  open?: 'Y' | 'N';
  fromDate?: string;
  toDate?: string;
  /** Only rows with a quotation number (my quotations). */
  submittedOnly?: boolean;
}

type QScope = ExpressionBuilder<Database & { q: Database['quotation']; r: Database['rfqHeader'] }, 'q' | 'r'>;

const SUPPLIER_SORT_COLUMNS = {
  rfqNo: 'r.rfqNo',
  title: 'r.title',
  deadline: 'r.deadline',
  status: 'q.status',
  invitedAt: 'q.invitedAt',
  submittedAt: 'q.submittedAt',
} as const satisfies Record<(typeof SUPPLIER_RFQ_SORT)[number], string>;

/**
 * The requests sent to the caller's company. `db` is request.db, scoped to that company:
 * quotation is company-owned, so the join admits only requests the company was invited to.
 */
export async function listSupplierRfqs(
  db: Db,
  f: SupplierRfqFilter,
  sort: SortSpec<(typeof SUPPLIER_RFQ_SORT)[number]>,
  w: Window,
  /** The business clock: "open" means open on it, as a quotation's submission decides. */
  now: Date,
) {
  const cond = (eb: QScope) => {
    const parts = [];
    if (given(f.rfqNo)) parts.push(eb('r.rfqNo', 'ilike', `%${likeEscape(f.rfqNo!.trim())}%`));
    if (given(f.title)) parts.push(eb('r.title', 'ilike', `%${likeEscape(f.title!.trim())}%`));
    if (f.status?.length) parts.push(eb('q.status', 'in', f.status as never[]));
    if (f.open === 'Y') parts.push(eb.and([eb('r.status', '=', 'OPEN'), eb('r.deadline', '>', now.toISOString())]));
    if (f.open === 'N') parts.push(eb.or([eb('r.status', '<>', 'OPEN'), eb('r.deadline', '<=', now.toISOString())]));
    if (given(f.fromDate)) parts.push(eb('q.invitedAt', '>=', kstDayStart(f.fromDate!)));
    if (given(f.toDate)) parts.push(eb('q.invitedAt', '<', kstDayStart(f.toDate!, 1)));
    if (f.submittedOnly) parts.push(eb('q.quoteNo', 'is not', null));
    return eb.and(parts);
  };
  const base = db
    .selectFrom('quotation as q')
    .innerJoin('rfqHeader as r', 'r.rfqNo', 'q.rfqNo')
    .innerJoin('employee as e', 'e.singleid', 'r.buyerId')
    .innerJoin('company as c', 'c.compNo', 'q.compNo');
  const count = () =>
    db
      .selectFrom('quotation as q')
      .innerJoin('rfqHeader as r', 'r.rfqNo', 'q.rfqNo')
      .where(cond)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
  // The page and the list's count in one statement (count(*) over (): every row the filter keeps,
  // before the limit). Only a page found empty past the first needs its own count.
  const walked = await base
    .where(cond)
    .select([
      'r.rfqNo',
      'q.compNo',
      'c.compNameKr as compName',
      'r.title',
      'r.status as rfqStatus',
      'q.status',
      'r.currency',
      'r.deadline',
      'e.hname as buyerName',
      'q.invitedAt',
      'q.checkedAt',
      'q.submittedAt',
      'q.quoteNo',
      'q.totalAmount',
      'q.version',
    ])
    .select(sql<number>`(select count(*) from rfq_line l where l.rfq_no = r.rfq_no)`.as('lineCount'))
    .select(sql<number>`count(*) over ()`.as('listTotal'))
    .orderBy(SUPPLIER_SORT_COLUMNS[sort.field], sort.direction)
    .orderBy('r.rfqNo', 'desc')
    .orderBy('q.compNo')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  const total = walked.length > 0 ? Number(walked[0].listTotal) : w.offset > 0 ? Number((await count()).n) : 0;
  return {
    rows: walked.map(({ listTotal: _total, ...r }) => ({
      ...r,
      lineCount: Number(r.lineCount),
      deadline: iso(r.deadline)!,
      deadlinePassed: Date.parse(r.deadline) < now.getTime(),
      invitedAt: iso(r.invitedAt)!,
      checkedAt: iso(r.checkedAt),
      submittedAt: iso(r.submittedAt),
    })),
    total,
  };
}

/** The caller company's quotation row joined to its request (undefined when not invited: 404). */
export async function findOwnQuotation(db: Db, rfqNo: string) {
  return db
    .selectFrom('quotation as q')
    .innerJoin('rfqHeader as r', 'r.rfqNo', 'q.rfqNo')
    .innerJoin('employee as e', 'e.singleid', 'r.buyerId')
    .innerJoin('company as c', 'c.compNo', 'q.compNo')
    .select([
      'c.compNameKr as compName',
      'r.rfqNo',
      'r.title',
      'r.status as rfqStatus',
      'r.currency',
      'r.deadline',
      'r.description',
      'r.fileId as rfqFileId',
      'e.hname as buyerName',
      'e.email as buyerEmail',
      'e.telNo as buyerTelNo',
      'q.compNo',
      'q.status',
      'q.quoteNo',
      'q.totalAmount',
      'q.leadTimeDays',
      'q.validUntil',
      'q.remark',
      'q.fileId',
      'q.revision',
      'q.invitedAt',
      'q.checkedAt',
      'q.submittedAt',
      'q.version',
    ])
    .where('q.rfqNo', '=', rfqNo)
    .executeTakeFirst();
}

/** The request's lines, reached through the caller's own quotation row (scoped), with its own prices only. */
export async function findOwnQuotationLines(db: Db, rfqNo: string) {
  return db
    .selectFrom('rfqLine as l')
    .innerJoin('quotation as q', 'q.rfqNo', 'l.rfqNo')
    .leftJoin('quotationLine as ql', (j) =>
      j.onRef('ql.rfqNo', '=', 'l.rfqNo').onRef('ql.lineNo', '=', 'l.lineNo').onRef('ql.compNo', '=', 'q.compNo'),
    )
    .select([
      'l.lineNo',
      'l.prLineNo',
      'l.itemCode',
      'l.itemName',
      'l.spec',
      'l.unitCode',
      'l.quantity',
      'l.deliveryDate',
      'ql.unitPrice',
      'ql.amount',
      'ql.remark',
    ])
    .where('l.rfqNo', '=', rfqNo)
    .orderBy('l.lineNo')
    .execute();
}

/* ------------------------------ the request's writes ------------------------------ */

/** The request locked for a change (the whole row: the checks and the audit read it). */
export function lockRfq(trx: Db, rfqNo: string) {
  return trx.selectFrom('rfqHeader').selectAll().where('rfqNo', '=', rfqNo).forUpdate().executeTakeFirst();
}

export async function updateRfq(trx: Db, rfqNo: string, values: Updateable<Database['rfqHeader']>) {
  await trx.updateTable('rfqHeader').set(values).where('rfqNo', '=', rfqNo).execute();
}

/** A new request with its lines and one quotation row per invited supplier. */
export async function insertRfq(
  trx: Db,
  header: Insertable<Database['rfqHeader']>,
  lines: ReadonlyArray<Insertable<Database['rfqLine']>>,
  quotations: ReadonlyArray<Insertable<Database['quotation']>>,
) {
  await trx.insertInto('rfqHeader').values(header).execute();
  await trx
    .insertInto('rfqLine')
    .values([...lines])
    .execute();
  await trx
    .insertInto('quotation')
    .values([...quotations])
    .execute();
}

/** The invited suppliers' quotations, locked (selection and cancellation decide them all). */
export function lockQuotations(trx: Db, rfqNo: string) {
  return trx.selectFrom('quotation').selectAll().where('rfqNo', '=', rfqNo).forUpdate().execute();
}

export async function updateQuotation(
  trx: Db,
  rfqNo: string,
  compNo: string,
  values: Updateable<Database['quotation']>,
) {
  await trx.updateTable('quotation').set(values).where('rfqNo', '=', rfqNo).where('compNo', '=', compNo).execute();
}

/** A PR's status and version, locked (a request moves its PR). */
export function lockPrStatus(trx: Db, prNo: string) {
  return trx
    .selectFrom('prHeader')
    .select(['status', 'version'])
    .where('prNo', '=', prNo)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/* ---------------- the supplier's own quotation (db scoped to its company) ---------------- */

export function lockOwnQuotationStatus(trx: Db, rfqNo: string) {
  return trx
    .selectFrom('quotation')
    .select(['status', 'version'])
    .where('rfqNo', '=', rfqNo)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The supplier's quotation with its request's state, locked for a submission. The request is locked
 * first, as the owner (the supplier role may read a request, not lock it), in the order the closing
 * job takes them: request, then quotations.
 */
export async function lockOwnQuotationToSubmit(trx: Db, rfqNo: string) {
  const rfq = await asOwner(trx)
    .selectFrom('rfqHeader')
    .select(['status', 'deadline', 'currency'])
    .where('rfqNo', '=', rfqNo)
    .forUpdate()
    .executeTakeFirst();
  if (!rfq) return undefined;
  const q = await trx
    .selectFrom('quotation as q')
    .select([
      'q.status',
      'q.version',
      'q.quoteNo',
      'q.revision',
      'q.totalAmount',
      'q.leadTimeDays',
      'q.validUntil',
      'q.checkedAt',
    ])
    .where('q.rfqNo', '=', rfqNo)
    .forUpdate()
    .executeTakeFirst();
  return q && { ...q, rfqStatus: rfq.status, deadline: rfq.deadline, currency: rfq.currency };
}

/** The request's line quantities, reached through the supplier's own quotation row. */
export function findOwnRfqLineQuantities(trx: Db, rfqNo: string) {
  return trx
    .selectFrom('rfqLine as l')
    .innerJoin('quotation as q', 'q.rfqNo', 'l.rfqNo')
    .select(['l.lineNo', 'l.quantity'])
    .where('l.rfqNo', '=', rfqNo)
    .orderBy('l.lineNo')
    .execute();
}

export function findOwnQuotationPrices(trx: Db, rfqNo: string) {
  return trx
    .selectFrom('quotationLine')
    .select(['lineNo', 'unitPrice', 'amount'])
    .where('rfqNo', '=', rfqNo)
    .orderBy('lineNo')
    .execute();
}

export async function updateOwnQuotation(trx: Db, rfqNo: string, values: Updateable<Database['quotation']>) {
  await trx.updateTable('quotation').set(values).where('rfqNo', '=', rfqNo).execute();
}

export async function replaceOwnQuotationLines(
  trx: Db,
  rfqNo: string,
  lines: ReadonlyArray<Insertable<Database['quotationLine']>>,
) {
  await trx.deleteFrom('quotationLine').where('rfqNo', '=', rfqNo).execute();
  await trx
    .insertInto('quotationLine')
    .values([...lines])
    .execute();
}

/** Open requests whose deadline has passed and that are not closed yet, locked, by number (the close job). */
export function lockRfqsPastDeadline(trx: Db, now: Date) {
  return trx
    .selectFrom('rfqHeader')
    .select(['rfqNo', 'version'])
    .where('status', '=', 'OPEN')
    .where('closedAt', 'is', null)
    .where('deadline', '<', now.toISOString())
    .orderBy('rfqNo')
    .forUpdate()
    .execute();
}

/** Marks a request's unsubmitted quotations not selected; answers their suppliers. */
export function lapseUnsubmittedQuotations(trx: Db, rfqNo: string, now: Date) {
  return trx
    .updateTable('quotation')
    .set({ status: 'NOT_SELECTED', decidedAt: now })
    .where('rfqNo', '=', rfqNo)
    .where('status', 'in', ['REQUESTED', 'CHECKED'])
    .returning(['compNo'])
    .execute();
}

/* ------------------------------ a PR's request, the supplier search ------------------------------ */

/** A PR's latest quotation request not cancelled. */
export function currentRfqOfPr(db: Db, prNo: string) {
  return db
    .selectFrom('rfqHeader')
    .select(['rfqNo', 'status', 'version', 'deadline', 'buyerId', 'selectedCompNo', 'currency'])
    .where('prNo', '=', prNo)
    .where('status', '<>', 'CANCELLED')
    .orderBy('rfqNo', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The request's order, when one not cancelled exists. */
export function liveOrderOfRfq(db: Db, rfqNo: string) {
  return liveOrderOf(db, rfqNo).executeTakeFirst();
}

/** An order of the request not cancelled (one, if any): `rfqNo` a value or a subquery of the statement it is part of. */
export function liveOrderOf(db: Db, rfqNo: string | Expression<string | null>) {
  return db
    .selectFrom('poHeader')
    .select('poNo')
    .where('rfqNo', '=', rfqNo as string)
    .where('status', '<>', 'CANCELLED')
    .limit(1);
}

/**
 * Active suppliers whose name or number holds `text` (or whose business number holds it, typed
 * as digits), the exact number first, then by name; and how many match.
 */
export async function activeSuppliersMatching(db: Db, text: string, w: { limit: number; offset: number }) {
  let base = db.selectFrom('company as c').where('c.status', '=', 'ACTIVE');
  if (text) {
    const like = `%${likeEscape(text)}%`;
    // A business number is typed as digits (and hyphens): digits inside a name are part of the name.
    const digits = /^[\d\s-]+$/.test(text) ? text.replace(/[^0-9]/g, '') : '';
    base = base.where((eb) =>
      eb.or([
        eb('c.compNameKr', 'ilike', like),
        eb('c.compNo', 'ilike', like),
        ...(digits.length >= 3 ? [eb('c.taxNo', 'like', `%${digits}%`)] : []),
      ]),
    );
  }
  return Promise.all([
    base
      .select(['c.compNo', 'c.compNameKr', 'c.taxNo2', 'c.ceoName', 'c.forwardYn'])
      .orderBy(sql`case when c.comp_no = ${text.toUpperCase()} then 0 else 1 end`)
      .orderBy('c.compNameKr')
      .orderBy('c.compNo')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
}
