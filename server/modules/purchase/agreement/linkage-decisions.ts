/**
 * The buyer's decision on a 납품대금 연동 proposal (상생협력법 §21; docs/subcontracting.md "연동 조정 제안"). Accepting
 * is a 변경계약: the proposal's prices become the lines' prices from its effective day through the agreement's own
 * price change (writePriceChange, source LINKAGE, the proposal as its reference), so orders dated before keep
 * theirs; the agreement's version moves. Rejecting keeps the prices and records the reason. Either only on an open
 * proposal of an active agreement, by its buyer or a purchasing manager, with both versions read.
 */
import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor, type Actor } from '../../../domain/actor.js';
import { todayKst } from '../../../domain/dates.js';
import { compareDecimals } from '../../../../lib/money.js';
import { checkVersion, failIf, refused, wrongState } from '../../../domain/errors.js';
import { text } from '../../../domain/values.js';
import { proposalMissing } from './linkage-proposals.js';
import { findLinkageProposalLines, lockLinkageProposal, updateLinkageProposal } from './queries-linkage-proposals.js';
import { lockAgreementLines, updateAgreement } from './queries.js';
import type { ProposalAcceptBody, ProposalRejectBody } from './schemas.js';
import { writePriceChange } from './prices.js';
import { detail, lockOwnAgreement } from './service.js';
import { AGREEMENT_MACHINE, effectiveAgreementStatus, type AgreementStatus } from './workflow.js';

const PROPOSAL_STATUS_LABELS: Record<string, string> = { ACCEPTED: '수락', REJECTED: '반려' };

/**
 * The agreement and the proposal locked, in that order (the job's), and checked: the proposal open, the agreement
 * active on the business day (409 INVALID_STATE), then the versions read (409 VERSION_CONFLICT).
 */
async function lockForDecision(
  trx: Db,
  actor: Actor,
  agreementNo: string,
  proposalNo: string,
  b: { version: number; proposalVersion: number },
  today: string,
) {
  const a = await lockOwnAgreement(trx, agreementNo, actor);
  const p = await lockLinkageProposal(trx, agreementNo, proposalNo);
  if (!p) throw proposalMissing();
  if (p.status !== 'PROPOSED')
    throw wrongState(`이미 ${PROPOSAL_STATUS_LABELS[p.status]}된 연동 조정 제안입니다: ${proposalNo}`, p.status);
  const status = effectiveAgreementStatus(a.status, a.validTo, today) as AgreementStatus;
  if (status !== 'ACTIVE')
    throw wrongState(
      `유효한 단가계약만 연동 조정 제안을 처리할 수 있습니다(${AGREEMENT_MACHINE.statusLabels[status]})`,
      status,
    );
  checkVersion(b.version, a.version);
  checkVersion(b.proposalVersion, p.version);
  return { a, p };
}

/**
 * The 산식 adjusted the prices in effect on the point when the proposal was written; a 단가 변경 since that reaches
 * the point changed what it adjusts, and accepting would overwrite that change with figures computed from the old
 * price. 409 LINKAGE_PROPOSAL_OUTDATED: the buyer rejects it, and the next point proposes from the prices as they are.
 */
async function assertPricesAsProposed(
  trx: Db,
  agreementNo: string,
  effectiveFrom: string,
  proposed: ReadonlyArray<{ lineNo: number; currentPrice: string }>,
) {
  const inEffect = new Map(
    (await lockAgreementLines(trx, agreementNo, effectiveFrom)).map((l) => [l.lineNo, l.unitPrice]),
  );
  const moved = proposed.filter((l) => compareDecimals(inEffect.get(l.lineNo) ?? '0', l.currentPrice) !== 0);
  if (moved.length)
    throw refused(
      'LINKAGE_PROPOSAL_OUTDATED',
      `연동 조정 제안 이후 단가가 변경되어 수락할 수 없습니다(${moved.map((l) => `${l.lineNo}번`).join(', ')} 품목). 반려하면 다음 비교시점에 현재 단가로 다시 제안됩니다`,
      {
        lines: moved.map((l) => ({
          lineNo: l.lineNo,
          proposedFrom: l.currentPrice,
          now: inEffect.get(l.lineNo) ?? null,
        })),
      },
    );
}

export async function acceptLinkageProposal(
  db: Db,
  caller: Caller | null,
  agreementNo: string,
  proposalNo: string,
  b: Static<typeof ProposalAcceptBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const today = todayKst(now);
  await db.transaction().execute(async (trx) => {
    const { a, p } = await lockForDecision(trx, actor, agreementNo, proposalNo, b, today);
    const lines = await findLinkageProposalLines(trx, agreementNo, proposalNo);
    await assertPricesAsProposed(trx, agreementNo, p.effectiveFrom, lines);
    const change = await writePriceChange(
      trx,
      a,
      {
        version: b.version,
        effectiveFrom: p.effectiveFrom,
        reason: proposalNo,
        lines: lines.map((l) => ({ lineNo: l.lineNo, unitPrice: l.proposedPrice })),
      },
      { source: 'LINKAGE', today, by: actor.userId },
    );
    await updateLinkageProposal(trx, proposalNo, {
      status: 'ACCEPTED',
      decidedBy: actor.userId,
      decidedAt: now,
      version: p.version + 1,
    });
    await updateAgreement(trx, agreementNo, { version: a.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'LINKAGE_PRICE',
      actor: actor.userId,
      before: { lines: change.before },
      after: {
        proposalNo,
        effectiveFrom: change.effectiveFrom,
        baseValue: p.baseValue,
        compareValue: p.compareValue,
        changePct: p.changePct,
        sharePct: p.sharePct,
        lines: change.after,
      },
      reason: `연동 조정 제안 ${proposalNo} 수락: ${change.effectiveFrom}부터 (변동률 ${p.changePct}%, 원재료 비중 ${p.sharePct}%)`,
    });
  });
  return detail(db, agreementNo, actor, now);
}

export async function rejectLinkageProposal(
  db: Db,
  caller: Caller | null,
  agreementNo: string,
  proposalNo: string,
  b: Static<typeof ProposalRejectBody>,
  now: Date,
) {
  const reason = text(b.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '반려 사유를 입력하세요' }]);
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const { p } = await lockForDecision(trx, actor, agreementNo, proposalNo, b, todayKst(now));
    await updateLinkageProposal(trx, proposalNo, {
      status: 'REJECTED',
      decidedBy: actor.userId,
      decidedAt: now,
      rejectReason: reason,
      version: p.version + 1,
    });
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'LINKAGE_REJECTED',
      actor: actor.userId,
      before: { proposalNo, status: p.status },
      after: { proposalNo, status: 'REJECTED' },
      // The history names the action (연동 조정 반려) and shows the reason as typed; the proposal is in `after`.
      reason,
    });
  });
  return detail(db, agreementNo, actor, now);
}
