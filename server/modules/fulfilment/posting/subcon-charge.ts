/**
 * Charge vouchers (docs/subcontracting.md "Posting the interest and fee"): the posting module's command by which
 * the 지연이자 (하도급법 §13⑧) and the 어음 할인료 or 어음대체결제 수수료 (§13⑥⑦) a settlement's recorded payment owes
 * reach the ERP. The settlement module asks it inside the payment's own transaction (claimSubconCharge: the voucher
 * made and claimed with the payment, or neither) and sends it once that has committed (the port's `send`), as
 * a settlement's own posting is claimed and sent. One per settlement — a settlement is paid once — with its own
 * idempotency key; a failure stays on the voucher as a posting error and 전기오류 sends it again.
 */
import type { Db } from '../../../db/connect.js';
import { todayKst } from '../../../domain/dates.js';
import type { ErpConnector } from './connector.js';
import { chargeVoucherOf, lockSettlementState } from './queries.js';
import { createVoucher, nextVoucherNo, sendClaimed, vendorOf, type ClaimedVoucher } from './service.js';
import { buildSubconChargePayload } from './workflow.js';

export interface SubconChargeRequest {
  settleNo: string;
  compNo: string;
  period: string;
  paidOn: string;
  method: 'CASH' | 'BILL' | 'BILL_SUBSTITUTE';
  billMaturity: string | null;
  /** Whole won, as kept on the settlement. */
  lateInterest: string;
  billFee: string;
}

/**
 * Makes and claims the charge voucher of a payment, in the caller's transaction; null when the payment owes
 * nothing (paid in time, in cash or maturing by day 60) or the settlement has its charge voucher already (a second
 * ask — the settlement's lock orders them — never makes a second voucher).
 */
export async function claimSubconCharge(
  trx: Db,
  req: SubconChargeRequest,
  actor: string,
  now: Date,
): Promise<ClaimedVoucher | null> {
  if (req.lateInterest === '0' && req.billFee === '0') return null;
  await lockSettlementState(trx, req.settleNo);
  if (await chargeVoucherOf(trx, req.settleNo)) return null;
  const voucherNo = await nextVoucherNo(trx, now);
  const payload = buildSubconChargePayload({
    voucherNo,
    settleNo: req.settleNo,
    period: req.period,
    postingDate: todayKst(now),
    vendor: await vendorOf(trx, req.compNo),
    paidOn: req.paidOn,
    method: req.method,
    billMaturity: req.billMaturity,
    lateInterest: req.lateInterest,
    billFee: req.billFee,
  });
  const { settleNo, compNo, period } = req;
  return createVoucher(
    trx,
    { voucherNo, kind: 'SUBCON_CHARGE', settleNo, compNo, period, amount: payload.amount },
    payload,
    actor,
  );
}

/** The port the settlement's payment command posts through (settlement/subcon.ts `ChargePosting`). */
export const subconChargesThrough = (connector: ErpConnector) => ({
  claim: claimSubconCharge,
  send: (db: Db, claimed: ClaimedVoucher, actor: string) => sendClaimed(db, connector, claimed, actor),
});
