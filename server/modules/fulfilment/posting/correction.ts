/**
 * Correcting vouchers (docs/tax-invoices.md "수정세금계산서", docs/fulfilment.md "ERP posting"): the posting
 * module's command by which a 수정세금계산서 of a settlement already posted reaches the ERP. The tax-invoice
 * module asks it once an amendment document is accepted by the NTS (전송 성공) and its settlement is posted
 * (claimCorrection: the voucher made and claimed in one transaction) and sends it once that has committed
 * (sendCorrection), as a settlement's own posting is claimed and sent. The settlement's own voucher is never
 * changed: the correction is a voucher of its own (VC…), one per amendment document, with its own idempotency
 * key, retried from 전기오류 like any other.
 */
import crypto from 'node:crypto';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { todayKst } from '../../../domain/dates.js';
import type { ErpConnector, VoucherPayload } from './connector.js';
import {
  findVendor,
  insertVoucher,
  lockExistingVoucher,
  lockSettlementState,
  insertVoucherDocuments,
  lockVoucherOfSettlement,
  voucherCarryingAny,
} from './queries.js';
import { claim, finalize } from './service.js';
import { buildCorrectionPayload } from './workflow.js';

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

export interface ClaimedCorrection {
  voucherNo: string;
  idempotencyKey: string;
  payload: VoucherPayload;
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
): Promise<ClaimedCorrection | null> {
  const s = await lockSettlementState(trx, req.settleNo);
  if (s.status !== 'POSTED') return null;
  const own = await lockVoucherOfSettlement(trx, req.settleNo);
  if (!own || own.status !== 'POSTED') return null;
  // Carried once, by key: a document an older voucher already carries (one voucher for a whole amendment) is done.
  const keys = [...new Set([req.amendMgtKey, ...req.documents.map((d) => d.mgtKey)])];
  if (await voucherCarryingAny(trx, keys)) return null;
  const company = await findVendor(trx, req.compNo);
  const voucherNo = await nextDocumentNumber(trx, 'VC', todayKst(now));
  const payload = {
    ...buildCorrectionPayload({
      voucherNo,
      correctsVoucherNo: own.voucherNo,
      settleNo: req.settleNo,
      period: req.period,
      postingDate: todayKst(now),
      vendor: { compNo: req.compNo, name: company.compNameKr, taxNo: company.taxNo2 },
      reason: `수정세금계산서(${req.reason})`,
      documents: req.documents,
    }),
    ntsConfirmNum: req.originalNtsConfirmNum,
  };
  const values = {
    voucherNo,
    kind: 'CORRECTION' as const,
    settleNo: req.settleNo,
    compNo: req.compNo,
    period: req.period,
    amount: payload.amount,
    idempotencyKey: crypto.randomUUID(),
    status: 'READY' as const,
    payload: JSON.stringify(payload),
    createdBy: actor,
    correctsVoucherNo: own.voucherNo,
    amendMgtKey: req.amendMgtKey,
  };
  await insertVoucher(trx, values);
  await insertVoucherDocuments(trx, voucherNo, keys);
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
 * Sends a claimed correction outside any transaction and records what the ERP answered. A refusal does not
 * undo the amendment: the voucher stays FAILED with its posting error, and 전기오류 sends it again.
 */
export async function sendCorrection(
  db: Db,
  posting: { connector: ErpConnector },
  claimed: ClaimedCorrection,
  actor: string,
): Promise<{ ok: boolean }> {
  const result = await posting.connector.post(claimed.payload, claimed.idempotencyKey);
  const outcome = await finalize(db, { ...posting, windowMs: 0, taxGate: false }, claimed.voucherNo, result, actor);
  return { ok: outcome.ok };
}
