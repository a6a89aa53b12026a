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

/**
 * The invoices awaiting a supplier (supplier-pending.ts), on `db` scoped to its company: requests and NTS refusals,
 * and requests withdrawn since `since`; requests first by their write date, then the rest newest first.
 */
export async function pendingForSupplier(db: Db, since: string, w: { limit: number; offset: number }) {
  const base = db
    .selectFrom('taxInvoice as t')
    .where((eb) =>
      eb.or([
        eb('t.status', 'in', ['REQUESTED', 'NTS_FAILED']),
        eb.and([eb('t.status', '=', 'CANCELLED'), eb('t.updatedAt', '>=', since)]),
      ]),
    );
  const [rows, count] = await Promise.all([
    base
      .select([
        't.mgtKey',
        't.settleNo',
        't.period',
        't.status',
        't.taxType',
        't.writeDate',
        't.totalAmount',
        't.memo',
        't.ntsResult',
        't.requestedAt',
        't.updatedAt',
      ])
      .orderBy((eb) => eb.case().when('t.status', '=', 'REQUESTED').then(0).else(1).end())
      .orderBy('t.writeDate')
      .orderBy('t.updatedAt', 'desc')
      .orderBy('t.mgtKey')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count };
}
