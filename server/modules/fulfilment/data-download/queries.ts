import type { Db } from '../../../db/connect.js';
import { amt, qty, won } from '../../../domain/money.js';
import { matchingSettlements } from '../settlement/queries.js';

export interface SettlementExtractFilter {
  periodFrom?: string;
  periodTo?: string;
  compNo?: string;
  status?: string[];
}

export async function countSettlements(db: Db, f: SettlementExtractFilter, level: 'line' | 'header'): Promise<number> {
  const q =
    level === 'header'
      ? matchingSettlements(db, f)
      : matchingSettlements(db, f).innerJoin('settlementLine as l', 'l.settleNo', 's.settleNo');
  return Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

/** Settlement headers after a key, in settleNo order. */
export async function settlementHeadersAfter(db: Db, f: SettlementExtractFilter, after: string | null, limit: number) {
  let q = matchingSettlements(db, f).select([
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
  let q = matchingSettlements(db, f)
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
