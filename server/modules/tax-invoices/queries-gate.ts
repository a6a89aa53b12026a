/** What the posting gate reads beyond the invoices: the settlement's lines with their receipt and order lines. */
import type { Db } from '../../db/connect.js';

/** Each line of these settlements beside the receipt line it settles and the order line that priced it. */
export function gateLinesOf(db: Db, settleNos: readonly string[]) {
  if (settleNos.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('settlementLine as sl')
    .leftJoin('whReceiptLine as rl', (j) =>
      j.onRef('rl.whReqNo', '=', 'sl.whReqNo').onRef('rl.lineNo', '=', 'sl.whLineNo'),
    )
    .leftJoin('poLine as pl', (j) => j.onRef('pl.poNo', '=', 'sl.poNo').onRef('pl.lineNo', '=', 'sl.poLineNo'))
    .select([
      'sl.settleNo',
      'sl.lineNo',
      'sl.itemName',
      'sl.taxType',
      'sl.quantity',
      'sl.unitPrice',
      'sl.amount',
      'rl.quantity as receiptQuantity',
      'rl.amount as receiptAmount',
      'pl.unitPrice as poUnitPrice',
    ])
    .where('sl.settleNo', 'in', settleNos)
    .orderBy('sl.settleNo')
    .orderBy('sl.lineNo')
    .execute();
}
