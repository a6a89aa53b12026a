/** Ending a contract without execution: declined, cancelled, expired. */
import type { Db } from '../../db/connect.js';
import { todayKst } from '../../domain/dates.js';
import { checkVersion, failIf, notAllowed } from '../../domain/errors.js';
import { transition } from '../../domain/machine.js';
import * as q from './queries.js';
import { CONTRACT_MACHINE, type Party } from './workflow.js';
import { appendEvent, notFound, visibleTo, type EventContext } from './common.js';
import { assertSupplierSigner } from './signing.js';

/** Declining to sign, with the reason: the supplier, or the buyer's named signer. */
export async function declineContract(
  db: Db,
  ctx: EventContext,
  contractNo: string,
  b: { version: number; reason: string },
  party: Party,
) {
  if (b.reason.trim() === '') failIf([{ path: 'body/reason', message: '거절 사유를 입력하세요' }]);
  return db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c || !visibleTo(c, party === 'SUPPLIER')) throw notFound();
    checkVersion(b.version, c.version);
    if (party === 'BUYER' && c.buyerSignerId !== ctx.userId)
      throw notAllowed('이 계약의 발주자 서명자가 아닙니다', 'CONTRACT_NOT_SIGNER');
    if (party === 'SUPPLIER') assertSupplierSigner(c, ctx.userId);
    const status = transition(CONTRACT_MACHINE, 'decline', c.status);
    await q.updateContract(trx, contractNo, { status, declineReason: b.reason.trim(), version: c.version + 1 });
    await appendEvent(trx, c, ctx, 'DECLINED', c.documentSha, { party, reason: b.reason.trim() });
    return { contractNo, status, version: c.version + 1 };
  });
}

export async function cancelContract(
  db: Db,
  ctx: EventContext,
  contractNo: string,
  b: { version: number; reason: string },
) {
  if (b.reason.trim() === '') failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
  return db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c) throw notFound();
    checkVersion(b.version, c.version);
    const status = transition(CONTRACT_MACHINE, 'cancel', c.status);
    await q.updateContract(trx, contractNo, { status, version: c.version + 1 });
    await appendEvent(trx, c, ctx, 'CANCELLED', null, { reason: b.reason.trim() });
    return { contractNo, status, version: c.version + 1 };
  });
}

/** Contracts out for signature past their deadline (a Korean business date) expire, each once. */
export async function expireContracts(db: Db, now: Date): Promise<number> {
  const due = await q.contractsPastDeadline(db, todayKst(now));
  let n = 0;
  for (const { contractNo } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const c = await q.lockContract(trx, contractNo);
      if (!c || (c.status !== 'SENT' && c.status !== 'PARTLY_SIGNED') || c.signDeadline >= todayKst(now)) return false;
      await q.updateContract(trx, contractNo, { status: 'EXPIRED', version: c.version + 1 });
      await appendEvent(
        trx,
        c,
        { userId: 'system', actorCompNo: null, ip: null, userAgent: null, now },
        'EXPIRED',
        null,
        {
          signDeadline: c.signDeadline,
        },
      );
      return true;
    });
    if (done) n++;
  }
  return n;
}
