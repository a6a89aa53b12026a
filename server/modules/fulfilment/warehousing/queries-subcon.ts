import type { Db } from '../../../db/connect.js';
import { lineClock } from '../../../domain/subcontracting.js';

/**
 * The received lines of 하도급 orders with what their clocks need: the receipt day, the order's payment term
 * and 발주자 payment day, the written result. Through a supplier's scoped db every table here is limited to
 * its own company, so a supplier reads only its own clocks.
 */
function clockRows(db: Db) {
  return db
    .selectFrom('whReceiptLine as l')
    .innerJoin('whReceipt as r', 'r.whReqNo', 'l.whReqNo')
    .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
    .select([
      'l.whReqNo',
      'l.lineNo',
      'l.poNo',
      'l.poLineNo',
      'l.itemName',
      'r.whReqDate',
      'h.subconKind',
      'h.paymentTermDays',
      'h.ownerPaidDate',
      'l.inspectionResult',
      'l.inspectionDate',
    ])
    .where('h.subconKind', 'is not', null)
    .where('r.status', '<>', 'CANCELLED')
    .orderBy('l.whReqNo')
    .orderBy('l.lineNo');
}

type ClockRow = Awaited<ReturnType<ReturnType<typeof clockRows>['execute']>>[number];

const withClock = (today: string) => (r: ClockRow) => ({
  clockKey: `${r.whReqNo}/${r.lineNo}`,
  whReqNo: r.whReqNo,
  lineNo: r.lineNo,
  poNo: r.poNo,
  poLineNo: r.poLineNo,
  itemName: r.itemName,
  subconKind: r.subconKind!,
  receivedOn: r.whReqDate,
  inspectionResult: r.inspectionResult,
  inspectionDate: r.inspectionDate,
  ...lineClock(r.whReqDate, today, r, r.inspectionResult),
});

/** The clocks of one receipt's lines (none when its order is not 하도급). */
export async function receiptClocks(db: Db, whReqNo: string, today: string) {
  return (await clockRows(db).where('l.whReqNo', '=', whReqNo).execute()).map(withClock(today));
}

/** The clocks of the lines received from one delivery. */
export async function deliveryClocks(db: Db, deliveryNo: string, today: string) {
  return (await clockRows(db).where('r.deliveryNo', '=', deliveryNo).execute()).map(withClock(today));
}

/** One receipt line with what the inspection clock needs (its receipt is locked by the caller). */
export function findClockLine(trx: Db, whReqNo: string, lineNo: number) {
  return trx
    .selectFrom('whReceiptLine as l')
    .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
    .select(['l.lineNo', 'l.inspectionResult', 'h.subconKind'])
    .where('l.whReqNo', '=', whReqNo)
    .where('l.lineNo', '=', lineNo)
    .executeTakeFirst();
}

export async function updateInspection(
  trx: Db,
  whReqNo: string,
  lineNo: number,
  v: { inspectionResult: 'PASS' | 'FAIL'; inspectionDate: string; inspectedBy: string },
) {
  await trx.updateTable('whReceiptLine').set(v).where('whReqNo', '=', whReqNo).where('lineNo', '=', lineNo).execute();
}
