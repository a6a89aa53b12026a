/** 전자수입인지: each party records the number of the stamp bought for its share. */
import type { Db } from '../../db/connect.js';
import { checkVersion, notAllowed, refused } from '../../domain/errors.js';
import * as q from './queries.js';
import { checkStampNo } from './stamp-chain.js';
import { type Party } from './workflow.js';
import { appendEvent, notFound, visibleTo, type EventContext } from './common.js';

/* ------------------------------ stamp duty ------------------------------ */

/**
 * A party records the number of the electronic revenue stamp (전자수입인지) bought for its share.
 * When every party with a share has recorded one, the duty is paid (a contract executed with its
 * duty pending becomes paid; nothing else of an executed contract changes).
 */
export async function recordStamp(
  db: Db,
  ctx: EventContext,
  contractNo: string,
  party: Party,
  b: { version: number; stampNo: string },
  supplier: boolean,
) {
  const stampNo = checkStampNo(b.stampNo);
  return db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c || !visibleTo(c, supplier)) throw notFound();
    checkVersion(b.version, c.version);
    if (c.stampStatus === 'NOT_TAXABLE') throw refused('CONTRACT_NOT_TAXABLE', '인지세 과세 대상이 아닌 계약입니다');
    if (['DECLINED', 'EXPIRED', 'CANCELLED'].includes(c.status))
      throw refused('INVALID_STATE', '종료된 계약에는 인지세를 기록할 수 없습니다', { status: c.status });
    // Each party records its own share: staff the buyer's, the supplier's users their company's.
    if (party !== (supplier ? 'SUPPLIER' : 'BUYER'))
      throw notAllowed('상대방이 부담하는 인지세는 상대방이 기록합니다', 'CONTRACT_NOT_YOUR_SHARE');
    // Frozen at execution: a number recorded before stays; only a share still unpaid (PENDING) may be.
    if (c.status === 'EXECUTED' && (await q.stampsOf(trx, contractNo)).some((x) => x.party === party))
      throw refused('CONTRACT_STAMP_FROZEN', '체결된 계약의 전자수입인지 번호는 바꿀 수 없습니다', { party });
    const duty = BigInt(String(c.stampDuty));
    const buyerShare = BigInt(String(c.stampBuyerShare));
    const amount = party === 'BUYER' ? buyerShare : duty - buyerShare;
    if (amount === 0n) throw refused('CONTRACT_NO_STAMP_SHARE', '이 당사자가 부담할 인지세가 없습니다');
    await q.upsertStamp(trx, {
      contractNo,
      party,
      compNo: c.compNo,
      amount: amount.toString(),
      stampNo,
      recordedBy: ctx.userId,
    });
    const stamps = await q.stampsOf(trx, contractNo);
    const needed: Party[] = [
      ...(buyerShare > 0n ? ['BUYER' as const] : []),
      ...(duty - buyerShare > 0n ? ['SUPPLIER' as const] : []),
    ];
    const paid = needed.every((p) => stamps.some((s) => s.party === p));
    const stampStatus = paid ? 'PAID' : c.stampStatus;
    await q.updateContract(trx, contractNo, { stampStatus, version: c.version + 1 });
    await appendEvent(trx, c, ctx, 'STAMP_RECORDED', null, { party, stampNo, amount: amount.toString() });
    return { contractNo, stampStatus, version: c.version + 1 };
  });
}
