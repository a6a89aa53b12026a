import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { won } from '../../../domain/money.js';
import { iso } from '../../../domain/values.js';

/**
 * What the Subcontracting Act's payment rules read of a settlement (docs/subcontracting.md "Payment, interest and
 * fees", "감액 서면"): its lines of 하도급 orders with their receipt day and the order's payment terms, the FTC's dated
 * rates, and the 감액 서면 put to the supplier. Through a supplier's scoped db every table here with a company is
 * limited to its own.
 */
export async function subconLinesOf(db: Db, settleNo: string) {
  const rows = await db
    .selectFrom('settlementLine as l')
    .innerJoin('whReceipt as r', 'r.whReqNo', 'l.whReqNo')
    .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
    .select(['l.lineNo', 'l.krwAmount', 'r.whReqDate', 'h.subconKind', 'h.paymentTermDays', 'h.ownerPaidDate'])
    .where('l.settleNo', '=', settleNo)
    .where('h.subconKind', 'is not', null)
    .orderBy('l.lineNo')
    .execute();
  return rows.map((r) => ({
    lineNo: r.lineNo,
    amount: won(r.krwAmount),
    receivedOn: r.whReqDate,
    subconKind: r.subconKind!,
    paymentTermDays: r.paymentTermDays,
    ownerPaidDate: r.ownerPaidDate,
  }));
}

export async function subconRates(db: Db) {
  const rows = await db
    .selectFrom('subconRate')
    .select(['rateKind', 'effectiveFrom', 'ratePct'])
    .orderBy('rateKind')
    .orderBy('effectiveFrom')
    .execute();
  return rows.map((r) => ({ ...r, ratePct: String(Number(r.ratePct)) }));
}

export async function updatePayment(trx: Db, settleNo: string, values: Updateable<Database['settlement']>) {
  await trx.updateTable('settlement').set(values).where('settleNo', '=', settleNo).execute();
}

/**
 * The payment recorded on a settlement (all null while unpaid), with the voucher that posts its 지연이자 and fee
 * (null: none owed, or not paid yet).
 */
export async function paymentOf(db: Db, settleNo: string) {
  const r = await db
    .selectFrom('settlement as s')
    .leftJoin('erpVoucher as v', (j) =>
      j.onRef('v.settleNo', '=', 's.settleNo').on('v.kind', '=', sql.lit('SUBCON_CHARGE')),
    )
    .select([
      's.paidOn',
      's.paymentMethod',
      's.billMaturity',
      's.lateInterest',
      's.billFee',
      'v.voucherNo as chargeVoucherNo',
      'v.status as chargeVoucherStatus',
    ])
    .where('s.settleNo', '=', settleNo)
    .executeTakeFirstOrThrow();
  return {
    ...r,
    lateInterest: r.lateInterest === null ? null : won(r.lateInterest),
    billFee: r.billFee === null ? null : won(r.billFee),
  };
}

const reductionRow = (r: ReductionRecord) => ({
  reductionNo: r.reductionNo,
  settleNo: r.settleNo,
  compNo: r.compNo,
  amount: won(r.amount),
  reason: r.reason,
  status: r.status,
  createdBy: r.createdBy,
  createdAt: iso(r.createdAt)!,
  acknowledgedBy: r.acknowledgedBy,
  acknowledgedAt: iso(r.acknowledgedAt),
  adjNo: r.adjNo,
  version: r.version,
});

type ReductionRecord = Awaited<ReturnType<ReturnType<typeof reductionBase>['executeTakeFirstOrThrow']>>;

function reductionBase(db: Db) {
  return db
    .selectFrom('settlementReduction as d')
    .leftJoin('settlementAdjustment as a', 'a.reductionNo', 'd.reductionNo')
    .select([
      'd.reductionNo',
      'd.settleNo',
      'd.compNo',
      'd.amount',
      'd.reason',
      'd.status',
      'd.createdBy',
      'd.createdAt',
      'd.acknowledgedBy',
      'd.acknowledgedAt',
      'd.version',
      'a.adjNo',
    ]);
}

/** A settlement's 감액 서면, oldest first. */
export async function reductionsOf(db: Db, settleNo: string) {
  const rows = await reductionBase(db).where('d.settleNo', '=', settleNo).orderBy('d.reductionNo').execute();
  return rows.map(reductionRow);
}

export async function findReduction(db: Db, reductionNo: string) {
  const r = await reductionBase(db).where('d.reductionNo', '=', reductionNo).executeTakeFirst();
  return r ? reductionRow(r) : undefined;
}

/**
 * One page of a supplier's 감액 서면 awaiting its acknowledgement, or of all of them, newest first, with how many there
 * are; through its scoped db, only its own.
 */
export async function listReductions(
  db: Db,
  status: 'REQUESTED' | 'ACKNOWLEDGED' | undefined,
  window: { limit: number; offset: number },
) {
  const [rows, counted] = await Promise.all([
    reductionBase(db)
      .$if(status !== undefined, (q) => q.where('d.status', '=', status!))
      .orderBy('d.reductionNo', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    db
      .selectFrom('settlementReduction as d')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .$if(status !== undefined, (q) => q.where('d.status', '=', status!))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(reductionRow), total: Number(counted.n) };
}

export function lockReduction(trx: Db, reductionNo: string) {
  return trx
    .selectFrom('settlementReduction')
    .selectAll()
    .where('reductionNo', '=', reductionNo)
    .forUpdate()
    .executeTakeFirst();
}

/** The adjustment that already used a 서면 (one adjustment per 서면). */
export function adjustmentOfReduction(trx: Db, reductionNo: string) {
  return trx
    .selectFrom('settlementAdjustment')
    .select(['adjNo', 'status'])
    .where('reductionNo', '=', reductionNo)
    .executeTakeFirst();
}

export async function insertReduction(trx: Db, values: Insertable<Database['settlementReduction']>) {
  await trx.insertInto('settlementReduction').values(values).execute();
}

export async function updateReduction(
  trx: Db,
  reductionNo: string,
  values: Updateable<Database['settlementReduction']>,
) {
  await trx.updateTable('settlementReduction').set(values).where('reductionNo', '=', reductionNo).execute();
}
