/**
 * Charge vouchers (docs/subcontracting.md "Posting the interest and fee"): the posting module's command by which
 * the 지연이자 (하도급법 §13⑧) and the 어음 할인료 or 어음대체결제 수수료 (§13⑥⑦) a settlement's recorded payment owes
 * reach the ERP. The settlement module asks it inside the payment's own transaction (claimSubconCharge: the voucher
 * made and claimed with the payment, or neither) and sends it once that has committed (sendSubconCharge), as a
 * settlement's own posting is claimed and sent. One per settlement — a settlement is paid once — with its own
 * idempotency key; a failure stays on the voucher as a posting error and 전기오류 sends it again.
 */
import crypto from 'node:crypto';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { todayKst } from '../../../domain/dates.js';
import type { ErpConnector, VoucherPayload } from './connector.js';
import { chargeVoucherOf, findVendor, insertVoucher, lockExistingVoucher, lockSettlementState } from './queries.js';
import { claim, finalize } from './service.js';
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

export interface ClaimedSubconCharge {
  voucherNo: string;
  idempotencyKey: string;
  payload: VoucherPayload;
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
): Promise<ClaimedSubconCharge | null> {
  if (req.lateInterest === '0' && req.billFee === '0') return null;
  await lockSettlementState(trx, req.settleNo);
  if (await chargeVoucherOf(trx, req.settleNo)) return null;
  const company = await findVendor(trx, req.compNo);
  const voucherNo = await nextDocumentNumber(trx, 'VC', todayKst(now));
  const payload = buildSubconChargePayload({
    voucherNo,
    settleNo: req.settleNo,
    period: req.period,
    postingDate: todayKst(now),
    vendor: { compNo: req.compNo, name: company.compNameKr, taxNo: company.taxNo2 },
    paidOn: req.paidOn,
    method: req.method,
    billMaturity: req.billMaturity,
    lateInterest: req.lateInterest,
    billFee: req.billFee,
  });
  const values = {
    voucherNo,
    kind: 'SUBCON_CHARGE' as const,
    settleNo: req.settleNo,
    compNo: req.compNo,
    period: req.period,
    amount: payload.amount,
    idempotencyKey: crypto.randomUUID(),
    status: 'READY' as const,
    payload: JSON.stringify(payload),
    createdBy: actor,
  };
  await insertVoucher(trx, values);
  await writeAudit(trx, {
    entity: 'erp_voucher',
    entityKey: voucherNo,
    action: 'CREATE',
    actor,
    after: { ...values, payload },
  });
  const v = await lockExistingVoucher(trx, voucherNo);
  await claim(trx, v, actor, 'SEND');
  return { voucherNo, idempotencyKey: values.idempotencyKey, payload };
}

/**
 * Sends a claimed charge voucher outside any transaction and records what the ERP answered. A refusal does not
 * undo the payment: the voucher stays FAILED with its posting error, and 전기오류 sends it again.
 */
async function sendSubconCharge(
  db: Db,
  posting: { connector: ErpConnector },
  claimed: ClaimedSubconCharge,
  actor: string,
): Promise<{ ok: boolean }> {
  const result = await posting.connector.post(claimed.payload, claimed.idempotencyKey);
  const outcome = await finalize(db, { ...posting, windowMs: 0, taxGate: false }, claimed.voucherNo, result, actor);
  return { ok: outcome.ok };
}

/** The port the settlement's payment command posts through (settlement/subcon.ts `ChargePosting`). */
export const subconChargesThrough = (connector: ErpConnector) => ({
  claim: claimSubconCharge,
  send: (db: Db, claimed: ClaimedSubconCharge, actor: string) => sendSubconCharge(db, { connector }, claimed, actor),
});
