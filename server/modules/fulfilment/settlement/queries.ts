import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { likeEscape, sortId, type SortSpec } from '../../../http/list-query.js';
import { keyset, type Keyset, type KeysetValues, type PageWindow } from '../../../db/lists/keyset.js';
import { shaped } from '../../../db/lists/shaped.js';
import { amt, qty, won, type Currency } from '../../../domain/money.js';
import { iso } from '../../../domain/values.js';
import { answerRow } from '../../../db/lists/answer-rows.js';
import { count, isoOf, orNull } from '../../../db/lists/answer-values.js';
import { kstDayStart, lastDayOf } from '../../../domain/dates.js';
import type { ADJUST_SORT, SETTLE_SORT } from './schemas.js';
import { matchIssues, type DecidedLine, type SettledLine } from './workflow.js';

type Window = { limit: number; offset: number };
const contains = (v: string) => `%${likeEscape(v)}%`;

// A type, not an interface: the statement's values (below) are this shape, and shaped.ts takes them as a record.
export type SettlementFilter = {
  settleNo?: string;
  compNo?: string;
  compName?: string;
  periodFrom?: string;
  periodTo?: string;
  status?: string[];
  /** Suppliers never see drafts. */
  visible?: readonly string[];
};

/** The filter's values as the statement takes them (patterns wrapped and escaped): shaped.ts builds with placeholders. */
type SettlementValues = SettlementFilter;

const settlementValues = (f: SettlementFilter): SettlementValues => ({
  settleNo: f.settleNo ? contains(f.settleNo) : undefined,
  compNo: f.compNo,
  compName: f.compName ? contains(f.compName) : undefined,
  periodFrom: f.periodFrom,
  periodTo: f.periodTo,
  status: f.status?.length ? f.status : undefined,
  visible: f.visible,
});

function base(db: Db, v: SettlementValues) {
  let q = db
    .selectFrom('settlement as s')
    .innerJoin('company as c', 'c.compNo', 's.compNo')
    // The settlement's own voucher: a correcting one (an amended invoice's) or a payment's charges are not the
    // settlement's posting.
    .leftJoin('erpVoucher as v', (j) =>
      j.onRef('v.settleNo', '=', 's.settleNo').on('v.kind', '=', sql.lit('SETTLEMENT')),
    );
  if (v.settleNo) q = q.where('s.settleNo', 'ilike', v.settleNo);
  if (v.compNo) q = q.where('s.compNo', '=', v.compNo);
  if (v.compName) q = q.where('c.compNameKr', 'ilike', v.compName);
  if (v.periodFrom) q = q.where('s.period', '>=', v.periodFrom);
  if (v.periodTo) q = q.where('s.period', '<=', v.periodTo);
  if (v.status) q = q.where('s.status', 'in', v.status as never[]);
  if (v.visible) q = q.where('s.status', 'in', v.visible as never[]);
  return q;
}

/** The settlements a filter matches (`s`, its company `c`, its own voucher `v`) as the list reads them; the extract's too. */
export const matchingSettlements = (db: Db, f: SettlementFilter) => base(db, settlementValues(f));

function selectRow(q: ReturnType<typeof base>) {
  return q
    .select([
      's.settleNo',
      's.compNo',
      'c.compNameKr as compName',
      'c.taxNo2 as taxNo',
      's.period',
      's.status',
      's.lineCount',
      's.krwGoodsAmount',
      's.jpyGoodsAmount',
      's.jpyKrwAmount',
      's.goodsAmount',
      's.adjustmentAmount',
      's.totalAmount',
      's.jpyRate',
      's.jpyRateSource',
      'v.voucherNo',
      'v.status as voucherStatus',
      's.builtAt',
      's.confirmRequestedAt',
      's.confirmedAt',
      's.confirmedBy',
      's.disputedAt',
      's.disputeReason',
      's.postedAt',
      's.updatedAt',
      's.version',
    ])
    .select((eb) =>
      eb
        .selectFrom('settlementAdjustment as a')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('a.settleNo', '=', 's.settleNo')
        .where('a.status', '=', 'REQUESTED')
        .as('pendingAdjustments'),
    );
}

type Raw = Awaited<ReturnType<ReturnType<typeof selectRow>['executeTakeFirstOrThrow']>>;

// The answer's row, declared once: from Kysely's rows (a supplier's view, one settlement) and from
// the page statement's array rows alike (server/db/lists/answer-rows.ts).
const settlementRow = answerRow<Raw>()('settlements', (f) => ({
  settleNo: f('settleNo'),
  compNo: f('compNo'),
  compName: f('compName'),
  taxNo: f('taxNo'),
  period: f('period'),
  status: f('status'),
  lineCount: f('lineCount'),
  krwGoodsAmount: f('krwGoodsAmount'),
  jpyGoodsAmount: f('jpyGoodsAmount', won),
  jpyKrwAmount: f('jpyKrwAmount'),
  goodsAmount: f('goodsAmount'),
  adjustmentAmount: f('adjustmentAmount'),
  totalAmount: f('totalAmount'),
  jpyRate: f('jpyRate', (v) => (v === null ? null : v.replace(/\.?0+$/, ''))),
  jpyRateSource: f('jpyRateSource'),
  voucherNo: f('voucherNo', orNull),
  voucherStatus: f('voucherStatus', orNull),
  builtAt: f('builtAt', isoOf),
  confirmRequestedAt: f('confirmRequestedAt', iso),
  confirmedAt: f('confirmedAt', iso),
  confirmedBy: f('confirmedBy'),
  disputedAt: f('disputedAt', iso),
  disputeReason: f('disputeReason'),
  postedAt: f('postedAt', iso),
  updatedAt: f('updatedAt', isoOf),
  version: f('version'),
  pendingAdjustments: f('pendingAdjustments', count),
}));

const toSettlementRow = (r: Raw) => settlementRow.fromObject(r);

const SORT: Record<(typeof SETTLE_SORT)[number], string> = {
  settleNo: 's.settleNo',
  period: 's.period',
  compNo: 's.compNo',
  compName: 'c.compNameKr',
  status: 's.status',
  lineCount: 's.lineCount',
  goodsAmount: 's.goodsAmount',
  adjustmentAmount: 's.adjustmentAmount',
  totalAmount: 's.totalAmount',
  updatedAt: 's.updatedAt',
};

// Built and compiled once per shape (server/db/lists/shaped.ts): the filters given, the sort, the page's mode.
const pageStatement = shaped(
  'listSettlements.page',
  (db: Db, v: SettlementValues & { page: KeysetValues }, ks: Keyset) =>
    selectRow(base(db, v))
      // The list's count and sums carried by the page's own statement: one uncorrelated subquery of the
      // same filter (run once, as an InitPlan), its four values one JSON array (sums as text: exact).
      .select(
        base(db, v)
          .select(
            sql<unknown>`json_build_array(count(*), cast(sum(s.goods_amount) as text), cast(sum(s.adjustment_amount) as text), cast(sum(s.total_amount) as text))`.as(
              't',
            ),
          )
          .as('listTotals'),
      )
      .$call((x) => ks.select(x))
      .$call((x) => ks.page(x, v.page)),
);
const totalsStatement = shaped('listSettlements.totals', (db: Db, v: SettlementValues) =>
  base(db, v).select((eb) => [
    eb.fn.countAll<number>().as('n'),
    eb.fn.sum<string>('s.goodsAmount').as('goods'),
    eb.fn.sum<string>('s.adjustmentAmount').as('adj'),
    eb.fn.sum<string>('s.totalAmount').as('total'),
  ]),
);

/** The count and sums the page's statement carried (json: a value or its text, as the driver gives it). */
function carriedTotals(cell: unknown) {
  const [n, goods, adj, total] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [
    number,
    string | null,
    string | null,
    string | null,
  ];
  return { n, goods, adj, total };
}

export async function listSettlements(
  db: Db,
  f: SettlementFilter,
  sort: SortSpec<(typeof SETTLE_SORT)[number]>,
  w: PageWindow,
) {
  const v = settlementValues(f);
  // Every sort column is NOT NULL (the company's name through an inner join).
  const ks = keyset(
    sortId(sort),
    [
      { ref: SORT[sort.field], direction: sort.direction },
      { ref: 's.settleNo', direction: 'desc' },
    ],
    w,
  );
  const fetched = await pageStatement.fetch(db, ks.shape, { ...v, page: ks.values }, ks);
  // Only a page found empty past the first needs the totals of its own (an empty first page has none).
  const agg =
    fetched.rows.length > 0
      ? carriedTotals(fetched.get(fetched.rows[0], 'listTotals'))
      : ks.byCursor || w.offset > 0
        ? (await totalsStatement.execute(db, '', v))[0]
        : { n: 0, goods: null, adj: null, total: null };
  const page = ks.answer(fetched.rows, fetched.get);
  const toRow = fetched.answer(settlementRow);
  return {
    rows: page.rows.map((r) => toRow(r)),
    total: Number(agg.n),
    totals: {
      goodsAmount: won(agg.goods ?? '0'),
      adjustmentAmount: won(agg.adj ?? '0'),
      totalAmount: won(agg.total ?? '0'),
    },
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

export async function findSettlement(db: Db, settleNo: string, visible?: readonly string[]) {
  const r = await selectRow(base(db, { visible })).where('s.settleNo', '=', settleNo).executeTakeFirst();
  return r ? toSettlementRow(r) : undefined;
}

export async function settlementLines(db: Db, settleNo: string) {
  const rows = await db
    .selectFrom('settlementLine')
    .selectAll()
    .where('settleNo', '=', settleNo)
    .orderBy('lineNo')
    .execute();
  return rows.map((l) => ({
    lineNo: l.lineNo,
    whReqNo: l.whReqNo,
    whLineNo: l.whLineNo,
    poNo: l.poNo,
    poLineNo: l.poLineNo,
    itemCode: l.itemCode,
    itemName: l.itemName,
    spec: l.spec,
    unitCode: l.unitCode,
    expenses: l.expenses,
    lastDeciDate: l.lastDeciDate,
    quantity: qty(l.quantity),
    PRICE: amt(l.unitPrice),
    currency: l.currency,
    AMT: amt(l.amount),
    krwAmount: won(l.krwAmount),
  }));
}

function adjustmentBase(db: Db) {
  return db
    .selectFrom('settlementAdjustment as a')
    .innerJoin('settlement as s', 's.settleNo', 'a.settleNo')
    .innerJoin('company as c', 'c.compNo', 'a.compNo')
    .leftJoin('appUser as ru', 'ru.userId', 'a.requestedBy')
    .leftJoin('appUser as du', 'du.userId', 'a.decidedBy');
}

function selectAdjustment(q: ReturnType<typeof adjustmentBase>) {
  return q.select([
    'a.adjNo',
    'a.settleNo',
    'a.compNo',
    'c.compNameKr as compName',
    's.period',
    's.status as settlementStatus',
    'a.amount',
    'a.reason',
    'a.status',
    'a.requestedBy',
    'a.requestedAt',
    'a.decidedBy',
    'a.decidedAt',
    'a.decisionComment',
    'a.reductionNo',
    'a.version',
    'ru.hname as requestedByName',
    'du.hname as decidedByName',
  ]);
}

type AdjRaw = Awaited<ReturnType<ReturnType<typeof selectAdjustment>['executeTakeFirstOrThrow']>>;
const toAdjustmentRow = (a: AdjRaw) => ({
  ...a,
  amount: won(a.amount),
  requestedAt: iso(a.requestedAt)!,
  decidedAt: iso(a.decidedAt),
});

export async function settlementAdjustments(db: Db, settleNo: string, onlyApproved = false) {
  let q = selectAdjustment(adjustmentBase(db)).where('a.settleNo', '=', settleNo);
  if (onlyApproved) q = q.where('a.status', '=', 'APPROVED');
  return (await q.orderBy('a.adjNo').execute()).map(toAdjustmentRow);
}

export async function findAdjustment(db: Db, adjNo: string) {
  const a = await selectAdjustment(adjustmentBase(db)).where('a.adjNo', '=', adjNo).executeTakeFirst();
  return a ? toAdjustmentRow(a) : undefined;
}

export interface AdjustmentFilter {
  adjNo?: string;
  settleNo?: string;
  compNo?: string;
  compName?: string;
  periodFrom?: string;
  periodTo?: string;
  status?: string[];
  from?: string;
  to?: string;
}

const ADJ_SORT: Record<(typeof ADJUST_SORT)[number], string> = {
  adjNo: 'a.adjNo',
  settleNo: 'a.settleNo',
  period: 's.period',
  compName: 'c.compNameKr',
  amount: 'a.amount',
  status: 'a.status',
  requestedAt: 'a.requestedAt',
  decidedAt: 'a.decidedAt',
};

export async function listAdjustments(
  db: Db,
  f: AdjustmentFilter,
  sort: SortSpec<(typeof ADJUST_SORT)[number]>,
  w: Window,
) {
  let q = adjustmentBase(db);
  if (f.adjNo) q = q.where('a.adjNo', 'ilike', contains(f.adjNo));
  if (f.settleNo) q = q.where('a.settleNo', 'ilike', contains(f.settleNo));
  if (f.compNo) q = q.where('a.compNo', '=', f.compNo);
  if (f.compName) q = q.where('c.compNameKr', 'ilike', contains(f.compName));
  if (f.periodFrom) q = q.where('s.period', '>=', f.periodFrom);
  if (f.periodTo) q = q.where('s.period', '<=', f.periodTo);
  if (f.status?.length) q = q.where('a.status', 'in', f.status as never[]);
  if (f.from) q = q.where('a.requestedAt', '>=', kstDayStart(f.from!));
  if (f.to) q = q.where('a.requestedAt', '<', kstDayStart(f.to!, 1));
  const [rows, agg] = await Promise.all([
    selectAdjustment(q)
      .orderBy(sql.ref(ADJ_SORT[sort.field]), sort.direction)
      .orderBy('a.adjNo', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    q
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<string>('a.amount').as('amount')])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toAdjustmentRow), total: Number(agg.n), totals: { amount: won(agg.amount ?? '0') } };
}

/** Audit trail of a settlement, its adjustments and its voucher, oldest first. */
export async function settlementHistory(db: Db, settleNo: string) {
  const adjNos = (
    await db.selectFrom('settlementAdjustment').select('adjNo').where('settleNo', '=', settleNo).execute()
  ).map((a) => a.adjNo);
  // Its own voucher and its payment's charge voucher (a correction belongs to its invoice's history).
  const vouchers = (
    await db
      .selectFrom('erpVoucher')
      .select('voucherNo')
      .where('settleNo', '=', settleNo)
      .where('kind', 'in', ['SETTLEMENT', 'SUBCON_CHARGE'])
      .execute()
  ).map((v) => v.voucherNo);
  const rows = await db
    .selectFrom('auditLog')
    .select(['at', 'entity', 'entityKey', 'action', 'actor', 'reason', 'beforeData', 'afterData'])
    .where((eb) =>
      eb.or([
        eb.and([eb('entity', '=', 'settlement'), eb('entityKey', '=', settleNo)]),
        ...(adjNos.length ? [eb.and([eb('entity', '=', 'settlement_adjustment'), eb('entityKey', 'in', adjNos)])] : []),
        ...(vouchers.length ? [eb.and([eb('entity', '=', 'erp_voucher'), eb('entityKey', 'in', vouchers)])] : []),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    at: iso(r.at)!,
    entity: r.entity,
    entityKey: r.entityKey,
    action: r.action,
    actor: r.actor,
    reason: r.reason,
    before: r.beforeData,
    after: r.afterData,
  }));
}

/** The month's own JPY rate (KRW per 100 yen), if one is set. */
export async function findMonthlyJpyRate(db: Db, period: string): Promise<string | undefined> {
  return (
    await db
      .selectFrom('fxRate')
      .select('rate')
      .where('currency', '=', 'JPY')
      .where('period', '=', period)
      .executeTakeFirst()
  )?.rate;
}

/** Finally decided receipt lines decided on or before the end of `period` that no settlement holds yet. */
export async function unsettledDecidedLines(
  db: Db,
  period: string,
  compNo?: string,
): Promise<Array<DecidedLine & { compNo: string }>> {
  let q = db
    .selectFrom('whReceiptLine as l')
    .innerJoin('whReceipt as r', 'r.whReqNo', 'l.whReqNo')
    .innerJoin('poLine as p', (j) => j.onRef('p.poNo', '=', 'l.poNo').onRef('p.lineNo', '=', 'l.poLineNo'))
    .select([
      'r.compNo',
      'l.whReqNo',
      'l.lineNo as whLineNo',
      'l.poNo',
      'l.poLineNo',
      'l.itemCode',
      'l.itemName',
      'l.spec',
      'l.unitCode',
      'r.expenses',
      'r.lastDeciDate',
      'l.quantity',
      'p.unitPrice',
      'r.currency',
    ])
    .where('r.status', '=', 'DECIDED')
    .where('r.lastDeciDate', '<=', lastDayOf(period))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('settlementLine as sl')
            .select('sl.lineNo')
            .whereRef('sl.whReqNo', '=', 'l.whReqNo')
            .whereRef('sl.whLineNo', '=', 'l.lineNo'),
        ),
      ),
    );
  if (compNo) q = q.where('r.compNo', '=', compNo);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, lastDeciDate: r.lastDeciDate!, currency: r.currency as Currency }));
}

export async function insertSettlementLines(
  trx: Db,
  settleNo: string,
  compNo: string,
  lines: readonly SettledLine[],
): Promise<void> {
  const values = lines.map((l) => ({
    settleNo,
    lineNo: l.lineNo,
    compNo,
    whReqNo: l.whReqNo,
    whLineNo: l.whLineNo,
    poNo: l.poNo,
    poLineNo: l.poLineNo,
    itemCode: l.itemCode,
    itemName: l.itemName,
    spec: l.spec,
    unitCode: l.unitCode,
    expenses: l.expenses,
    lastDeciDate: l.lastDeciDate,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    currency: l.currency,
    amount: l.amount,
    krwAmount: l.krwAmount,
  }));
  for (let i = 0; i < values.length; i += 500)
    await trx
      .insertInto('settlementLine')
      .values(values.slice(i, i + 500))
      .execute();
  await settleLineTaxTypes(trx, settleNo);
}

/**
 * Each new line's tax type (docs/tax-invoices.md "Tax types"): the item's own, else the supplier's
 * default; a line zero-rated (영세율) carries the supplier's 내국신용장/구매확인서 it was zero-rated under.
 */
async function settleLineTaxTypes(trx: Db, settleNo: string): Promise<void> {
  await sql`
    update settlement_line sl
       set tax_type = t.tax_type,
           zero_rated_doc_kind = case when t.tax_type = 'ZERO_RATED' then t.doc_kind end,
           zero_rated_doc_no = case when t.tax_type = 'ZERO_RATED' then t.doc_no end
      from (select l.line_no, coalesce(i.tax_type, c.tax_type) as tax_type,
                   c.zero_rated_doc_kind as doc_kind, c.zero_rated_doc_no as doc_no
              from settlement_line l
              join company c on c.comp_no = l.comp_no
              left join item i on i.item_code = l.item_code
             where l.settle_no = ${settleNo}) t
     where sl.settle_no = ${settleNo} and sl.line_no = t.line_no`.execute(trx);
}

/** Approved adjustments into the totals (goods stay as built). Returns the new totals. */
export async function approvedAdjustmentAmounts(trx: Db, settleNo: string): Promise<string[]> {
  return (
    await trx
      .selectFrom('settlementAdjustment')
      .select('amount')
      .where('settleNo', '=', settleNo)
      .where('status', '=', 'APPROVED')
      .execute()
  ).map((a) => a.amount);
}

export type MatchScope = { settleNo: string } | { period: string; compNo?: string } | { poNo: string };

/** Three-way match rows for the order lines in scope. */
export async function matchRows(db: Db, scope: MatchScope) {
  let q = db
    .selectFrom('poLine as p')
    .innerJoin('poHeader as h', 'h.poNo', 'p.poNo')
    .select([
      'p.poNo',
      'p.lineNo as poLineNo',
      'h.compNo',
      'p.itemName',
      'h.currency',
      'p.unitPrice',
      'p.quantity',
      'p.amount',
      'p.deliveredQty',
      'p.receivedQty',
    ])
    .select((eb) => {
      // An order line's (p) receipt lines with their receipts, and its settlement lines.
      const receiptLines = () =>
        eb
          .selectFrom('whReceiptLine as rl')
          .innerJoin('whReceipt as r', 'r.whReqNo', 'rl.whReqNo')
          .whereRef('rl.poNo', '=', 'p.poNo')
          .whereRef('rl.poLineNo', '=', 'p.lineNo');
      const settledLines = () =>
        eb
          .selectFrom('settlementLine as sl')
          .whereRef('sl.poNo', '=', 'p.poNo')
          .whereRef('sl.poLineNo', '=', 'p.lineNo');
      return [
        eb
          .selectFrom('deliveryLine as dl')
          .innerJoin('delivery as d', 'd.deliveryNo', 'dl.deliveryNo')
          .select(sql<string>`sum(${sql.ref('dl.quantity')} - ${sql.ref('dl.shortQty')})`.as('x'))
          .whereRef('dl.poNo', '=', 'p.poNo')
          .whereRef('dl.poLineNo', '=', 'p.lineNo')
          .where('d.status', '<>', 'CANCELLED')
          .as('deliveryLinesQty'),
        receiptLines()
          .select((e) => e.fn.sum<string>('rl.quantity').as('x'))
          .where('r.status', '<>', 'CANCELLED')
          .as('receiptLinesQty'),
        receiptLines()
          .select((e) => e.fn.sum<string>('rl.amount').as('x'))
          .where('r.status', '<>', 'CANCELLED')
          .as('receivedAmount'),
        receiptLines()
          .select((e) => e.fn.sum<string>('rl.quantity').as('x'))
          .where('r.status', '=', 'DECIDED')
          .as('decidedQty'),
        receiptLines()
          .select((e) => e.fn.countAll<number>().as('x'))
          .where('r.status', '<>', 'CANCELLED')
          .whereRef('rl.unitPrice', '<>', 'p.unitPrice')
          .as('receiptPriceMismatches'),
        settledLines()
          .select((e) => e.fn.sum<string>('sl.quantity').as('x'))
          .as('settledQty'),
        settledLines()
          .select((e) => e.fn.sum<string>('sl.amount').as('x'))
          .as('settledAmount'),
        settledLines()
          .select((e) => e.fn.countAll<number>().as('x'))
          .whereRef('sl.unitPrice', '<>', 'p.unitPrice')
          .as('settlePriceMismatches'),
        settledLines()
          .select((e) => e.fn.countAll<number>().as('x'))
          .where(
            sql<boolean>`${sql.ref('sl.amount')} <> round(${sql.ref('sl.quantity')} * ${sql.ref('sl.unitPrice')}, 0)`,
          )
          .as('amountMismatches'),
      ];
    });
  if ('settleNo' in scope) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('settlementLine as s2')
          .select('s2.lineNo')
          .whereRef('s2.poNo', '=', 'p.poNo')
          .whereRef('s2.poLineNo', '=', 'p.lineNo')
          .where('s2.settleNo', '=', scope.settleNo),
      ),
    );
  } else if ('period' in scope) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('settlementLine as s2')
          .innerJoin('settlement as s3', 's3.settleNo', 's2.settleNo')
          .select('s2.lineNo')
          .whereRef('s2.poNo', '=', 'p.poNo')
          .whereRef('s2.poLineNo', '=', 'p.lineNo')
          .where('s3.period', '=', scope.period)
          .$if(scope.compNo !== undefined, (qb) => qb.where('s3.compNo', '=', scope.compNo!)),
      ),
    );
  } else {
    q = q.where('p.poNo', '=', scope.poNo);
  }
  const rows = await q.orderBy('p.poNo').orderBy('p.lineNo').limit(20_000).execute();
  return rows.map((r) => {
    const z = (v: string | null | undefined) => v ?? '0';
    const m = {
      orderedQty: r.quantity,
      deliveredQty: r.deliveredQty,
      receivedQty: r.receivedQty,
      deliveryLinesQty: z(r.deliveryLinesQty),
      receiptLinesQty: z(r.receiptLinesQty),
      decidedQty: z(r.decidedQty),
      settledQty: z(r.settledQty),
      priceMismatches: Number(r.receiptPriceMismatches ?? 0) + Number(r.settlePriceMismatches ?? 0),
      amountMismatches: Number(r.amountMismatches ?? 0),
    };
    const { status, issues } = matchIssues(m);
    return {
      poNo: r.poNo,
      poLineNo: r.poLineNo,
      compNo: r.compNo,
      itemName: r.itemName,
      currency: r.currency,
      PRICE: amt(r.unitPrice),
      orderedQty: qty(r.quantity),
      orderedAmount: amt(r.amount),
      deliveredQty: qty(r.deliveredQty),
      receivedQty: qty(r.receivedQty),
      decidedQty: qty(m.decidedQty),
      settledQty: qty(m.settledQty),
      receivedAmount: amt(z(r.receivedAmount)),
      settledAmount: amt(z(r.settledAmount)),
      status,
      issues,
    };
  });
}

/* ------------------------------ a settlement's writes ------------------------------ */

/** Serialises settlement builds (PGlite and PostgreSQL alike): two builds never collect the same receipt. */
const BUILD_LOCK = 2026_1030;

export async function lockSettlementBuilds(trx: Db) {
  await sql`select pg_advisory_xact_lock(${BUILD_LOCK})`.execute(trx);
}

/** The settlement locked for a change (the whole row: the checks and the audit read it). */
export function lockSettlement(trx: Db, settleNo: string) {
  return trx.selectFrom('settlement').selectAll().where('settleNo', '=', settleNo).forUpdate().executeTakeFirst();
}

/** The month's settlements (one supplier's, when named), locked for a build. */
export function lockSettlementsOfPeriod(trx: Db, period: string, compNo: string | undefined) {
  return trx
    .selectFrom('settlement')
    .selectAll()
    .where('period', '=', period)
    .$if(compNo !== undefined, (q) => q.where('compNo', '=', compNo!))
    .forUpdate()
    .execute();
}

export async function insertSettlement(trx: Db, values: Insertable<Database['settlement']>) {
  await trx.insertInto('settlement').values(values).execute();
}

export async function updateSettlement(trx: Db, settleNo: string, values: Updateable<Database['settlement']>) {
  await trx.updateTable('settlement').set(values).where('settleNo', '=', settleNo).execute();
}

export async function deleteSettlementLines(trx: Db, settleNos: string[]) {
  await trx.deleteFrom('settlementLine').where('settleNo', 'in', settleNos).execute();
}

export async function companyExists(trx: Db, compNo: string): Promise<boolean> {
  return (
    (await trx.selectFrom('company').select('compNo').where('compNo', '=', compNo).executeTakeFirst()) !== undefined
  );
}

/** The adjustments of a settlement still awaiting approval. */
export function findPendingAdjustments(trx: Db, settleNo: string) {
  return trx
    .selectFrom('settlementAdjustment')
    .select('adjNo')
    .where('settleNo', '=', settleNo)
    .where('status', '=', 'REQUESTED')
    .execute();
}

export async function insertAdjustment(trx: Db, values: Insertable<Database['settlementAdjustment']>) {
  await trx.insertInto('settlementAdjustment').values(values).execute();
}

export function lockAdjustment(trx: Db, adjNo: string) {
  return trx.selectFrom('settlementAdjustment').selectAll().where('adjNo', '=', adjNo).forUpdate().executeTakeFirst();
}

export async function updateAdjustment(trx: Db, adjNo: string, values: Updateable<Database['settlementAdjustment']>) {
  await trx.updateTable('settlementAdjustment').set(values).where('adjNo', '=', adjNo).execute();
}

/* ------------------------------ monthly rates ------------------------------ */

const fxRow = <R extends { rate: string; updatedAt: string }>(r: R) => ({ ...r, rate: r.rate.replace(/\.?0+$/, '') });

export async function listFxRates(db: Db, f: { periodFrom?: string; periodTo?: string }, w: Window) {
  let q = db.selectFrom('fxRate');
  if (f.periodFrom) q = q.where('period', '>=', f.periodFrom);
  if (f.periodTo) q = q.where('period', '<=', f.periodTo);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('period', 'desc').orderBy('currency').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(fxRow), total: Number(count.n) };
}

export async function findFxRate(db: Db, currency: 'JPY', period: string) {
  return fxRow(
    await db
      .selectFrom('fxRate')
      .selectAll()
      .where('currency', '=', currency)
      .where('period', '=', period)
      .executeTakeFirstOrThrow(),
  );
}

export function lockFxRate(trx: Db, currency: 'JPY', period: string) {
  return trx
    .selectFrom('fxRate')
    .selectAll()
    .where('currency', '=', currency)
    .where('period', '=', period)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateFxRate(trx: Db, currency: 'JPY', period: string, values: Updateable<Database['fxRate']>) {
  await trx.updateTable('fxRate').set(values).where('currency', '=', currency).where('period', '=', period).execute();
}

export async function insertFxRate(trx: Db, values: Insertable<Database['fxRate']>) {
  await trx.insertInto('fxRate').values(values).execute();
}
