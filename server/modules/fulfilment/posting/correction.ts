/**
 * Correcting vouchers (docs/tax-invoices.md "수정세금계산서", docs/fulfilment.md "ERP posting"): the posting
 * module's command by which a 수정세금계산서 of a settlement already posted reaches the ERP. The tax-invoice
 * module asks it once an amendment document is accepted by the NTS (전송 성공) and its settlement is posted
 * (claimCorrection: the voucher made and claimed in one transaction) and sends it once that has committed
 * (sendCorrection), as a settlement's own posting is claimed and sent. The settlement's own voucher is never
 * changed: the correction is a voucher of its own (VC…), one per amendment document, with its own idempotency
 * key, retried from 전기오류 like any other.
 */
import type { Db } from '../../../db/connect.js';
import { todayKst } from '../../../domain/dates.js';
import type { ErpConnector } from './connector.js';
import { insertVoucherDocuments, lockSettlementState, lockVoucherOfSettlement, voucherCarryingAny } from './queries.js';
import { createVoucher, nextVoucherNo, sendClaimed, vendorOf, type ClaimedVoucher } from './service.js';
import { buildCorrectionPayload } from './workflow.js';

export type { ClaimedVoucher as ClaimedCorrection } from './service.js';

export interface CorrectionRequest {
  settleNo: string;
  compNo: string;
  period: string;
  /** The amendment document this voucher corrects for: one correcting voucher per document. */
  amendMgtKey: string;
  reason: string;
  /** The original invoice's NTS approval number, which the amendment refers to. */
  originalNtsConfirmNum: string | null;
  documents: ReadonlyArray<{ mgtKey: string; supply: string; tax: string }>;
}

/**
 * Makes and claims the correcting voucher, in the caller's transaction, when the settlement's own voucher is
 * posted; null when the settlement is not posted yet (the caller asks again once it is) or a voucher carries one of
 * its documents already (two followers of the same acceptance, ordered by the settlement's lock; or an amendment's
 * voucher made the old way, for all its documents at once). The documents carried are recorded by key
 * (erp_voucher_document, migration 1161).
 */
export async function claimCorrection(
  trx: Db,
  req: CorrectionRequest,
  actor: string,
  now: Date,
): Promise<ClaimedVoucher | null> {
  const s = await lockSettlementState(trx, req.settleNo);
  if (s.status !== 'POSTED') return null;
  const own = await lockVoucherOfSettlement(trx, req.settleNo);
  if (!own || own.status !== 'POSTED') return null;
  // Carried once, by key: a document an older voucher already carries (one voucher for a whole amendment) is done.
  const keys = [...new Set([req.amendMgtKey, ...req.documents.map((d) => d.mgtKey)])];
  if (await voucherCarryingAny(trx, keys)) return null;
  const voucherNo = await nextVoucherNo(trx, now);
  const payload = {
    ...buildCorrectionPayload({
      voucherNo,
      correctsVoucherNo: own.voucherNo,
      settleNo: req.settleNo,
      period: req.period,
      postingDate: todayKst(now),
      vendor: await vendorOf(trx, req.compNo),
      reason: `수정세금계산서(${req.reason})`,
      documents: req.documents,
    }),
    ntsConfirmNum: req.originalNtsConfirmNum,
  };
  const { settleNo, compNo, period } = req;
  const claimed = await createVoucher(
    trx,
    {
      voucherNo,
      kind: 'CORRECTION',
      settleNo,
      compNo,
      period,
      amount: payload.amount,
      correctsVoucherNo: own.voucherNo,
      amendMgtKey: req.amendMgtKey,
    },
    payload,
    actor,
  );
  await insertVoucherDocuments(trx, voucherNo, keys);
  return claimed;
}

/**
 * Sends a claimed correction once the caller's transaction has committed and records what the ERP answered
 * (sendClaimed). A refusal does not undo the amendment: the voucher stays FAILED, and 전기오류 sends it again.
 */
export const sendCorrection = (db: Db, posting: { connector: ErpConnector }, claimed: ClaimedVoucher, actor: string) =>
  sendClaimed(db, posting.connector, claimed, actor);
