import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { amt, qty, won } from '../../../domain/money.js';

export interface SettlementExtractFilter {
  periodFrom?: string;
  periodTo?: string;
  compNo?: string;
  status?: string[];
}

function settlementBase(db: Db, f: SettlementExtractFilter) {
  let q = db
    .selectFrom('settlement as s')
    .innerJoin('company as c', 'c.compNo', 's.compNo')
    // The settlement's own voucher: a correcting one (an amended invoice's) or a payment's charges are not the
    // settlement's posting.
    .leftJoin('erpVoucher as v', (j) =>
      j.onRef('v.settleNo', '=', 's.settleNo').on('v.kind', '=', sql.lit('SETTLEMENT')),
    );
  if (f.periodFrom) q = q.where('s.period', '>=', f.periodFrom);
  if (f.periodTo) q = q.where('s.period', '<=', f.periodTo);
  if (f.compNo) q = q.where('s.compNo', '=', f.compNo);
  if (f.status?.length) q = q.where('s.status', 'in', f.status as never[]);
  return q;
}

export async function countSettlements(db: Db, f: SettlementExtractFilter, level: 'line' | 'header'): Promise<number> {
  const q =
    level === 'header'
      ? settlementBase(db, f)
      : settlementBase(db, f).innerJoin('settlementLine as l', 'l.settleNo', 's.settleNo');
  return Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

/** Settlement headers after a key, in settleNo order. */
export async function settlementHeadersAfter(db: Db, f: SettlementExtractFilter, after: string | null, limit: number) {
  let q = settlementBase(db, f).select([
    's.settleNo',
    's.period',
    's.status',
    's.compNo',
    'c.compNameKr',
    'c.taxNo2',
    's.lineCount',
    's.krwGoodsAmount',
    's.jpyGoodsAmount',
    's.jpyRate',
    's.jpyKrwAmount',
    's.goodsAmount',
    's.adjustmentAmount',
    's.totalAmount',
    's.confirmedAt',
    's.postedAt',
    'v.voucherNo',
    'v.status as voucherStatus',
    'v.erpDocNo',
  ]);
  if (after) q = q.where('s.settleNo', '>', after);
  const rows = await q.orderBy('s.settleNo').limit(limit).execute();
  return rows.map((r) => ({
    ...r,
    krwGoodsAmount: won(r.krwGoodsAmount),
    jpyGoodsAmount: won(r.jpyGoodsAmount),
    jpyKrwAmount: won(r.jpyKrwAmount),
    goodsAmount: won(r.goodsAmount),
    adjustmentAmount: won(r.adjustmentAmount),
    totalAmount: won(r.totalAmount),
    jpyRate: r.jpyRate?.replace(/\.?0+$/, '') ?? null,
    confirmedAt: r.confirmedAt?.slice(0, 10) ?? null,
    postedAt: r.postedAt?.slice(0, 10) ?? null,
  }));
}

/** Settlement lines after a key, in (settleNo, lineNo) order. */
export async function settlementLinesAfter(
  db: Db,
  f: SettlementExtractFilter,
  after: { settleNo: string; lineNo: number } | null,
  limit: number,
) {
  let q = settlementBase(db, f)
    .innerJoin('settlementLine as l', 'l.settleNo', 's.settleNo')
    .select([
      's.settleNo',
      's.period',
      's.status',
      's.compNo',
      'c.compNameKr',
      'l.lineNo',
      'l.whReqNo',
      'l.whLineNo',
      'l.poNo',
      'l.poLineNo',
      'l.itemCode',
      'l.itemName',
      'l.spec',
      'l.unitCode',
      'l.expenses',
      'l.lastDeciDate',
      'l.quantity',
      'l.unitPrice',
      'l.currency',
      'l.amount',
      'l.krwAmount',
      's.jpyRate',
      'v.voucherNo',
    ]);
  if (after)
    q = q.where((eb) => eb(eb.refTuple('l.settleNo', 'l.lineNo'), '>', eb.tuple(after.settleNo, after.lineNo)));
  const rows = await q.orderBy('l.settleNo').orderBy('l.lineNo').limit(limit).execute();
  return rows.map((r) => ({
    ...r,
    quantity: qty(r.quantity),
    unitPrice: amt(r.unitPrice),
    amount: amt(r.amount),
    krwAmount: won(r.krwAmount),
    jpyRate: r.jpyRate?.replace(/\.?0+$/, '') ?? null,
  }));
}
