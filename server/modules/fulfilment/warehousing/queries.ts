import { sql, type Insertable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { likeEscape, sortId, type SortSpec } from '../../../http/list-query.js';
import { keyset, type KeyColumn, type Keyset, type KeysetValues, type PageWindow } from '../../../db/lists/keyset.js';
import { shaped } from '../../../db/lists/shaped.js';
import { dateRange } from '../../../domain/dates.js';
import { failIf, type FieldError } from '../../../domain/errors.js';
import { amt, qty, totalOf } from '../../../domain/money.js';
import { iso, text } from '../../../domain/values.js';
import { answerRow } from '../../../db/lists/answer-rows.js';
import { orNull } from '../../../db/lists/answer-values.js';
import type { WH_ITEM_SORT, WH_SORT } from './schemas.js';
import { NATIVE_SYSTEM } from './workflow.js';

export interface WhFilter {
  poNo?: string;
  whReqNo?: string;
  whAppNo?: string;
  section?: string;
  deptName?: string;
  eprName?: string;
  receiveName?: string;
  expenses?: string;
  approvalStatus?: string[];
  status?: string[];
  reqFrom?: string;
  reqTo?: string;
  deciFrom?: string;
  deciTo?: string;
  system?: 'GPMS' | 'OTHER';
  sourceSystemList?: string[];
  compNo?: string;
}

export interface WhFilterQuery {
  poNo?: string;
  whReqNo?: string;
  whAppNo?: string;
  section?: string;
  deptName?: string;
  eprName?: string;
  receiveName?: string;
  expenses?: string;
  approvalStatus?: string[];
  status?: string[];
  whReqDates?: string[];
  lastDeciDates?: string[];
  system?: 'GPMS' | 'OTHER' | '';
  sourceSystemList?: string[];
}

/** The spec §3 filter as the query gives it → the filter the queries apply (dates checked). */
export function whFilterOf(q: WhFilterQuery): WhFilter {
  const errors: FieldError[] = [];
  const req = dateRange(errors, 'querystring/whReqDates', q.whReqDates);
  const deci = dateRange(errors, 'querystring/lastDeciDates', q.lastDeciDates);
  failIf(errors);
  const t = (v: string | undefined) => text(v) ?? undefined;
  return {
    poNo: t(q.poNo),
    whReqNo: t(q.whReqNo),
    whAppNo: t(q.whAppNo),
    section: t(q.section),
    deptName: t(q.deptName),
    eprName: t(q.eprName),
    receiveName: t(q.receiveName),
    expenses: t(q.expenses),
    approvalStatus: q.approvalStatus?.length ? q.approvalStatus : undefined,
    status: q.status?.length ? q.status : undefined,
    reqFrom: req.from,
    reqTo: req.to,
    deciFrom: deci.from,
    deciTo: deci.to,
    system: q.system || undefined,
    sourceSystemList: q.sourceSystemList?.length ? q.sourceSystemList : undefined,
  };
}

const contains = (v: string) => `%${likeEscape(v)}%`;
const like = (v: string | undefined) => (v ? contains(v) : undefined);

/**
 * The filter's values as the statements take them (patterns wrapped and escaped; the system as
 * whether it is ours, which picks the comparison): shaped.ts builds with placeholders.
 */
type WhValues = Omit<WhFilter, 'system'> & { native?: boolean };

const whValues = (f: WhFilter): WhValues => ({
  poNo: like(f.poNo),
  whReqNo: like(f.whReqNo),
  whAppNo: like(f.whAppNo),
  section: f.section,
  deptName: like(f.deptName),
  eprName: like(f.eprName),
  receiveName: like(f.receiveName),
  expenses: f.expenses,
  approvalStatus: f.approvalStatus,
  status: f.status,
  reqFrom: f.reqFrom,
  reqTo: f.reqTo,
  deciFrom: f.deciFrom,
  deciTo: f.deciTo,
  native: f.system === 'GPMS' ? true : f.system === 'OTHER' ? false : undefined,
  sourceSystemList: f.sourceSystemList,
  compNo: f.compNo,
});

/** Receipts `r` joined with every name a row shows (the type `base` answers too). */
function named<Q extends Receipts>(q: Q) {
  return q
    .innerJoin('company as c', 'c.compNo', 'r.compNo')
    .innerJoin('businessSection as b', 'b.topDept', 'r.section')
    .innerJoin('department as dp', 'dp.deptcd', 'r.deptcd')
    .leftJoin('employee as ep', 'ep.singleid', 'r.eprId')
    .leftJoin('employee as rv', 'rv.singleid', 'r.receiverId')
    .leftJoin('delivery as dl', 'dl.deliveryNo', 'r.deliveryNo');
}

type Receipts = SelectQueryBuilder<Database & { r: Database['whReceipt'] }, 'r', object>;
type Joined = ReturnType<typeof named<Receipts>>;
type Alias = 'c' | 'b' | 'dp' | 'ep' | 'rv' | 'dl';
const ALL: ReadonlySet<Alias> = new Set(['c', 'b', 'dp', 'ep', 'rv', 'dl']);

/** The relations a filter names (beside the receipt's own columns) and the sort column's alias. */
function aliasesFor(f: Pick<WhValues, 'deptName' | 'eprName' | 'receiveName'>, sortColumn?: string): Set<Alias> {
  const wanted = new Set<Alias>();
  if (f.deptName) wanted.add('dp');
  if (f.eprName) wanted.add('ep');
  if (f.receiveName) wanted.add('rv');
  const alias = sortColumn?.split('.')[0];
  if (alias && (ALL as ReadonlySet<string>).has(alias)) wanted.add(alias as Alias);
  return wanted;
}

/**
 * The receipts a filter keeps, joined only with what it (or the sort) names. Every receipt has its
 * company, section and department (non-null foreign keys to primary keys) and at most one of each
 * employee, so leaving a join out keeps the same rows: the count, the totals and the page's keys
 * read one or two tables instead of planning and walking seven (bench/results/log.md).
 * Typed as the whole join: a filter names only what `joins` holds (aliasesFor).
 */
function filtered(db: Db, v: WhValues, joins: ReadonlySet<Alias>) {
  let q = db
    .selectFrom('whReceipt as r')
    .$if(joins.has('c'), (j) => j.innerJoin('company as c', 'c.compNo', 'r.compNo') as unknown as typeof j)
    .$if(joins.has('b'), (j) => j.innerJoin('businessSection as b', 'b.topDept', 'r.section') as unknown as typeof j)
    .$if(joins.has('dp'), (j) => j.innerJoin('department as dp', 'dp.deptcd', 'r.deptcd') as unknown as typeof j)
    .$if(joins.has('ep'), (j) => j.leftJoin('employee as ep', 'ep.singleid', 'r.eprId') as unknown as typeof j)
    .$if(joins.has('rv'), (j) => j.leftJoin('employee as rv', 'rv.singleid', 'r.receiverId') as unknown as typeof j)
    .$if(
      joins.has('dl'),
      (j) => j.leftJoin('delivery as dl', 'dl.deliveryNo', 'r.deliveryNo') as unknown as typeof j,
    ) as unknown as Joined;
  if (v.poNo) q = q.where('r.poNo', 'ilike', v.poNo);
  if (v.whReqNo) q = q.where('r.whReqNo', 'ilike', v.whReqNo);
  if (v.whAppNo) q = q.where('r.whAppNo', 'ilike', v.whAppNo);
  if (v.section) q = q.where('r.section', '=', v.section);
  if (v.deptName) q = q.where('dp.deptnm', 'ilike', v.deptName);
  if (v.eprName) q = q.where('ep.hname', 'ilike', v.eprName);
  if (v.receiveName) q = q.where('rv.hname', 'ilike', v.receiveName);
  if (v.expenses) q = q.where('r.expenses', '=', v.expenses);
  if (v.approvalStatus) q = q.where('r.approvalStatus', 'in', v.approvalStatus as never[]);
  if (v.status) q = q.where('r.status', 'in', v.status as never[]);
  if (v.reqFrom) q = q.where('r.whReqDate', '>=', v.reqFrom);
  if (v.reqTo) q = q.where('r.whReqDate', '<=', v.reqTo);
  if (v.deciFrom) q = q.where('r.lastDeciDate', '>=', v.deciFrom);
  if (v.deciTo) q = q.where('r.lastDeciDate', '<=', v.deciTo);
  if (v.native === true) q = q.where('r.sourceSystem', '=', NATIVE_SYSTEM);
  if (v.native === false) q = q.where('r.sourceSystem', '<>', NATIVE_SYSTEM);
  if (v.sourceSystemList) q = q.where('r.sourceSystem', 'in', v.sourceSystemList);
  if (v.compNo) q = q.where('r.compNo', '=', v.compNo);
  return q;
}

function base(db: Db, f: WhFilter, joins: ReadonlySet<Alias> = ALL) {
  return filtered(db, whValues(f), joins);
}

const HEADER_COLUMNS = [
  'r.whReqNo',
  'r.whAppNo',
  'r.poNo',
  'r.deliveryNo',
  'r.compNo',
  'c.compNameKr as compName',
  'r.sourceSystem',
  'r.externalRef',
  'r.section',
  'b.sectionName',
  'r.deptcd',
  'dp.deptnm as deptName',
  'r.eprId',
  'ep.hname as eprName',
  'r.receiverId',
  'rv.hname as receiveName',
  'r.expenses',
  'r.status',
  'r.approvalStatus',
  'r.currency',
  'r.whReqDate',
  'r.lastDeciDate',
  'dl.fileId',
] as const;

function selectHeader(q: ReturnType<typeof base>) {
  return q
    .select(HEADER_COLUMNS)
    .select([
      'r.totalAmount',
      'r.approvedAt',
      'r.approverId',
      'r.decidedBy',
      'r.rejectReason',
      'r.cancelReason',
      'r.remark',
      'r.requestedBy',
      'r.createdAt',
      'r.updatedAt',
      'r.version',
    ])
    .select((eb) => [
      eb
        .selectFrom('whReceiptLine as l')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('l.whReqNo', '=', 'r.whReqNo')
        .as('lineCount'),
      eb
        .selectFrom('settlementLine as sl')
        .select('sl.settleNo')
        .whereRef('sl.whReqNo', '=', 'r.whReqNo')
        .limit(1)
        .as('settleNo'),
    ]);
}

type HeaderRaw = Awaited<ReturnType<ReturnType<typeof selectHeader>['executeTakeFirstOrThrow']>>;

/** Every field named, as toItemRow (no rest and spread of a 35-property row). */
function toWarehousingRow(r: HeaderRaw) {
  return {
    whReqNo: r.whReqNo,
    whAppNo: r.whAppNo,
    poNo: r.poNo,
    deliveryNo: r.deliveryNo,
    compNo: r.compNo,
    compName: r.compName,
    sourceSystem: r.sourceSystem,
    externalRef: r.externalRef,
    section: r.section,
    sectionName: r.sectionName,
    deptcd: r.deptcd,
    deptName: r.deptName,
    eprId: r.eprId,
    eprName: r.eprName,
    receiverId: r.receiverId,
    receiveName: r.receiveName,
    expenses: r.expenses,
    status: r.status,
    approvalStatus: r.approvalStatus,
    currency: r.currency,
    whReqDate: r.whReqDate,
    lastDeciDate: r.lastDeciDate,
    approverId: r.approverId,
    decidedBy: r.decidedBy,
    rejectReason: r.rejectReason,
    cancelReason: r.cancelReason,
    requestedBy: r.requestedBy,
    version: r.version,
    FILE_SEQ: r.fileId ?? null,
    settleNo: r.settleNo ?? null,
    AMT: amt(r.totalAmount),
    lineCount: Number(r.lineCount ?? 0),
    approvedAt: iso(r.approvedAt),
    BIGO: r.remark,
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
  };
}

const SORT: Record<(typeof WH_ITEM_SORT)[number], string> = {
  whReqNo: 'r.whReqNo',
  whAppNo: 'r.whAppNo',
  poNo: 'r.poNo',
  compName: 'c.compNameKr',
  sectionName: 'b.sectionName',
  deptName: 'dp.deptnm',
  eprName: 'ep.hname',
  receiveName: 'rv.hname',
  expenses: 'r.expenses',
  status: 'r.status',
  approvalStatus: 'r.approvalStatus',
  whReqDate: 'r.whReqDate',
  lastDeciDate: 'r.lastDeciDate',
  AMT: 'r.totalAmount',
  sourceSystem: 'r.sourceSystem',
  lineNo: 'l.lineNo',
  itemCode: 'l.itemCode',
  itemName: 'l.itemName',
  quantity: 'l.quantity',
  PRICE: 'l.unitPrice',
};

/** Sort columns that may be NULL (keyset paging places NULLs as the ORDER BY does). */
const NULLABLE: ReadonlySet<string> = new Set(['r.whAppNo', 'ep.hname', 'rv.hname', 'r.lastDeciDate', 'l.itemCode']);
const sortKey = (column: string, direction: 'asc' | 'desc'): KeyColumn => ({
  ref: column,
  direction,
  nullable: NULLABLE.has(column),
});

/**
 * The list's `total` and `totals` from one statement grouped by currency (its rows' counts summed):
 * a separate count statement was one more round trip a request, run beside the totals over the same
 * joins (each statement sent gives PostgreSQL the server's core for a turn on two cores).
 */
function countAndTotals(rows: Array<{ currency: string; n: number | string; total: string | null }>): {
  total: number;
  totals: { KRW: string; JPY: string };
} {
  const of = (c: string) => amt(totalOf(rows.filter((r) => r.currency === c).map((r) => r.total ?? '0')));
  return { total: rows.reduce((sum, r) => sum + Number(r.n), 0), totals: { KRW: of('KRW'), JPY: of('JPY') } };
}

export async function listWarehousing(db: Db, f: WhFilter, sort: SortSpec<(typeof WH_SORT)[number]>, w: PageWindow) {
  const ks = keyset(
    sortId(sort),
    [sortKey(SORT[sort.field], sort.direction), { ref: 'r.whReqNo', direction: 'desc' }],
    w,
  );
  const narrow = base(db, f, aliasesFor(f));
  // The page's keys first (after the cursor, or an OFFSET walking the narrow join), then its rows with every name.
  const keys = base(db, f, aliasesFor(f, SORT[sort.field]))
    .select('r.whReqNo')
    .$call((q) => ks.page(q));
  const page = named(
    db
      .with('k', () => keys)
      .selectFrom('k')
      .innerJoin('whReceipt as r', 'r.whReqNo', 'k.whReqNo') as unknown as Receipts,
  );
  const totalsOf = () =>
    narrow
      .select(['r.currency'])
      .select((eb) => [eb.fn.countAll<number>().as('n'), sql<string>`cast(sum(r.total_amount) as text)`.as('total')])
      .groupBy('r.currency');
  // The count and totals by currency carried by the page's own statement, as the items' list does.
  const walked = await selectHeader(page)
    .select(
      sql<unknown>`(select coalesce(json_agg(json_build_array(t.currency, t.n, t.total) order by t.currency), '[]') from (${totalsOf()}) t)`.as(
        'listTotals',
      ),
    )
    .$call((q) => ks.select(q))
    .$call((q) => ks.order(q))
    .execute();
  const chosen = ks.answer(walked);
  const byCurrency =
    walked.length > 0
      ? carriedTotals(walked[0].listTotals)
      : ks.byCursor || w.offset > 0
        ? await totalsOf().execute()
        : [];
  return {
    rows: chosen.rows.map(toWarehousingRow),
    ...countAndTotals(byCurrency),
    nextCursor: chosen.nextCursor,
    prevCursor: chosen.prevCursor,
  };
}

function itemsBase(db: Db, f: WhFilter, joins?: ReadonlySet<Alias>) {
  return base(db, f, joins).innerJoin('whReceiptLine as l', 'l.whReqNo', 'r.whReqNo');
}

function itemsOf(db: Db, v: WhValues, joins: ReadonlySet<Alias>) {
  return filtered(db, v, joins).innerJoin('whReceiptLine as l', 'l.whReqNo', 'r.whReqNo');
}

function selectItems(q: ReturnType<typeof itemsBase>) {
  return q
    .select(HEADER_COLUMNS)
    .select([
      'l.lineNo',
      'l.poLineNo',
      'l.deliveryLineNo',
      'l.itemCode',
      'l.itemName',
      'l.spec',
      'l.unitCode',
      'l.quantity',
      'l.unitPrice',
      'l.amount',
      'l.remark',
    ])
    .select((eb) =>
      eb
        .selectFrom('settlementLine as sl')
        .select('sl.settleNo')
        .whereRef('sl.whReqNo', '=', 'l.whReqNo')
        .whereRef('sl.whLineNo', '=', 'l.lineNo')
        .as('settleNo'),
    );
}

type ItemRaw = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;
/**
 * The answer's row, declared once (server/db/lists/answer-rows.ts): from Kysely's rows (the extract) and
 * from the page statement's array rows alike, every field named (V8 copies a 35-property row by rest
 * and spread through its slow path, ≈ 25 µs a row: the profile under load in bench/results/log.md).
 */
const itemRow = answerRow<ItemRaw>()('warehousing items', (f) => ({
  whReqNo: f('whReqNo'),
  whAppNo: f('whAppNo'),
  poNo: f('poNo'),
  deliveryNo: f('deliveryNo'),
  compNo: f('compNo'),
  compName: f('compName'),
  sourceSystem: f('sourceSystem'),
  externalRef: f('externalRef'),
  section: f('section'),
  sectionName: f('sectionName'),
  deptcd: f('deptcd'),
  deptName: f('deptName'),
  eprId: f('eprId'),
  eprName: f('eprName'),
  receiverId: f('receiverId'),
  receiveName: f('receiveName'),
  expenses: f('expenses'),
  status: f('status'),
  approvalStatus: f('approvalStatus'),
  currency: f('currency'),
  whReqDate: f('whReqDate'),
  lastDeciDate: f('lastDeciDate'),
  lineNo: f('lineNo'),
  poLineNo: f('poLineNo'),
  deliveryLineNo: f('deliveryLineNo'),
  itemCode: f('itemCode'),
  itemName: f('itemName'),
  spec: f('spec'),
  unitCode: f('unitCode'),
  FILE_SEQ: f('fileId', orNull),
  settleNo: f('settleNo', orNull),
  quantity: f('quantity', qty),
  PRICE: f('unitPrice', amt),
  AMT: f('amount', amt),
  BIGO: f('remark'),
}));
const toItemRow = (r: ItemRaw) => itemRow.fromObject(r);
export type WarehousingItem = ReturnType<typeof toItemRow>;

// Built and compiled once per shape (server/db/lists/shaped.ts): the filters given, the sort, the page's mode.
const itemsPage = shaped(
  'listWarehousingItems.page',
  (db: Db, v: WhValues & { page: KeysetValues }, c: { ks: Keyset; sortColumn: string }) => {
    // The page's (receipt, line) keys first: the settlement number each row looks up and the seven
    // joins are then read for the page's 100 lines, not for every line the sort and OFFSET pass over.
    const keys = itemsOf(db, v, aliasesFor(v, c.sortColumn))
      .select(['l.whReqNo', 'l.lineNo'])
      .$call((q) => c.ks.page(q, v.page));
    // From the keys outward (a CTE the planner knows holds ≤ 100 rows): each key finds its line and
    // receipt by primary key. As `(whReqNo, lineNo) in (keys)` PostgreSQL misjudged the keys' count and
    // hashed every receipt with its seven joins (50 ms against 2 at scale 1).
    const page = named(
      db
        .with('k', () => keys)
        .selectFrom('k')
        .innerJoin('whReceiptLine as l', (j) =>
          j.onRef('l.whReqNo', '=', 'k.whReqNo').onRef('l.lineNo', '=', 'k.lineNo'),
        )
        .innerJoin('whReceipt as r', 'r.whReqNo', 'l.whReqNo') as unknown as Receipts,
    ) as unknown as ReturnType<typeof itemsBase>;
    return (
      selectItems(page)
        // The list's count and totals by currency in the page's own statement: an uncorrelated subquery of
        // the same filter (run once, an InitPlan); one [currency, count, amount] array each, amounts as text.
        .select(
          sql<unknown>`(select coalesce(json_agg(json_build_array(t.currency, t.n, t.total) order by t.currency), '[]') from (${itemsTotalsOf(db, v)}) t)`.as(
            'listTotals',
          ),
        )
        .$call((q) => c.ks.select(q))
        .$call((q) => c.ks.order(q))
    );
  },
);

function itemsTotalsOf(db: Db, v: WhValues) {
  return itemsOf(db, v, aliasesFor(v))
    .select(['r.currency'])
    .select((eb) => [eb.fn.countAll<number>().as('n'), sql<string>`cast(sum(l.amount) as text)`.as('total')])
    .groupBy('r.currency');
}

/** The count and totals the page's statement carried (json: a value or its text, as the driver gives it). */
function carriedTotals(cell: unknown): Array<{ currency: string; n: number; total: string | null }> {
  const list = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<[string, number, string | null]>;
  return list.map(([currency, n, total]) => ({ currency, n, total }));
}
const itemsTotals = shaped('listWarehousingItems.totals', (db: Db, v: WhValues) =>
  itemsOf(db, v, aliasesFor(v))
    .select(['r.currency'])
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<string>('l.amount').as('total')])
    .groupBy('r.currency'),
);

export async function listWarehousingItems(
  db: Db,
  f: WhFilter,
  sort: SortSpec<(typeof WH_ITEM_SORT)[number]>,
  w: PageWindow,
) {
  const v = whValues(f);
  const ks = keyset(
    sortId(sort),
    [
      sortKey(SORT[sort.field], sort.direction),
      { ref: 'r.whReqNo', direction: 'desc' },
      { ref: 'l.lineNo', direction: 'asc' },
    ],
    w,
  );
  const fetched = await itemsPage.fetch(db, ks.shape, { ...v, page: ks.values }, { ks, sortColumn: SORT[sort.field] });
  // Only a page found empty past the first needs the totals of its own (an empty first page has none).
  const byCurrency =
    fetched.rows.length > 0
      ? carriedTotals(fetched.get(fetched.rows[0], 'listTotals'))
      : ks.byCursor || w.offset > 0
        ? await itemsTotals.execute(db, '', v)
        : [];
  const chosen = ks.answer(fetched.rows, fetched.get);
  const toRow = fetched.answer(itemRow);
  return {
    rows: chosen.rows.map((r) => toRow(r)),
    ...countAndTotals(byCurrency),
    nextCursor: chosen.nextCursor,
    prevCursor: chosen.prevCursor,
  };
}

export async function countWarehousingItems(db: Db, f: WhFilter): Promise<number> {
  return Number(
    (
      await itemsBase(db, f, aliasesFor(f))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** Receipt lines in (whReqNo, lineNo) order after a key: the extract reads them page by page. */
export async function warehousingItemsAfter(
  db: Db,
  f: WhFilter,
  after: { whReqNo: string; lineNo: number } | null,
  limit: number,
): Promise<WarehousingItem[]> {
  let q = selectItems(itemsBase(db, f));
  // A row comparison walks the lines' primary key from where the last page ended.
  if (after) q = q.where((eb) => eb(eb.refTuple('l.whReqNo', 'l.lineNo'), '>', eb.tuple(after.whReqNo, after.lineNo)));
  return (await q.orderBy('l.whReqNo').orderBy('l.lineNo').limit(limit).execute()).map(toItemRow);
}

export async function warehousingDetail(db: Db, whReqNo: string) {
  const r = await selectHeader(base(db, {})).where('r.whReqNo', '=', whReqNo).executeTakeFirst();
  if (!r) return undefined;
  const lines = await db
    .selectFrom('whReceiptLine')
    .select([
      'lineNo',
      'poNo',
      'poLineNo',
      'deliveryLineNo',
      'itemCode',
      'itemName',
      'spec',
      'unitCode',
      'quantity',
      'unitPrice',
      'amount',
      'remark',
    ])
    .where('whReqNo', '=', whReqNo)
    .orderBy('lineNo')
    .execute();
  const receipt = toWarehousingRow(r);
  return {
    ...receipt,
    receipt,
    lines: lines.map(({ unitPrice, amount, remark, quantity, ...l }) => ({
      ...l,
      quantity: qty(quantity),
      PRICE: amt(unitPrice),
      AMT: amt(amount),
      BIGO: remark,
    })),
  };
}

/* ------------------------------ a receipt's writes ------------------------------ */

export function lockDeliveryVersion(trx: Db, deliveryNo: string) {
  return trx
    .selectFrom('delivery')
    .select(['version'])
    .where('deliveryNo', '=', deliveryNo)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The delivery lines a partial receipt did not accept. */
export function findDeliveryShorts(trx: Db, deliveryNo: string) {
  return trx
    .selectFrom('deliveryLine')
    .select(['lineNo', 'poLineNo', 'shortQty'])
    .where('deliveryNo', '=', deliveryNo)
    .where('shortQty', '>', '0')
    .execute();
}

export async function updateDeliveryLine(
  trx: Db,
  deliveryNo: string,
  lineNo: number,
  values: Updateable<Database['deliveryLine']>,
) {
  await trx
    .updateTable('deliveryLine')
    .set(values)
    .where('deliveryNo', '=', deliveryNo)
    .where('lineNo', '=', lineNo)
    .execute();
}

export async function clearDeliveryShorts(trx: Db, deliveryNo: string) {
  await trx
    .updateTable('deliveryLine')
    .set({ shortQty: '0', shortReason: null, shortRemark: null })
    .where('deliveryNo', '=', deliveryNo)
    .execute();
}

/** The order a delivery is received against, locked. */
export function lockOrderToReceive(trx: Db, poNo: string) {
  return trx
    .selectFrom('poHeader')
    .select(['poNo', 'section', 'deptcd', 'requesterId', 'currency'])
    .where('poNo', '=', poNo)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Locks the order header (a cancelled receipt changes its lines' quantities). */
export async function lockOrderHeader(trx: Db, poNo: string) {
  await trx.selectFrom('poHeader').select('poNo').where('poNo', '=', poNo).forUpdate().execute();
}

/** The order's lines with their prices and quantities so far, locked. */
export function lockOrderLines(trx: Db, poNo: string) {
  return trx
    .selectFrom('poLine')
    .select(['lineNo', 'unitPrice', 'deliveredQty', 'receivedQty'])
    .where('poNo', '=', poNo)
    .forUpdate()
    .execute();
}

/** One order line's quantities, locked. */
export function lockOrderLine(trx: Db, poNo: string, lineNo: number) {
  return trx
    .selectFrom('poLine')
    .select(['quantity', 'deliveredQty', 'receivedQty'])
    .where('poNo', '=', poNo)
    .where('lineNo', '=', lineNo)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function insertReceipt(
  trx: Db,
  header: Insertable<Database['whReceipt']>,
  lines: ReadonlyArray<Insertable<Database['whReceiptLine']>>,
) {
  await trx.insertInto('whReceipt').values(header).execute();
  await trx
    .insertInto('whReceiptLine')
    .values([...lines])
    .execute();
}

/** The receipt locked for an action (the whole row: the checks and the audit read it). */
export function lockReceipt(trx: Db, whReqNo: string) {
  return trx.selectFrom('whReceipt').selectAll().where('whReqNo', '=', whReqNo).forUpdate().executeTakeFirst();
}

export function findReceiptLineQuantities(trx: Db, whReqNo: string) {
  return trx.selectFrom('whReceiptLine').select(['poLineNo', 'quantity']).where('whReqNo', '=', whReqNo).execute();
}

export async function updateReceipt(trx: Db, whReqNo: string, values: Updateable<Database['whReceipt']>) {
  await trx.updateTable('whReceipt').set(values).where('whReqNo', '=', whReqNo).execute();
}
