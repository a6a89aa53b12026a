/**
 * A 수정세금계산서 reaches the ERP when the NTS has accepted it (전송 성공), not when it is drafted: until then the
 * supplier may refuse it or the NTS fail it, and a voucher already sent would be a correction to reverse by hand.
 * Asked right after the document's own move to 전송 성공 (상태 확인, the follow-up job, a recorded result) and swept
 * by the follow-up job, which also catches a document accepted before its settlement was posted.
 */
import type { Db } from '../../db/connect.js';
import { isAmendCode } from './amendment-cases.js';
import type { Corrections } from './correcting-voucher.js';
import { acceptedAmendmentsOwingVoucher } from './queries-corrections.js';

/** How many documents one sweep corrects at most (the rest the next run). */
const SWEEP = 50;

/**
 * Makes and sends the correcting voucher of each accepted amendment document owing one (`mgtKey`: that document
 * only). Answers how many vouchers the ERP took and refused; a refusal stays on the voucher (전기오류 resends it).
 */
export async function correctAcceptedAmendments(
  db: Db,
  corrections: Corrections,
  actor: string,
  now: Date,
  mgtKey?: string,
): Promise<{ posted: number; failed: number }> {
  const owing = await acceptedAmendmentsOwingVoucher(db, { mgtKey, limit: mgtKey ? 1 : SWEEP });
  let posted = 0;
  let failed = 0;
  for (const doc of owing) {
    const code = doc.amendReason;
    if (code === null || !isAmendCode(code)) continue;
    const claimed = await db
      .transaction()
      .execute((trx) =>
        corrections.claim(
          trx,
          { settleNo: doc.settleNo, compNo: doc.compNo, period: doc.period, ntsConfirmNum: doc.originalNtsConfirmNum },
          [doc.mgtKey],
          code,
          actor,
          now,
        ),
      );
    if (!claimed) continue;
    const r = await corrections.send(db, claimed, actor);
    if (r.ok) posted++;
    else failed++;
  }
  return { posted, failed };
}
