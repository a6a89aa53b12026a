import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { likeEscape, type SortSpec } from '../../../http/list-query.js';
import { dateRange } from '../../../domain/dates.js';
import { failIf, type FieldError } from '../../../domain/errors.js';
import { amt, qty, totalOf } from '../../../domain/money.js';
import { iso, text } from '../../../domain/values.js';
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
    poNo: t(q.poNo), whReqNo: t(q.whReqNo), whAppNo: t(q.whAppNo), section: t(q.section), deptName: t(q.deptName), eprName: t(q.eprName),
    receiveName: t(q.receiveName), expenses: t(q.expenses), approvalStatus: q.approvalStatus?.length ? q.approvalStatus : undefined,
    status: q.status?.length ? q.status : undefined, reqFrom: req.from, reqTo: req.to, deciFrom: deci.from, deciTo: deci.to,
    system: q.system || undefined, sourceSystemList: q.sourceSystemList?.length ? q.sourceSystemList : undefined,
  };
}

const contains = (v: string) => `%${likeEscape(v)}%`;
type Window = { limit: number; offset: number };

function base(db: Db, f: WhFilter) {
  let q = db
    .selectFrom('whReceipt as r')
    .innerJoin('company as c', 'c.compNo', 'r.compNo')
    .innerJoin('businessSection as b', 'b.topDept', 'r.section')
    .innerJoin('department as dp', 'dp.deptcd', 'r.deptcd')
    .leftJoin('employee as ep', 'ep.singleid', 'r.eprId')
    .leftJoin('employee as rv', 'rv.singleid', 'r.receiverId')
    .leftJoin('delivery as dl', 'dl.deliveryNo', 'r.deliveryNo');
  if (f.poNo) q = q.where('r.poNo', 'ilike', contains(f.poNo));
  if (f.whReqNo) q = q.where('r.whReqNo', 'ilike', contains(f.whReqNo));
  if (f.whAppNo) q = q.where('r.whAppNo', 'ilike', contains(f.whAppNo));
  if (f.section) q = q.where('r.section', '=', f.section);
  if (f.deptName) q = q.where('dp.deptnm', 'ilike', contains(f.deptName));
  if (f.eprName) q = q.where('ep.hname', 'ilike', contains(f.eprName));
  if (f.receiveName) q = q.where('rv.hname', 'ilike', contains(f.receiveName));
  if (f.expenses) q = q.where('r.expenses', '=', f.expenses);
  if (f.approvalStatus) q = q.where('r.approvalStatus', 'in', f.approvalStatus as never[]);
  if (f.status) q = q.where('r.status', 'in', f.status as never[]);
  if (f.reqFrom) q = q.where('r.whReqDate', '>=', f.reqFrom);
  if (f.reqTo) q = q.where('r.whReqDate', '<=', f.reqTo);
  if (f.deciFrom) q = q.where('r.lastDeciDate', '>=', f.deciFrom);
  if (f.deciTo) q = q.where('r.lastDeciDate', '<=', f.deciTo);
  if (f.system === 'GPMS') q = q.where('r.sourceSystem', '=', NATIVE_SYSTEM);
  if (f.system === 'OTHER') q = q.where('r.sourceSystem', '<>', NATIVE_SYSTEM);
  if (f.sourceSystemList) q = q.where('r.sourceSystem', 'in', f.sourceSystemList);
  if (f.compNo) q = q.where('r.compNo', '=', f.compNo);
  return q;
}

const HEADER_COLUMNS = [
  'r.whReqNo', 'r.whAppNo', 'r.poNo', 'r.deliveryNo', 'r.compNo', 'c.compNameKr as compName', 'r.sourceSystem', 'r.externalRef', 'r.section', 'b.sectionName',
  'r.deptcd', 'dp.deptnm as deptName', 'r.eprId', 'ep.hname as eprName', 'r.receiverId', 'rv.hname as receiveName', 'r.expenses', 'r.status', 'r.approvalStatus',
  'r.currency', 'r.whReqDate', 'r.lastDeciDate', 'dl.fileId',
] as const;

function selectHeader(q: ReturnType<typeof base>) {
  return q
    .select(HEADER_COLUMNS)
    .select(['r.totalAmount', 'r.approvedAt', 'r.approverId', 'r.decidedBy', 'r.rejectReason', 'r.cancelReason', 'r.remark', 'r.requestedBy', 'r.createdAt', 'r.updatedAt', 'r.version'])
    .select((eb) => [
      eb.selectFrom('whReceiptLine as l').select((e) => e.fn.countAll<number>().as('n')).whereRef('l.whReqNo', '=', 'r.whReqNo').as('lineCount'),
      eb.selectFrom('settlementLine as sl').select('sl.settleNo').whereRef('sl.whReqNo', '=', 'r.whReqNo').limit(1).as('settleNo'),
    ]);
}

type HeaderRaw = Awaited<ReturnType<ReturnType<typeof selectHeader>['executeTakeFirstOrThrow']>>;

export function toWarehousingRow(r: HeaderRaw) {
  const { fileId, totalAmount, remark, lineCount, approvedAt, createdAt, updatedAt, settleNo, ...rest } = r;
  return {
    ...rest, FILE_SEQ: fileId ?? null, settleNo: settleNo ?? null, AMT: amt(totalAmount), lineCount: Number(lineCount ?? 0), approvedAt: iso(approvedAt), BIGO: remark,
    createdAt: iso(createdAt)!, updatedAt: iso(updatedAt)!,
  };
}

const SORT: Record<(typeof WH_ITEM_SORT)[number], string> = {
  whReqNo: 'r.whReqNo', whAppNo: 'r.whAppNo', poNo: 'r.poNo', compName: 'c.compNameKr', sectionName: 'b.sectionName', deptName: 'dp.deptnm', eprName: 'ep.hname',
  receiveName: 'rv.hname', expenses: 'r.expenses', status: 'r.status', approvalStatus: 'r.approvalStatus', whReqDate: 'r.whReqDate', lastDeciDate: 'r.lastDeciDate',
  AMT: 'r.totalAmount', sourceSystem: 'r.sourceSystem', lineNo: 'l.lineNo', itemCode: 'l.itemCode', itemName: 'l.itemName', quantity: 'l.quantity', PRICE: 'l.unitPrice',
};

async function currencyTotals(rows: Array<{ currency: string; total: string | null }>): Promise<{ KRW: string; JPY: string }> {
  const of = (c: string) => amt(totalOf(rows.filter((r) => r.currency === c).map((r) => r.total ?? '0')));
  return { KRW: of('KRW'), JPY: of('JPY') };
}

export async function listWarehousing(db: Db, f: WhFilter, sort: SortSpec<(typeof WH_SORT)[number]>, w: Window) {
  const q = base(db, f);
  const [rows, count, totals] = await Promise.all([
    selectHeader(q).orderBy(sql.ref(SORT[sort.field]), sort.direction).orderBy('r.whReqNo', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q.select(['r.currency']).select((eb) => eb.fn.sum<string>('r.totalAmount').as('total')).groupBy('r.currency').execute(),
  ]);
  return { rows: rows.map(toWarehousingRow), total: Number(count.n), totals: await currencyTotals(totals) };
}

function itemsBase(db: Db, f: WhFilter) {
  return base(db, f).innerJoin('whReceiptLine as l', 'l.whReqNo', 'r.whReqNo');
}

function selectItems(q: ReturnType<typeof itemsBase>) {
  return q
    .select(HEADER_COLUMNS)
    .select(['l.lineNo', 'l.poLineNo', 'l.deliveryLineNo', 'l.itemCode', 'l.itemName', 'l.spec', 'l.unitCode', 'l.quantity', 'l.unitPrice', 'l.amount', 'l.remark'])
    .select((eb) => eb.selectFrom('settlementLine as sl').select('sl.settleNo').whereRef('sl.whReqNo', '=', 'l.whReqNo').whereRef('sl.whLineNo', '=', 'l.lineNo').as('settleNo'));
}

type ItemRaw = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;
const toItemRow = ({ fileId, unitPrice, amount, remark, quantity, settleNo, ...r }: ItemRaw) => ({
  ...r, FILE_SEQ: fileId ?? null, settleNo: settleNo ?? null, quantity: qty(quantity), PRICE: amt(unitPrice), AMT: amt(amount), BIGO: remark,
});
export type WarehousingItem = ReturnType<typeof toItemRow>;

export async function listWarehousingItems(db: Db, f: WhFilter, sort: SortSpec<(typeof WH_ITEM_SORT)[number]>, w: Window) {
  const q = itemsBase(db, f);
  const [rows, count, totals] = await Promise.all([
    selectItems(q).orderBy(sql.ref(SORT[sort.field]), sort.direction).orderBy('r.whReqNo', 'desc').orderBy('l.lineNo').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q.select(['r.currency']).select((eb) => eb.fn.sum<string>('l.amount').as('total')).groupBy('r.currency').execute(),
  ]);
  return { rows: rows.map(toItemRow), total: Number(count.n), totals: await currencyTotals(totals) };
}

export async function countWarehousingItems(db: Db, f: WhFilter): Promise<number> {
  return Number((await itemsBase(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

/** Receipt lines in (whReqNo, lineNo) order after a key: the extract reads them page by page. */
export async function warehousingItemsAfter(db: Db, f: WhFilter, after: { whReqNo: string; lineNo: number } | null, limit: number): Promise<WarehousingItem[]> {
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
    .select(['lineNo', 'poNo', 'poLineNo', 'deliveryLineNo', 'itemCode', 'itemName', 'spec', 'unitCode', 'quantity', 'unitPrice', 'amount', 'remark'])
    .where('whReqNo', '=', whReqNo)
    .orderBy('lineNo')
    .execute();
  const receipt = toWarehousingRow(r);
  return {
    ...receipt,
    receipt,
    lines: lines.map(({ unitPrice, amount, remark, quantity, ...l }) => ({ ...l, quantity: qty(quantity), PRICE: amt(unitPrice), AMT: amt(amount), BIGO: remark })),
  };
}
