/**
 * The Subcontracting Act on a settlement (docs/subcontracting.md "Payment, interest and fees", "감액 서면"): its
 * 지급 기한, its payment and the 지연이자 and 어음 fees that follow (§13), and the 감액 서면 (§11) every reduction of
 * a 하도급 settlement needs. The settlement module's own commands: nothing else writes these columns.
 */
import { writeAudit } from '../../../db/audit.js';
import { pageWindow } from '../../../http/list-query.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { todayKst } from '../../../domain/dates.js';
import { checkVersion, failIf, missing, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { won } from '../../../domain/money.js';
import { rateOn, subconCharges, type PaymentMethod } from '../../../domain/subcon-payment.js';
import { lineClock, plusDays } from '../../../domain/subcontracting.js';
import { text } from '../../../domain/values.js';
import { findSettlement, lockSettlement } from './queries.js';
import {
  adjustmentOfReduction,
  findReduction,
  insertReduction,
  listReductions,
  lockReduction,
  reductionsOf,
  subconLinesOf,
  subconRates,
  updatePayment,
  updateReduction,
} from './queries-subcon.js';
import { canSettle, SETTLE_WRONG_STATE } from './workflow.js';

/**
 * What interest and fees are counted on: the 하도급 lines, and the settlement's approved adjustments as if received
 * with its earliest line (a 감액 agreed in writing lowers what is owed; an addition such as 운반비 is owed too).
 */
function chargeLines(lines: ReadonlyArray<{ receivedOn: string; amount: string }>, adjustmentAmount: string) {
  const earliest = lines.map((l) => l.receivedOn).sort()[0];
  return adjustmentAmount === '0' ? lines : [...lines, { receivedOn: earliest, amount: adjustmentAmount }];
}

/** A payment is recorded once the supplier has confirmed the amount (posted or not yet). */
const PAYABLE = ['CONFIRMED', 'POSTED', 'POST_FAILED'];

type Paid = {
  paidOn: string | null;
  paymentMethod: PaymentMethod | null;
  billMaturity: string | null;
  lateInterest: string | null;
  billFee: string | null;
  chargeVoucherNo: string | null;
  chargeVoucherStatus: string | null;
};

/**
 * How a payment's 지연이자 and fee reach the ERP: the posting module's own command (posting/subcon-charge.ts),
 * handed in by the route. `claim` makes and claims the charge voucher in the payment's transaction (null: nothing
 * owed, or made already); `send` sends it after that transaction has committed and records the answer.
 */
export interface ChargePosting<C> {
  claim(
    trx: Db,
    req: {
      settleNo: string;
      compNo: string;
      period: string;
      paidOn: string;
      method: PaymentMethod;
      billMaturity: string | null;
      lateInterest: string;
      billFee: string;
    },
    actor: string,
    now: Date,
  ): Promise<C | null>;
  send(db: Db, claimed: C, actor: string): Promise<{ ok: boolean }>;
}

/**
 * A settlement's 하도급 side, or null when none of its lines is 하도급: the 지급 기한 (the earliest of its lines'),
 * the statutory day 60 (the earliest), and the payment with its interest and fee — as recorded once paid, or
 * as they would be if paid today while unpaid (what is accruing).
 */
/** The earliest 지급 기한 of a settlement's 하도급 lines (null: none); the voucher carries it to the ERP. */
export const paymentDueOf = (
  lines: ReadonlyArray<Parameters<typeof lineClock>[2] & { receivedOn: string }>,
  today: string,
) => lines.map((l) => lineClock(l.receivedOn, today, l, null).paymentDue).sort()[0] ?? null;

export async function subconPaymentOf(
  db: Db,
  s: { settleNo: string; adjustmentAmount: string },
  paid: Paid,
  today: string,
) {
  const settleNo = s.settleNo;
  const lines = await subconLinesOf(db, settleNo);
  if (!lines.length) return null;
  const rates = await subconRates(db);
  const paymentDue = paymentDueOf(lines, today);
  const statutoryDue = lines.map((l) => plusDays(l.receivedOn, 60)).sort()[0];
  const paidOn = paid.paidOn ?? today;
  const charges = subconCharges(
    chargeLines(lines, s.adjustmentAmount),
    { paidOn, method: paid.paymentMethod ?? 'CASH', maturity: paid.billMaturity },
    rates,
  );
  const feeKind = paid.paymentMethod === 'BILL_SUBSTITUTE' ? 'BILL_SUBSTITUTE' : 'BILL_DISCOUNT';
  return {
    subconKind: lines[0].subconKind,
    paymentDue,
    statutoryDue,
    paid: paid.paidOn !== null,
    paidOn: paid.paidOn,
    paymentMethod: paid.paymentMethod,
    billMaturity: paid.billMaturity,
    daysLate: charges.daysLate,
    lateInterest: paid.lateInterest ?? charges.lateInterest,
    lateInterestRate: rateOn(rates, 'LATE_INTEREST', paidOn),
    feeDays: charges.feeDays,
    billFee: paid.billFee ?? charges.billFee,
    billFeeRate: paid.paymentMethod && paid.paymentMethod !== 'CASH' ? rateOn(rates, feeKind, paidOn) : null,
    chargeVoucherNo: paid.chargeVoucherNo,
    chargeVoucherStatus: paid.chargeVoucherStatus,
  };
}

/**
 * Records that a confirmed settlement was paid — on a day not after today's business day, in cash, by an 어음 or
 * by an 어음대체결제수단 with its maturity — and keeps the interest and fee that payment owes (§13⑥⑦⑧). When it owes
 * any, their voucher is made in the same transaction (the payment and its voucher, or neither) and sent to the ERP
 * once it has committed; the ERP refusing it does not undo the payment (the voucher stays FAILED, 전기오류 resends).
 */
export async function recordSettlementPayment<C>(
  db: Db,
  settleNo: string,
  body: { version: number; paidOn: string; method: PaymentMethod; billMaturity?: string | null },
  actor: string,
  now: Date,
  charges: ChargePosting<C>,
) {
  const today = todayKst(now);
  const claimed = await db.transaction().execute(async (trx) => {
    const s = await lockSettlement(trx, settleNo);
    if (!s) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
    checkVersion(body.version, s.version);
    if (s.paidOn !== null) throw wrongState('이미 지급이 기록된 정산입니다', s.status);
    if (!PAYABLE.includes(s.status)) throw wrongState('협력사가 확인한 정산만 지급을 기록할 수 있습니다', s.status);
    // A form's empty date field sends '': no maturity.
    const maturity = body.method === 'CASH' ? null : body.billMaturity || null;
    const errors: FieldError[] = [];
    if (body.paidOn > today) errors.push({ path: 'body/paidOn', message: '지급일은 오늘 이후일 수 없습니다' });
    if (body.method !== 'CASH' && !maturity)
      errors.push({ path: 'body/billMaturity', message: '어음 또는 어음대체결제수단의 만기일을 입력하세요' });
    if (body.method === 'CASH' && body.billMaturity)
      errors.push({ path: 'body/billMaturity', message: '현금 지급에는 만기일이 없습니다' });
    if (maturity && maturity < body.paidOn)
      errors.push({ path: 'body/billMaturity', message: '만기일은 지급일보다 앞설 수 없습니다' });
    failIf(errors);
    const lines = await subconLinesOf(trx, settleNo);
    const owed = subconCharges(
      chargeLines(lines, won(s.adjustmentAmount)),
      { paidOn: body.paidOn, method: body.method, maturity },
      await subconRates(trx),
    );
    const after = {
      paidOn: body.paidOn,
      paymentMethod: body.method,
      billMaturity: maturity,
      lateInterest: owed.lateInterest,
      billFee: owed.billFee,
    };
    await updatePayment(trx, settleNo, {
      ...after,
      paidBy: actor,
      paidAt: now,
      version: s.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, { entity: 'settlement', entityKey: settleNo, action: 'PAY', actor, after });
    return charges.claim(
      trx,
      {
        settleNo,
        compNo: s.compNo,
        period: s.period,
        paidOn: body.paidOn,
        method: body.method,
        billMaturity: maturity,
        lateInterest: owed.lateInterest,
        billFee: owed.billFee,
      },
      actor,
      now,
    );
  });
  if (claimed !== null) await charges.send(db, claimed, actor);
}

/* ------------------------------ 감액 서면 (§11) ------------------------------ */

const UNWRITTEN = '하도급 정산의 감액은 수급사업자가 확인한 감액 서면(사유·금액)이 있어야 합니다 (하도급법 제11조)';

/**
 * The one check every reduction of a settlement passes (proposing a negative adjustment and approving it): on a
 * settlement with 하도급 lines, a negative amount names a 감액 서면 of this settlement, for this amount, that the
 * supplier has acknowledged and no other adjustment used. Otherwise 409 SUBCON_REDUCTION_UNWRITTEN.
 */
export async function assertReductionWritten(
  trx: Db,
  s: { settleNo: string },
  amount: string,
  reductionNo: string | null,
  adjNo: string | null,
) {
  if (!amount.startsWith('-')) {
    failIf(
      reductionNo ? [{ path: 'body/reductionNo', message: '감액 서면은 감액(음수) 조정에만 붙일 수 있습니다' }] : [],
    );
    return;
  }
  if (!(await subconLinesOf(trx, s.settleNo)).length) return;
  const r = reductionNo ? await lockReduction(trx, reductionNo) : undefined;
  const used = r ? await adjustmentOfReduction(trx, r.reductionNo) : undefined;
  const reason = !r
    ? '감액 서면이 없습니다'
    : r.settleNo !== s.settleNo
      ? '다른 정산의 감액 서면입니다'
      : r.status !== 'ACKNOWLEDGED'
        ? '수급사업자가 아직 감액 서면을 확인하지 않았습니다'
        : won(r.amount) !== amount.slice(1)
          ? `감액 서면의 금액(${won(r.amount)}원)과 조정 금액이 다릅니다`
          : used && used.adjNo !== adjNo
            ? `이 감액 서면은 이미 조정 ${used.adjNo}에 쓰였습니다`
            : null;
  if (reason)
    throw refused('SUBCON_REDUCTION_UNWRITTEN', `${UNWRITTEN}: ${reason}`, { settleNo: s.settleNo, reductionNo });
}

/** Puts a 감액 서면 (reason, amount) on a draft or disputed settlement to its supplier. */
export async function createReduction(
  db: Db,
  settleNo: string,
  body: { amount: string; reason: string },
  actor: string,
  now: Date,
) {
  const reason = text(body.reason);
  const no = await db.transaction().execute(async (trx) => {
    const s = await lockSettlement(trx, settleNo);
    if (!s) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
    if (!canSettle('adjust', s.status)) throw wrongState(SETTLE_WRONG_STATE.adjust, s.status);
    const errors: FieldError[] = [];
    if (!/^[1-9]\d{0,14}$/.test(body.amount))
      errors.push({ path: 'body/amount', message: '감액 금액은 1원 이상의 정수로 입력하세요' });
    if (!reason) errors.push({ path: 'body/reason', message: '감액 사유를 입력하세요' });
    failIf(errors);
    const reductionNo = await nextDocumentNumber(trx, 'RD', todayKst(now));
    const values = {
      reductionNo,
      settleNo,
      compNo: s.compNo,
      amount: body.amount,
      reason: reason!,
      status: 'REQUESTED' as const,
      createdBy: actor,
      createdAt: now,
    };
    await insertReduction(trx, values);
    await writeAudit(trx, {
      entity: 'settlement_reduction',
      entityKey: reductionNo,
      action: 'CREATE',
      actor,
      after: values,
    });
    return reductionNo;
  });
  return (await findReduction(db, no))!;
}

export const settlementReductions = reductionsOf;

/**
 * A settlement's 감액 서면 for staff (oldest first): `status` one state; `usable` only those an adjustment may still
 * name — acknowledged and not yet booked (the choices of the adjustment dialog; assertReductionWritten decides).
 */
export async function searchSettlementReductions(
  db: Db,
  settleNo: string,
  q: { status?: 'REQUESTED' | 'ACKNOWLEDGED'; usable?: 'Y' },
) {
  if (!(await findSettlement(db, settleNo))) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
  const rows = (await reductionsOf(db, settleNo)).filter(
    (r) => (!q.status || r.status === q.status) && (q.usable !== 'Y' || (r.status === 'ACKNOWLEDGED' && !r.adjNo)),
  );
  return { rows, total: rows.length };
}

export function searchMyReductions(db: Db, q: { status?: 'REQUESTED' | 'ACKNOWLEDGED'; page?: number; size?: number }) {
  return listReductions(db, q.status, pageWindow(q));
}

/** A supplier's 감액 서면 (through its scoped db another company's is missing). */
export async function getReduction(db: Db, reductionNo: string) {
  const r = await findReduction(db, reductionNo);
  if (!r) throw missing('REDUCTION_NOT_FOUND', '감액 서면을 찾을 수 없습니다');
  return r;
}

/** The supplier acknowledges a 감액 서면 put to it, which lets the reduction be booked. */
export async function acknowledgeReduction(db: Db, reductionNo: string, version: number, actor: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    const r = await lockReduction(trx, reductionNo);
    if (!r) throw missing('REDUCTION_NOT_FOUND', '감액 서면을 찾을 수 없습니다');
    checkVersion(version, r.version);
    if (r.status !== 'REQUESTED') throw wrongState('이미 확인한 감액 서면입니다', r.status);
    const after = { status: 'ACKNOWLEDGED' as const, acknowledgedBy: actor, acknowledgedAt: now };
    await updateReduction(trx, reductionNo, { ...after, version: r.version + 1 });
    await writeAudit(trx, {
      entity: 'settlement_reduction',
      entityKey: reductionNo,
      action: 'ACKNOWLEDGE',
      actor,
      before: { status: r.status },
      after,
    });
  });
  return getReduction(db, reductionNo);
}
