/** What the match view reads (match.ts): a settlement, its lines beside their receipt and order lines, its invoices' lines. */
import type { Db } from '../../db/connect.js';

/** The settlement with its supplier's registration number; undefined when absent (or another company's, scoped). */
export function matchSettlement(db: Db, settleNo: string) {
  return db
    .selectFrom('settlement as s')
    .innerJoin('company as c', 'c.compNo', 's.compNo')
    .select([
      's.settleNo',
      's.compNo',
      'c.compNameKr as compName',
      'c.taxNo',
      's.period',
      's.status',
      's.totalAmount',
      's.adjustmentAmount',
    ])
    .where('s.settleNo', '=', settleNo)
    .executeTakeFirst();
}

/** Each settlement line beside the receipt line it settles and the order line it was ordered on. */
export function matchLines(db: Db, settleNo: string) {
  return db
    .selectFrom('settlementLine as sl')
    .leftJoin('whReceiptLine as rl', (j) =>
      j.onRef('rl.whReqNo', '=', 'sl.whReqNo').onRef('rl.lineNo', '=', 'sl.whLineNo'),
    )
    .leftJoin('poLine as pl', (j) => j.onRef('pl.poNo', '=', 'sl.poNo').onRef('pl.lineNo', '=', 'sl.poLineNo'))
    .select([
      'sl.lineNo',
      'sl.poNo',
      'sl.poLineNo',
      'sl.whReqNo',
      'sl.whLineNo',
      'sl.itemCode',
      'sl.itemName',
      'sl.spec',
      'sl.unitCode',
      'sl.taxType',
      'sl.currency',
      'sl.quantity',
      'sl.unitPrice',
      'sl.amount',
      'sl.krwAmount',
      'pl.quantity as poQuantity',
      'pl.unitPrice as poUnitPrice',
      'rl.quantity as receiptQuantity',
      'rl.amount as receiptAmount',
    ])
    .where('sl.settleNo', '=', settleNo)
    .orderBy('sl.lineNo')
    .execute();
}

/** The lines of these invoices. */
export function matchInvoiceLines(db: Db, mgtKeys: readonly string[]) {
  if (mgtKeys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('taxInvoiceLine')
    .select([
      'mgtKey',
      'lineNo',
      'itemName',
      'spec',
      'unitCode',
      'unitPrice',
      'supplyAmount',
      'taxAmount',
      'sourceCount',
    ])
    .where('mgtKey', 'in', mgtKeys)
    .orderBy('mgtKey')
    .orderBy('lineNo')
    .execute();
}
