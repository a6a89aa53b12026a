import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor, isPurchasingManager, type Actor } from '../../../domain/actor.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import {
  checkVersion,
  failIf,
  missing,
  notAllowed,
  refused,
  wrongState,
  type FieldError,
} from '../../../domain/errors.js';
import { retainedUntil, SUBCON_KIND_LABELS, type SubconKind } from '../../../domain/subcontracting.js';
import { requireText, text } from '../../../domain/values.js';
import { assertBindable } from '../../files/owners.js';
import { lockPo, updatePoHeader } from './queries.js';
import { contractGateOn, deletePoRows, findWrittenContract, insertPaperContract } from './queries-subcon.js';
import type { PaperContractBody } from './schemas.js';

/**
 * The written-contract gate (하도급법 §3①: the written contract before the supplier starts work): a 하도급 order
 * with neither an executed e-contract nor a recorded paper contract is not sent while SYSTEM_CONST /
 * SUBCON_CONTRACT_GATE is on (the default). Answers the refusal, or null when the order may go.
 */
export async function contractGateRefusal(trx: Db, po: { poNo: string; subconKind: string | null }) {
  if (po.subconKind === null || !(await contractGateOn(trx))) return null;
  if (await findWrittenContract(trx, po.poNo)) return null;
  const kind = SUBCON_KIND_LABELS[po.subconKind as SubconKind];
  return refused(
    'SUBCON_CONTRACT_MISSING',
    `${kind} 하도급 발주는 서면 계약(전자계약 체결 또는 서면 계약 등록) 후에 전송할 수 있습니다 (하도급법 제3조)`,
    { poNo: po.poNo, subconKind: po.subconKind },
  );
}

/** The order locked for its buyer or a purchasing manager holding write on the order screens. */
export async function lockForBuyer(trx: Db, poNo: string, actor: Actor, screens: readonly string[]) {
  const po = await lockPo(trx, poNo);
  if (!po) throw refusedMissing();
  if (!(await groupHoldsScreen(trx, actor.authGroupId, [...screens], 'write')))
    throw notAllowed('이 유형의 발주를 처리할 권한이 없습니다');
  if (po.buyerId !== actor.singleid && !isPurchasingManager(actor))
    throw notAllowed('담당 구매자 또는 구매 관리자만 발주를 처리할 수 있습니다');
  return po;
}

const refusedMissing = () => missing('PO_NOT_FOUND', '발주를 찾을 수 없습니다');

/**
 * Records the paper contract of an order (signed outside the system): its date, where the paper is and, if
 * scanned, the file. One per order; an order with an executed e-contract needs none but may still have one.
 */
export async function recordPaperContract(
  db: Db,
  caller: Caller | null,
  poNo: string,
  b: Static<typeof PaperContractBody>,
  now: Date,
  screens: readonly string[],
) {
  const actor = await internalActor(db, caller);
  const errors: FieldError[] = [];
  const contractDate = checkDate(errors, 'body/contractDate', b.contractDate, '계약일', { required: true });
  if (contractDate && contractDate > todayKst(now))
    errors.push({ path: 'body/contractDate', message: '계약일은 오늘 이후일 수 없습니다' });
  requireText(errors, 'body/reference', b.reference, '서면 계약 참조');
  const reference = text(b.reference);
  // A form's empty file field sends '' (no scan): the same as none, not a file group to look up.
  const fileId = text(b.fileId);
  failIf(errors);
  await assertBindable(db, caller, 'body/fileId', fileId, { docType: 'PO_PAPER_CONTRACT', docNo: poNo });
  await db.transaction().execute(async (trx) => {
    const po = await lockForBuyer(trx, poNo, actor, screens);
    checkVersion(b.version, po.version);
    if (po.status === 'CANCELLED') throw wrongState('취소된 발주에는 서면 계약을 등록할 수 없습니다', po.status);
    const existing = await findWrittenContract(trx, poNo);
    if (existing?.kind === 'PAPER')
      throw refused('PAPER_CONTRACT_EXISTS', `이 발주의 서면 계약이 이미 등록되어 있습니다: ${existing.reference}`);
    await insertPaperContract(trx, {
      poNo,
      contractDate: contractDate!,
      reference: reference!,
      fileId,
      recordedBy: actor.userId,
      recordedAt: now,
    });
    await updatePoHeader(trx, poNo, { version: po.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'PAPER_CONTRACT',
      actor: actor.userId,
      after: { contractDate, reference, fileId },
    });
  });
  return actor;
}

/**
 * Deletes an order that never became a transaction (a draft) or a cancelled one. A 하도급 order that reached
 * its supplier is a document of the transaction: kept three years from the day it ended (§3⑨, 시행령 §6),
 * 409 SUBCON_RETENTION until then, by the business day.
 */
export async function deletePo(
  db: Db,
  caller: Caller | null,
  poNo: string,
  version: number,
  now: Date,
  screens: readonly string[],
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const po = await lockForBuyer(trx, poNo, actor, screens);
    checkVersion(version, po.version);
    if (po.status !== 'DRAFT' && po.status !== 'CANCELLED')
      throw wrongState('작성중이거나 취소된 발주만 삭제할 수 있습니다', po.status);
    if (po.subconKind !== null && po.forwardedAt !== null) {
      const endedOn = po.endedOn ?? todayKst(now);
      const until = retainedUntil(endedOn);
      if (todayKst(now) <= until)
        throw refused(
          'SUBCON_RETENTION',
          `하도급 거래 서류는 거래가 끝난 날(${endedOn})부터 3년간(${until}까지) 보존해야 하므로 삭제할 수 없습니다 (하도급법 제3조제9항)`,
          { endedOn, retainedUntil: until },
        );
    }
    try {
      await deletePoRows(trx, poNo);
    } catch (e) {
      if ((e as { code?: string }).code === '23503')
        throw refused('PO_REFERENCED', '다른 문서(입찰, 역경매, 자산, 결재 등)가 참조하는 발주는 삭제할 수 없습니다');
      throw e;
    }
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'DELETE',
      actor: actor.userId,
      before: { status: po.status, subconKind: po.subconKind, endedOn: po.endedOn },
    });
  });
}

/**
 * What a 하도급 order offers its buyer or a purchasing manager holding write: record the paper contract while it
 * has no written contract, and set the payment terms (the command decides which of them may change now).
 */
export function subconActions(
  h: { subconKind: string | null; status: string },
  writtenContract: { kind: string } | null,
  who: { mayAct: boolean },
): string[] {
  if (h.subconKind === null || h.status === 'CANCELLED' || !who.mayAct) return [];
  return [...(writtenContract ? [] : ['paperContract']), 'subconTerms'];
}
