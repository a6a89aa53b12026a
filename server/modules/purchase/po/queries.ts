import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { orderCoordinationRows } from '../coordination/queries.js';
import { subconKindOf } from '../../../domain/subcontracting.js';
import { findSubconRules } from './queries-subcon.js';
import { groupedDecimal } from '../../../../lib/money.js';
import { kstDayStart } from '../../../domain/dates.js';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { given, likeEscape, sortId, type SortSpec } from '../../../http/list-query.js';
import { keyset, type Keyset, type KeysetValues, type PageWindow } from '../../../db/lists/keyset.js';
import { shaped } from '../../../db/lists/shaped.js';
import { iso } from '../../../domain/values.js';
import { answerRow } from '../../../db/lists/answer-rows.js';
import { count, isoOf } from '../../../db/lists/answer-values.js';
import { jsonRows, parsedJson } from '../../../db/json-rows.js';
import { attachmentRows, historyRows, toAttachments, toHistory } from '../../../domain/documents.js';
import { approvalRounds, approvalViews } from '../approval/queries.js';
import type { PO_CHANGE_SORT, PO_SORT, SUPPLIER_PO_SORT } from './schemas.js';
import { PO_MACHINE, SUPPLIER_OPEN, SUPPLIER_VISIBLE } from './workflow.js';

export interface PoFilter {
  poNo?: string;
  title?: string;
  poType?: 'PO' | 'SIMPLE';
  status?: string[];
  approvalStatus?: string[];
  compNo?: string;
  compName?: string;
  buyerId?: string;
  prNo?: string;
  section?: string;
  deptcd?: string;
  currency?: 'KRW' | 'JPY';
  fromDate?: string;
  toDate?: string;
}

type PoScope = ExpressionBuilder<Database & { h: Database['poHeader']; c: Database['company'] }, 'h' | 'c'>;

const PO_SORT_COLUMNS = {
  poNo: 'h.poNo',
  poDate: 'h.poDate',
  title: 'h.title',
  status: 'h.status',
  approvalStatus: 'h.approvalStatus',
  compNameKr: 'c.compNameKr',
  buyerName: 'bu.hname',
  totalAmount: 'h.totalAmount',
  dueDate: 'h.dueDate',
  updatedAt: 'h.updatedAt',
} as const satisfies Record<(typeof PO_SORT)[number], string>;

/** The filter's values as the statements take them (trimmed; patterns wrapped and escaped): shaped.ts builds with placeholders. */
type PoValues = {
  poNo?: string;
  title?: string;
  poType?: string;
  status?: string[];
  approvalStatus?: string[];
  compNo?: string;
  compName?: string;
  buyerId?: string;
  prNo?: string;
  section?: string;
  deptcd?: string;
  currency?: string;
  fromDate?: string;
  toDate?: string;
};

const pattern = (v: string | undefined) => (given(v) ? `%${likeEscape(v!.trim())}%` : undefined);
const trimmed = (v: string | undefined) => (given(v) ? v!.trim() : undefined);

const poValues = (f: PoFilter): PoValues => ({
  poNo: pattern(f.poNo),
  title: pattern(f.title),
  poType: f.poType,
  status: f.status?.length ? f.status : undefined,
  approvalStatus: f.approvalStatus?.length ? f.approvalStatus : undefined,
  compNo: given(f.compNo) ? f.compNo!.trim().toUpperCase() : undefined,
  compName: pattern(f.compName),
  buyerId: trimmed(f.buyerId),
  prNo: trimmed(f.prNo),
  section: trimmed(f.section),
  deptcd: trimmed(f.deptcd),
  currency: f.currency,
  fromDate: given(f.fromDate) ? f.fromDate : undefined,
  toDate: given(f.toDate) ? f.toDate : undefined,
});

const poWhere = (v: PoValues) => (eb: PoScope) => {
  const parts = [];
  if (v.poNo) parts.push(eb('h.poNo', 'ilike', v.poNo));
  if (v.title) parts.push(eb('h.title', 'ilike', v.title));
  if (v.poType) parts.push(eb('h.poType', '=', v.poType as 'PO' | 'SIMPLE'));
  if (v.status) parts.push(eb('h.status', 'in', v.status));
  if (v.approvalStatus) parts.push(eb('h.approvalStatus', 'in', v.approvalStatus));
  if (v.compNo) parts.push(eb('h.compNo', '=', v.compNo));
  if (v.compName) parts.push(eb('c.compNameKr', 'like', v.compName));
  if (v.buyerId) parts.push(eb('h.buyerId', '=', v.buyerId));
  if (v.prNo) parts.push(eb('h.prNo', '=', v.prNo));
  if (v.section) parts.push(eb('h.section', '=', v.section));
  if (v.deptcd) parts.push(eb('h.deptcd', '=', v.deptcd));
  if (v.currency) parts.push(eb('h.currency', '=', v.currency as 'KRW' | 'JPY'));
  if (v.fromDate) parts.push(eb('h.poDate', '>=', v.fromDate));
  if (v.toDate) parts.push(eb('h.poDate', '<=', v.toDate));
  return eb.and(parts);
};

// Built and compiled once per shape (server/db/lists/shaped.ts): the filters given, the sort, the page's mode.
const poPage = shaped(
  'listPos.page',
  (db: Db, v: PoValues & { page: KeysetValues }, c: { ks: Keyset; sortColumn: string }) => {
    // The page's keys first, from the orders alone (joining the supplier or the buyer only when the
    // filter or the sort names them), then the page's 100 rows with their names: an OFFSET walks the
    // narrow index instead of every skipped order joined with its names (page 200: 20,000 rows joined).
    // Every order has its supplier, buyer and department (non-null foreign keys), so leaving those joins
    // out of the walk skips the same orders; the totals below count on that too.
    const keys = db
      .selectFrom('poHeader as h')
      .$if(
        !!v.compName || c.sortColumn.startsWith('c.'),
        (q) => q.innerJoin('company as c', 'c.compNo', 'h.compNo') as unknown as typeof q,
      )
      .$if(
        c.sortColumn.startsWith('bu.'),
        (q) => q.innerJoin('employee as bu', 'bu.singleid', 'h.buyerId') as unknown as typeof q,
      )
      .where(
        poWhere(v) as unknown as (
          eb: ExpressionBuilder<Database & { h: Database['poHeader'] }, 'h'>,
        ) => Expression<SqlBool>,
      )
      .select('h.poNo')
      // By the cursor when one is given (the page after a row, however deep), else by OFFSET.
      .$call((q) => c.ks.page(q, v.page));
    return db
      .selectFrom('poHeader as h')
      .innerJoin('company as c', 'c.compNo', 'h.compNo')
      .innerJoin('employee as bu', 'bu.singleid', 'h.buyerId')
      .innerJoin('department as d', 'd.deptcd', 'h.deptcd')
      .leftJoin('employee as rq', 'rq.singleid', 'h.requesterId')
      .where(poWhere(v))
      .where('h.poNo', 'in', keys)
      .select([
        'h.poNo',
        'h.poType',
        'h.poDate',
        'h.title',
        'h.status',
        'h.approvalStatus',
        'h.compNo',
        'c.compNameKr',
        'c.forwardYn',
        'h.buyerId',
        'bu.hname as buyerName',
        'rq.hname as requesterName',
        'd.deptnm',
        'h.prNo',
        'h.rfqNo',
        'h.loiNo',
        'h.currency',
        'h.totalAmount',
        'h.subconKind',
        'h.dueDate',
        'h.forwardedAt',
        'h.acknowledgedAt',
        'h.updatedAt',
        'h.version',
      ])
      .select([
        // Counted for the page's orders alone: the outer query holds only the keys' rows, never the
        // rows an OFFSET skips.
        sql<number>`(select count(*) from po_line l where l.po_no = h.po_no)`.as('lineCount'),
        // The list's totals by currency in the page's own statement: an uncorrelated subquery of the
        // same filter (run once, an InitPlan); one [currency, count, amount] array each, amounts as text.
        sql<unknown>`(select coalesce(json_agg(json_build_array(t.currency, t.n, t.total_amount) order by t.currency), '[]') from (${totalsOf(db, v)}) t)`.as(
          'listTotals',
        ),
      ])
      .$call((q) => c.ks.select(q))
      .$call((q) => c.ks.order(q));
  },
);

function totalsOf(db: Db, v: PoValues) {
  return db
    .selectFrom('poHeader as h')
    .$if(!!v.compName, (q) => q.innerJoin('company as c', 'c.compNo', 'h.compNo') as unknown as typeof q)
    .where(
      poWhere(v) as unknown as (
        eb: ExpressionBuilder<Database & { h: Database['poHeader'] }, 'h'>,
      ) => Expression<SqlBool>,
    )
    .select([
      'h.currency',
      (eb) => eb.fn.countAll<number>().as('n'),
      sql<string>`cast(sum(h.total_amount) as text)`.as('totalAmount'),
    ])
    .groupBy('h.currency');
}

/** The totals the page's statement carried (json: a value or its text, as the driver gives it). */
function carriedTotals(cell: unknown): Array<{ currency: string; count: number; totalAmount: string | null }> {
  const list = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<[string, number, string | null]>;
  return list.map(([currency, n, totalAmount]) => ({ currency, count: n, totalAmount }));
}

type PoPageRow = Awaited<ReturnType<typeof poPage.execute>>[number];

// The answer's row, declared once (server/db/lists/answer-rows.ts).
const poRow = answerRow<PoPageRow>()('POs', (f) => ({
  poNo: f('poNo'),
  poType: f('poType'),
  poDate: f('poDate'),
  title: f('title'),
  status: f('status'),
  approvalStatus: f('approvalStatus'),
  compNo: f('compNo'),
  compNameKr: f('compNameKr'),
  forwardYn: f('forwardYn'),
  buyerId: f('buyerId'),
  buyerName: f('buyerName'),
  requesterName: f('requesterName'),
  deptnm: f('deptnm'),
  prNo: f('prNo'),
  rfqNo: f('rfqNo'),
  loiNo: f('loiNo'),
  currency: f('currency'),
  totalAmount: f('totalAmount'),
  subconKind: f('subconKind'),
  dueDate: f('dueDate'),
  version: f('version'),
  lineCount: f('lineCount', count),
  forwardedAt: f('forwardedAt', iso),
  acknowledgedAt: f('acknowledgedAt', iso),
  updatedAt: f('updatedAt', isoOf),
}));

const poTotals = shaped('listPos.totals', (db: Db, v: PoValues) =>
  db
    .selectFrom('poHeader as h')
    // The supplier's name is read only to filter by it: every order has its company (a non-null
    // foreign key), so without that filter the join changes nothing and the totals read one table.
    .$if(!!v.compName, (q) => q.innerJoin('company as c', 'c.compNo', 'h.compNo') as unknown as typeof q)
    // Typed for h and c; it names c only with the supplier-name filter, which joins c above.
    .where(
      poWhere(v) as unknown as (
        eb: ExpressionBuilder<Database & { h: Database['poHeader'] }, 'h'>,
      ) => Expression<SqlBool>,
    )
    .select([
      'h.currency',
      (eb) => eb.fn.countAll<number>().as('count'),
      (eb) => eb.fn.sum<string>('h.totalAmount').as('totalAmount'),
    ])
    .groupBy('h.currency')
    .orderBy('h.currency'),
);

/** Sort columns that may be NULL (keyset paging places NULLs as the ORDER BY does). */
const PO_NULLABLE: ReadonlySet<string> = new Set(['h.dueDate']);

export async function listPos(db: Db, f: PoFilter, sort: SortSpec<(typeof PO_SORT)[number]>, w: PageWindow) {
  const v = poValues(f);
  const sortColumn = PO_SORT_COLUMNS[sort.field];
  const ks = keyset(
    sortId(sort),
    [
      { ref: sortColumn, direction: sort.direction, nullable: PO_NULLABLE.has(sortColumn) },
      { ref: 'h.poNo', direction: 'desc' },
    ],
    w,
  );
  const fetched = await poPage.fetch(db, ks.shape, { ...v, page: ks.values }, { ks, sortColumn });
  // Only a page found empty past the first needs the totals of its own (an empty first page has none).
  const totals =
    fetched.rows.length > 0
      ? carriedTotals(fetched.get(fetched.rows[0], 'listTotals'))
      : ks.byCursor || w.offset > 0
        ? await poTotals.execute(db, '', v)
        : [];
  const page = ks.answer(fetched.rows, fetched.get);
  const toRow = fetched.answer(poRow);
  return {
    rows: page.rows.map((r) => toRow(r)),
    total: totals.reduce((s, t) => s + Number(t.count), 0),
    totals: totals.map((t) => ({
      currency: t.currency,
      count: Number(t.count),
      totalAmount: String(t.totalAmount ?? '0'),
    })),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

export async function findPoHeader(db: Db, poNo: string) {
  return poHeader(db).where('h.poNo', '=', poNo).executeTakeFirst();
}

const poHeader = (db: Db) =>
  db
    .selectFrom('poHeader as h')
    .innerJoin('company as c', 'c.compNo', 'h.compNo')
    .innerJoin('employee as bu', 'bu.singleid', 'h.buyerId')
    .innerJoin('businessSection as b', 'b.topDept', 'h.section')
    .innerJoin('department as d', 'd.deptcd', 'h.deptcd')
    .leftJoin('employee as rq', 'rq.singleid', 'h.requesterId')
    .select([
      'h.poNo',
      'h.poType',
      'h.poDate',
      'h.title',
      'h.status',
      'h.approvalStatus',
      'h.approvalId',
      'h.compNo',
      'c.compNameKr',
      'c.forwardYn',
      'h.section',
      'b.sectionName',
      'h.deptcd',
      'd.deptnm',
      'h.buyerId',
      'bu.hname as buyerName',
      'bu.email as buyerEmail',
      'bu.telNo as buyerTelNo',
      'h.requesterId',
      'rq.hname as requesterName',
      'h.prNo',
      'h.rfqNo',
      'h.quoteNo',
      'h.loiNo',
      'h.currency',
      'h.totalAmount',
      'h.approvedAmount',
      'h.agreementException',
      'h.revision',
      'h.subconKind',
      'h.paymentTermDays',
      'h.ownerPaidDate',
      'h.endedOn',
      'h.dueDate',
      'h.forwardedAt',
      'h.acknowledgedAt',
      'h.cancelReason',
      'h.remark',
      'h.fileId',
      'h.createdAt',
      'h.updatedAt',
      'h.version',
    ]);

/** Lines of an order; through the supplier's scoped db the inner join with po_header limits them to its own orders. */
export async function findPoLines(db: Db, poNo: string) {
  return poLines(db, poNo).orderBy('l.lineNo').execute();
}

/** An order's lines (quantities and amounts as text: also read as json, where a number would lose its digits). */
const poLines = (db: Db, poNo: string) =>
  db
    .selectFrom('poLine as l')
    .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
    .select((eb) => [
      'l.lineNo',
      'l.itemCode',
      'l.itemName',
      'l.spec',
      'l.unitCode',
      'l.sgCode',
      eb.cast<string>('l.quantity', 'text').as('quantity'),
      eb.cast<string>('l.unitPrice', 'text').as('unitPrice'),
      eb.cast<string>('l.amount', 'text').as('amount'),
      'l.deliveryDate',
      eb.cast<string>('l.deliveredQty', 'text').as('deliveredQty'),
      eb.cast<string>('l.receivedQty', 'text').as('receivedQty'),
      'l.agreementNo',
      'l.agreementLineNo',
    ])
    .where('l.poNo', '=', poNo);

/** An order's revisions, oldest first, as json (the amount as text; `diff` and `snapshot` as stored). */
const poRevisions = (db: Db, poNo: string) =>
  db
    .selectFrom('poRevision')
    .select((eb) => [
      'revision',
      'status',
      'reason',
      eb.cast<string>('totalAmount', 'text').as('totalAmount'),
      'needsApproval',
      'approvalStatus',
      'changeSeq',
      'diff',
      'snapshot',
      'agreementException',
      'createdBy',
      'createdAt',
      'acknowledgedAt',
      'acknowledgedBy',
    ])
    .where('poNo', '=', poNo);

/**
 * Everything an order's detail shows, in one statement: its header (`findPoHeader`'s) with its
 * lines, files, approval rounds (the order's, and its change orders' that needed approval, by id),
 * history, changes and revisions, each a json column (server/db/json-rows.ts), each a subquery of
 * the order's number (run once). Undefined when there is no such order.
 */
export async function findPoDetail(db: Db, poNo: string) {
  const row = await poHeader(db)
    .select((eb) => [
      jsonRows(poLines(db, poNo), ['lineNo']).as('lines'),
      jsonRows(attachmentRows(db, eb.ref('h.fileId') as Expression<string>), ['seq']).as('attachments'),
      approvalRounds(
        db,
        (a) =>
          a.or([
            a.and([a('a.docType', 'in', ['PO', 'SIMPLE']), a('a.docNo', '=', poNo)]),
            a.and([
              a('a.docType', '=', 'PO_CHANGE'),
              a(
                'a.docNo',
                'in',
                a
                  .selectFrom('poRevision as r')
                  .select(sql<string>`r.po_no || '-' || r.revision`.as('docNo'))
                  .where('r.poNo', '=', poNo)
                  .where('r.needsApproval', '=', true),
              ),
            ]),
          ]),
        'id',
      ).as('approvals'),
      jsonRows(historyRows(db, 'po_header', poNo), ['at', 'id']).as('history'),
      jsonRows(orderChanges(db, poNo), ['changedAt', 'changeId desc']).as('changes'),
      jsonRows(poRevisions(db, poNo), ['revision']).as('revisions'),
      jsonRows(orderCoordinationRows(db, poNo), ['requestedOn desc', 'coordinationNo desc']).as('coordinations'),
    ])
    .where('h.poNo', '=', poNo)
    .executeTakeFirst();
  if (!row) return undefined;
  const { lines, attachments, approvals, history, changes, revisions, coordinations, ...header } = row;
  return {
    header,
    lines: parsedJson(lines),
    attachments: toAttachments(parsedJson(attachments)),
    approvals: approvalViews(approvals),
    history: toHistory(parsedJson(history)),
    changes: parsedJson(changes).map((r) => toPoChange(r)),
    revisions: parsedJson(revisions),
    coordinations: parsedJson(coordinations),
  };
}

/**
 * A sent order as its supplier's detail shows it, in one statement through the supplier's scoped db
 * (every part's tables limited to its company as when read alone): the header, lines, files, changes
 * and revisions. Undefined when there is none the supplier may see (not sent, or not its own).
 */
export async function findSupplierPoDetail(db: Db, poNo: string) {
  const row = await poHeader(db)
    .select((eb) => [
      jsonRows(poLines(db, poNo), ['lineNo']).as('lines'),
      jsonRows(attachmentRows(db, eb.ref('h.fileId') as Expression<string>), ['seq']).as('attachments'),
      jsonRows(orderChanges(db, poNo), ['changedAt', 'changeId desc']).as('changes'),
      jsonRows(poRevisions(db, poNo), ['revision']).as('revisions'),
      jsonRows(orderCoordinationRows(db, poNo), ['requestedOn desc', 'coordinationNo desc']).as('coordinations'),
    ])
    .where('h.poNo', '=', poNo)
    .executeTakeFirst();
  if (!row || !(SUPPLIER_VISIBLE as readonly string[]).includes(row.status) || row.forwardedAt === null)
    return undefined;
  const { lines, attachments, changes, revisions, coordinations, ...header } = row;
  return {
    header,
    lines: parsedJson(lines),
    attachments: toAttachments(parsedJson(attachments)),
    changes: parsedJson(changes).map((r) => toPoChange(r)),
    revisions: parsedJson(revisions),
    coordinations: parsedJson(coordinations),
  };
}

const CHANGE_FIELD_NAMES: Readonly<Record<string, string>> = {
  dueDate: '납기일',
  quantity: '수량',
  unitPrice: '단가',
  deliveryDate: '품목 납기일',
  status: '상태',
  totalAmount: '발주금액',
  line: '품목 줄',
};

export interface PoChangeFilter {
  poNo?: string;
  compNo?: string;
  changedBy?: string;
  field?: string;
  fromDate?: string;
  toDate?: string;
}

const CHANGE_SORT_COLUMNS = {
  changedAt: 'x.changedAt',
  poNo: 'x.poNo',
  field: 'x.field',
  changedByName: 'u.hname',
  compNameKr: 'c.compNameKr',
} as const satisfies Record<(typeof PO_CHANGE_SORT)[number], string>;

/** PO changes after sending (poChangeInfo): before and after values, who, when and why. Scoped dbs see their own orders' changes only. */
export async function listPoChanges(
  db: Db,
  f: PoChangeFilter,
  sort: SortSpec<(typeof PO_CHANGE_SORT)[number]>,
  w: PageWindow,
) {
  const base = changeBase(db, f);
  // The change id is the key; the person who changed it is a left join (NULL for a deleted user).
  const column = CHANGE_SORT_COLUMNS[sort.field];
  const ks = keyset(
    sortId(sort),
    [
      { ref: column, direction: sort.direction, nullable: column === 'u.hname' },
      { ref: 'x.changeId', direction: 'desc' },
    ],
    w,
  );
  const counted = () => base.select((eb) => eb.fn.countAll<number>().as('n'));
  // The page and the list's count in one statement (an order's detail reads its changes as one): the
  // count an uncorrelated subquery of the same filter, run once. Only a page found empty after the
  // first needs its own count.
  const walked = await changeColumns(base)
    .select(counted().as('listTotal'))
    .$call((q) => ks.select(q))
    .$call((q) => ks.page(q))
    .execute();
  const page = ks.answer(walked);
  const total =
    walked.length > 0
      ? Number(walked[0].listTotal)
      : ks.byCursor || w.offset > 0
        ? Number((await counted().executeTakeFirstOrThrow()).n)
        : 0;
  return {
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    rows: page.rows.map(({ listTotal: _, ...r }) => toPoChange(r)),
    total,
  };
}

function changeBase(db: Db, f: PoChangeFilter) {
  return db
    .selectFrom('poChange as x')
    .innerJoin('poHeader as h', 'h.poNo', 'x.poNo')
    .innerJoin('company as c', 'c.compNo', 'h.compNo')
    .leftJoin('appUser as u', 'u.userId', 'x.changedBy')
    .leftJoin('poLine as l', (j) => j.onRef('l.poNo', '=', 'x.poNo').onRef('l.lineNo', '=', 'x.lineNo'))
    .$if(!!given(f.poNo), (q) => q.where('x.poNo', '=', f.poNo!.trim()))
    .$if(!!given(f.compNo), (q) => q.where('h.compNo', '=', f.compNo!.trim().toUpperCase()))
    .$if(!!given(f.changedBy), (q) => q.where('x.changedBy', '=', f.changedBy!.trim()))
    .$if(!!given(f.field), (q) => q.where('x.field', '=', f.field!.trim()))
    .$if(!!given(f.fromDate), (q) => q.where('x.changedAt', '>=', kstDayStart(f.fromDate!)))
    .$if(!!given(f.toDate), (q) => q.where('x.changedAt', '<', kstDayStart(f.toDate!, 1)));
}

const changeColumns = (q: ReturnType<typeof changeBase>) =>
  q.select([
    'x.changeId',
    'x.poNo',
    'x.changeSeq',
    'x.field',
    'x.lineNo',
    'l.itemName',
    'x.beforeValue',
    'x.afterValue',
    'x.reason',
    'x.changedBy',
    'u.hname as changedByName',
    'x.changedAt',
    'h.compNo',
    'c.compNameKr',
    'h.title',
    'h.status',
  ]);

type ChangeRow = Awaited<ReturnType<ReturnType<typeof changeColumns>['execute']>>[number];

/** A change as the list and an order's detail answer it, from its row read alone or from json. */
function toPoChange<R extends ChangeRow>(r: R) {
  return {
    ...r,
    fieldName: CHANGE_FIELD_NAMES[r.field] ?? r.field,
    beforeText: changeText(r.field, r.beforeValue),
    afterText: changeText(r.field, r.afterValue),
    changedAt: iso(r.changedAt)!,
  };
}

/** An order's changes as its detail shows them: oldest first (the list's order: changed, then the newest id), up to 5,000. */
const orderChanges = (db: Db, poNo: string) =>
  changeColumns(changeBase(db, { poNo })).orderBy('x.changedAt').orderBy('x.changeId', 'desc').limit(5000);

/** Fields whose values are amounts or quantities: shown grouped (1,398,000), not as stored (1398000.00). */
const NUMBER_FIELDS = new Set(['quantity', 'unitPrice', 'totalAmount', 'amount']);

/** A changed value as people read it: a status by its Korean name, a number grouped, anything else as stored. */
function changeText(field: string, value: string | null): string | null {
  if (value === null) return null;
  if (field === 'status') return (PO_MACHINE.statusLabels as Record<string, string>)[value] ?? value;
  if (NUMBER_FIELDS.has(field)) return groupedDecimal(value);
  return value;
}

/* ---------------- the supplier's side (db is request.db, scoped to the company) ---------------- */

export interface SupplierPoFilter {
  poNo?: string;
  title?: string;
  status?: string[];
  open?: 'Y' | 'N';
  subcon?: 'Y' | 'N';
  fromDate?: string;
  toDate?: string;
}

const SUPPLIER_SORT_COLUMNS = {
  poNo: 'h.poNo',
  poDate: 'h.poDate',
  title: 'h.title',
  status: 'h.status',
  totalAmount: 'h.totalAmount',
  dueDate: 'h.dueDate',
  forwardedAt: 'h.forwardedAt',
} as const satisfies Record<(typeof SUPPLIER_PO_SORT)[number], string>;

/** Orders that reached the supplier: sent (or later), never drafts or orders still in approval. */
const supplierVisible = (eb: ExpressionBuilder<Database & { h: Database['poHeader'] }, 'h'>) =>
  eb.and([eb('h.status', 'in', [...SUPPLIER_VISIBLE]), eb('h.forwardedAt', 'is not', null)]);

export async function listSupplierPos(
  db: Db,
  f: SupplierPoFilter,
  sort: SortSpec<(typeof SUPPLIER_PO_SORT)[number]>,
  w: PageWindow,
) {
  const base = db
    .selectFrom('poHeader as h')
    .innerJoin('employee as bu', 'bu.singleid', 'h.buyerId')
    .innerJoin('company as c', 'c.compNo', 'h.compNo')
    .where(supplierVisible)
    .$if(!!given(f.poNo), (q) => q.where('h.poNo', 'ilike', `%${likeEscape(f.poNo!.trim())}%`))
    .$if(!!given(f.title), (q) => q.where('h.title', 'ilike', `%${likeEscape(f.title!.trim())}%`))
    .$if(!!f.status?.length, (q) => q.where('h.status', 'in', f.status!))
    .$if(f.open === 'Y', (q) => q.where('h.status', 'in', [...SUPPLIER_OPEN]))
    .$if(f.open === 'N', (q) => q.where('h.status', 'not in', [...SUPPLIER_OPEN]))
    .$if(f.subcon === 'Y', (q) => q.where('h.subconKind', 'is not', null))
    .$if(f.subcon === 'N', (q) => q.where('h.subconKind', 'is', null))
    .$if(!!given(f.fromDate), (q) => q.where('h.poDate', '>=', f.fromDate!))
    .$if(!!given(f.toDate), (q) => q.where('h.poDate', '<=', f.toDate!));
  // The order number is the key; the due date may be empty.
  const column = SUPPLIER_SORT_COLUMNS[sort.field];
  const ks = keyset(
    sortId(sort),
    [
      { ref: column, direction: sort.direction, nullable: PO_NULLABLE.has(column) },
      { ref: 'h.poNo', direction: 'desc' },
    ],
    w,
  );
  // The page and the list's count in one statement: the count a subquery of the same filter (one
  // InitPlan, not per row), on each row. Only a page found empty after the first needs its own count.
  const walked = await base
    .select([
      'h.poNo',
      'h.compNo',
      'c.compNameKr as compName',
      'h.poType',
      'h.poDate',
      'h.title',
      'h.status',
      'h.currency',
      'h.totalAmount',
      'h.dueDate',
      'h.forwardedAt',
      'h.acknowledgedAt',
      'bu.hname as buyerName',
      'h.version',
    ])
    .select(sql<number>`(select count(*) from po_line l where l.po_no = h.po_no)`.as('lineCount'))
    .select(base.select((eb) => eb.fn.countAll<number>().as('n')).as('listTotal'))
    .$call((q) => ks.select(q))
    .$call((q) => ks.page(q))
    .execute();
  const page = ks.answer(walked);
  const total =
    walked.length > 0
      ? Number(walked[0].listTotal)
      : ks.byCursor || w.offset > 0
        ? Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
        : 0;
  return {
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    rows: page.rows.map((r) => ({
      poNo: r.poNo,
      compNo: r.compNo,
      compName: r.compName,
      poType: r.poType,
      poDate: r.poDate,
      title: r.title,
      status: r.status,
      currency: r.currency,
      totalAmount: r.totalAmount,
      dueDate: r.dueDate,
      buyerName: r.buyerName,
      version: r.version,
      lineCount: Number(r.lineCount),
      forwardedAt: iso(r.forwardedAt),
      acknowledgedAt: iso(r.acknowledgedAt),
    })),
    total,
  };
}

/** A supplier's view of one order; undefined for another company's, an unsent one, or a missing one. */
/* ------------------------------ the order's writes ------------------------------ */

/** The order locked for a change (the whole row: the checks and the audit read it). */
/** The order's header as `lockPo` reads it, without the lock (what a check or a rating reads). */
export function findPoRow(db: Db, poNo: string) {
  return db.selectFrom('poHeader').selectAll().where('poNo', '=', poNo).executeTakeFirst();
}

export function lockPo(trx: Db, poNo: string) {
  return trx.selectFrom('poHeader').selectAll().where('poNo', '=', poNo).forUpdate().executeTakeFirst();
}

/** What a supplier's acknowledgement checks, locked. */
export function lockPoForSupplier(trx: Db, poNo: string) {
  return trx
    .selectFrom('poHeader')
    .select(['status', 'version', 'forwardedAt'])
    .where('poNo', '=', poNo)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertPo(
  trx: Db,
  header: Insertable<Database['poHeader']>,
  lines: ReadonlyArray<Insertable<Database['poLine']>>,
) {
  // The order's 하도급 kind is fixed here, once, from the rules as they stand (a change order keeps it).
  const order = { poType: header.poType, compNo: header.compNo, sgCodes: lines.map((l) => l.sgCode ?? null) };
  const subconKind = subconKindOf(await findSubconRules(trx, order), order);
  await trx
    .insertInto('poHeader')
    .values({ ...header, subconKind })
    .execute();
  await trx
    .insertInto('poLine')
    .values([...lines])
    .execute();
}

export async function updatePoHeader(trx: Db, poNo: string, values: Updateable<Database['poHeader']>) {
  await trx.updateTable('poHeader').set(values).where('poNo', '=', poNo).execute();
}

export async function updatePoLine(trx: Db, poNo: string, lineNo: number, values: Updateable<Database['poLine']>) {
  await trx.updateTable('poLine').set(values).where('poNo', '=', poNo).where('lineNo', '=', lineNo).execute();
}

/** The stored lines as they are (a change compares and rewrites them). */
export function findPoLineRows(trx: Db, poNo: string) {
  return trx.selectFrom('poLine').selectAll().where('poNo', '=', poNo).orderBy('lineNo').execute();
}

export function findPoLineDates(trx: Db, poNo: string) {
  return trx.selectFrom('poLine').select(['lineNo', 'deliveryDate']).where('poNo', '=', poNo).execute();
}

/** Some line of the order has deliveries. */
export async function hasDeliveries(trx: Db, poNo: string): Promise<boolean> {
  return (
    (await trx
      .selectFrom('poLine')
      .select('lineNo')
      .where('poNo', '=', poNo)
      .where('deliveredQty', '>', '0')
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

/** The number the order's next change record takes (one per change, shared by its fields). */
export async function nextChangeSeq(trx: Db, poNo: string): Promise<number> {
  const last = await trx
    .selectFrom('poChange')
    .select((eb) => eb.fn.max('changeSeq').as('seq'))
    .where('poNo', '=', poNo)
    .executeTakeFirst();
  return Number(last?.seq ?? 0) + 1;
}

export async function insertPoChanges(trx: Db, rows: ReadonlyArray<Insertable<Database['poChange']>>) {
  await trx
    .insertInto('poChange')
    .values([...rows])
    .execute();
}

/* ------------------------------ what an order is built from ------------------------------ */

/** An order made from the quotation request and not cancelled. */
export function findLiveOrderOfRfq(trx: Db, rfqNo: string) {
  return trx
    .selectFrom('poHeader')
    .select('poNo')
    .where('rfqNo', '=', rfqNo)
    .where('status', '<>', 'CANCELLED')
    .executeTakeFirst();
}

export function findQuotation(trx: Db, rfqNo: string, compNo: string) {
  return trx
    .selectFrom('quotation')
    .selectAll()
    .where('rfqNo', '=', rfqNo)
    .where('compNo', '=', compNo)
    .executeTakeFirstOrThrow();
}

export function lockPrToOrder(trx: Db, prNo: string) {
  return trx.selectFrom('prHeader').selectAll().where('prNo', '=', prNo).forUpdate().executeTakeFirstOrThrow();
}

export function findLoiToLink(trx: Db, loiNo: string) {
  return trx
    .selectFrom('loi')
    .select(['loiNo', 'compNo', 'status', 'currency'])
    .where('loiNo', '=', loiNo)
    .executeTakeFirst();
}

export function findRfqLines(trx: Db, rfqNo: string) {
  return trx.selectFrom('rfqLine').selectAll().where('rfqNo', '=', rfqNo).orderBy('lineNo').execute();
}

/** The supplier's quoted unit price per request line. */
export async function findQuotedPrices(trx: Db, rfqNo: string, compNo: string): Promise<Map<number, string>> {
  const rows = await trx
    .selectFrom('quotationLine')
    .select(['lineNo', 'unitPrice'])
    .where('rfqNo', '=', rfqNo)
    .where('compNo', '=', compNo)
    .execute();
  return new Map(rows.map((l) => [l.lineNo, l.unitPrice]));
}

/** The companies named, with what the approval-forward message needs. */
export function findForwardCompanies(db: Db, compNos: string[]) {
  return db
    .selectFrom('company')
    .select(['compNo', 'compNameKr', 'taxNo2', 'forwardYn'])
    .where('compNo', 'in', compNos)
    .execute();
}

/** Replaces a draft order's lines with these (a simple order is edited whole). */
export async function replacePoLines(
  trx: Db,
  poNo: string,
  lines: ReadonlyArray<Omit<Insertable<Database['poLine']>, 'poNo'>>,
) {
  await trx.deleteFrom('poLine').where('poNo', '=', poNo).execute();
  await trx
    .insertInto('poLine')
    .values(lines.map((l) => ({ poNo, ...l })))
    .execute();
}

/* ------------------------------ the printed order ------------------------------ */

/** The supplier as the printed order names it. */
export function supplierOfPrint(db: Db, compNo: string) {
  return db
    .selectFrom('company')
    .select(['compNo', 'compNameKr', 'taxNo2', 'ceoName', 'address', 'phoneNo'])
    .where('compNo', '=', compNo)
    .executeTakeFirstOrThrow();
}

/** An order status's Korean text (code group PO_STATUS). */
export function poStatusText(db: Db, status: string) {
  return db
    .selectFrom('code')
    .select('textKo')
    .where('groupId', '=', 'PO_STATUS')
    .where('code', '=', status)
    .executeTakeFirst();
}

/** SYSTEM_CONST codes with their value (attr1). */
export function systemConsts(db: Db, codes: readonly string[]) {
  return db
    .selectFrom('code')
    .select(['code', 'attr1'])
    .where('groupId', '=', 'SYSTEM_CONST')
    .where('code', 'in', [...codes])
    .execute();
}

/** The order's lines that are call-offs of a framework agreement, with what they consume. */
export function findCallOffLinesOfPo(db: Db, poNo: string) {
  return db
    .selectFrom('poLine')
    .select(['lineNo', 'agreementNo', 'agreementLineNo', 'quantity', 'unitPrice', 'amount'])
    .where('poNo', '=', poNo)
    .where('agreementNo', 'is not', null)
    .orderBy('lineNo')
    .execute();
}

/* ------------------------------ revisions (change orders) ------------------------------ */

/** Every revision of the order, oldest first. */
export function findRevisions(db: Db, poNo: string) {
  return db.selectFrom('poRevision').selectAll().where('poNo', '=', poNo).orderBy('revision').execute();
}

/** The change waiting for approval, locked. */
export function lockProposedRevision(trx: Db, poNo: string) {
  return trx
    .selectFrom('poRevision')
    .selectAll()
    .where('poNo', '=', poNo)
    .where('status', '=', 'PROPOSED')
    .forUpdate()
    .executeTakeFirst();
}

export async function insertRevision(trx: Db, row: Insertable<Database['poRevision']>) {
  await trx.insertInto('poRevision').values(row).execute();
}

export async function updateRevision(
  trx: Db,
  poNo: string,
  revision: number,
  values: Updateable<Database['poRevision']>,
) {
  await trx.updateTable('poRevision').set(values).where('poNo', '=', poNo).where('revision', '=', revision).execute();
}

/** The revision in force becomes SUPERSEDED (a new one takes its place). */
export async function supersedeCurrentRevision(trx: Db, poNo: string) {
  await trx
    .updateTable('poRevision')
    .set({ status: 'SUPERSEDED' })
    .where('poNo', '=', poNo)
    .where('status', '=', 'CURRENT')
    .execute();
}

export async function insertPoLines(trx: Db, lines: ReadonlyArray<Insertable<Database['poLine']>>) {
  if (lines.length)
    await trx
      .insertInto('poLine')
      .values([...lines])
      .execute();
}

export async function deletePoLine(trx: Db, poNo: string, lineNo: number) {
  await trx.deleteFrom('poLine').where('poNo', '=', poNo).where('lineNo', '=', lineNo).execute();
}

/** A delivery, receipt or settlement names the line (it cannot be removed, only reduced to what they hold). */
export async function lineHasDocuments(trx: Db, poNo: string, lineNo: number): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from delivery_line where po_no = ${poNo} and po_line_no = ${lineNo})
         + (select count(*) from wh_receipt_line where po_no = ${poNo} and po_line_no = ${lineNo})
         + (select count(*) from settlement_line where po_no = ${poNo} and po_line_no = ${lineNo}) as n`.execute(trx);
  return Number(rows[0].n) > 0;
}

/** The supplier's view of its order's revision in force (acknowledged or not), locked. */
export function lockCurrentRevisionForSupplier(trx: Db, poNo: string) {
  return trx
    .selectFrom('poRevision')
    .select(['revision', 'acknowledgedAt'])
    .where('poNo', '=', poNo)
    .where('status', '=', 'CURRENT')
    .forUpdate()
    .executeTakeFirst();
}
