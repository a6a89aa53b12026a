/**
 * The buyer's decision on an e-contract's 납품대금 연동 proposal (상생협력법 §21; docs/subcontracting.md "연동 조정 제안
 * on e-contracts"). Accepting draws up a 변경계약: an amendment of the contract (createAmendment's own command, in
 * this transaction) agreeing the order's new unit prices as its `sourceChange` — the order's prices change only when
 * that amendment is executed, through the order's own change command and the amendment's approval, as any
 * amendment's change does (execution.ts). Rejecting keeps the prices and records the reason. Either only on an open
 * proposal — accepting only of an executed contract that is still its chain's newest — by whoever may make an
 * amendment of it (write on the contract screen and the order's own check), with both versions read.
 */
import type { Static } from 'typebox';
import { compareDecimals, multiplyQtyPrice, sumDecimals } from '../../../lib/money.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { actorOfUser } from '../../domain/actor.js';
import { todayKst } from '../../domain/dates.js';
import { checkVersion, failIf, missing, refused, wrongState } from '../../domain/errors.js';
import { text } from '../../domain/values.js';
import { notifyContractLinkageDecided } from '../notifications/subcon.js';
import { draftAmendment } from './amendments.js';
import { notFound, type ContractDeps, type EventContext } from './common.js';
import * as q from './queries.js';
import {
  findContractProposalLines,
  hasExecutedAmendment,
  lockContractProposal,
  orderLinePrices,
  updateContractProposal,
} from './queries-linkage-proposals.js';
import type { ContractProposalAcceptBody, ContractProposalRejectBody } from './schemas.js';
import { assertMayChangeSource } from './source-change.js';
import { taxTypeOf } from './stamp-duty.js';

const proposalMissing = () => missing('LINKAGE_PROPOSAL_NOT_FOUND', '연동 조정 제안을 찾을 수 없습니다');

const STATUS_LABELS: Record<string, string> = { ACCEPTED: '수락', REJECTED: '반려' };

/** The amendment's signing deadline when the decision names none: two weeks, the usual time to sign. */
const SIGN_DAYS = 14;

const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The contract and the proposal locked, in that order (the job's), and checked: the caller may change the contract's
 * order (its own check: 403/404 as it answers), the proposal open and, to accept, the contract executed and its
 * chain's newest (409 INVALID_STATE), then the versions read (409 VERSION_CONFLICT).
 */
async function lockForDecision(
  trx: Db,
  userId: string,
  contractNo: string,
  proposalNo: string,
  b: { version: number; proposalVersion: number },
  accepting: boolean,
) {
  const c = await q.lockContract(trx, contractNo);
  if (!c) throw notFound();
  const p = await lockContractProposal(trx, contractNo, proposalNo);
  if (!p) throw proposalMissing();
  await assertMayChangeSource(trx, 'PO', p.poNo, await actorOfUser(trx, userId));
  if (p.status !== 'PROPOSED')
    throw wrongState(`이미 ${STATUS_LABELS[p.status]}된 연동 조정 제안입니다: ${proposalNo}`, p.status);
  // Accepting amends this contract, so it must still be the one in force; rejecting changes nothing and stays open
  // on a contract an unrelated amendment has since followed, or the chain's later points would wait for it forever.
  if (accepting && (c.status !== 'EXECUTED' || (await hasExecutedAmendment(trx, contractNo))))
    throw wrongState(
      '체결된 최신 계약의 연동 조정 제안만 수락할 수 있습니다. 이후 변경계약이 체결되었으면 반려하세요',
      c.status,
    );
  checkVersion(b.version, c.version);
  checkVersion(b.proposalVersion, p.version);
  return { c, p };
}

/**
 * The 산식 adjusted the order's unit prices as they stood when the proposal was written; a change order since then
 * changed what it adjusts, and accepting would agree figures computed from the old price. 409
 * LINKAGE_PROPOSAL_OUTDATED, as on agreements: the buyer rejects it, and the next point proposes from the prices as
 * they are. Answers the order's lines as they stand.
 */
async function assertPricesAsProposed(
  trx: Db,
  poNo: string,
  proposed: ReadonlyArray<{ lineNo: number; currentPrice: string }>,
) {
  const order = await orderLinePrices(trx, poNo);
  const now = new Map(order.map((l) => [l.lineNo, String(l.unitPrice)]));
  const moved = proposed.filter((l) => compareDecimals(now.get(l.lineNo) ?? '0', l.currentPrice) !== 0);
  if (moved.length)
    throw refused(
      'LINKAGE_PROPOSAL_OUTDATED',
      `연동 조정 제안 이후 발주 단가가 변경되어 수락할 수 없습니다(${moved.map((l) => `${l.lineNo}번`).join(', ')} 품목). 반려하면 다음 비교시점에 현재 단가로 다시 제안됩니다`,
      { lines: moved.map((l) => ({ lineNo: l.lineNo, proposedFrom: l.currentPrice, now: now.get(l.lineNo) ?? null })) },
    );
  return order;
}

/**
 * The amendment's amounts: the original's supply amount moved by what the new prices change on the order's
 * quantities (the 납품대금 the contract states moves as the order's does), and its VAT by the original's tax type.
 */
function amendedAmounts(
  c: q.ContractRow,
  order: ReadonlyArray<{ lineNo: number; quantity: unknown }>,
  lines: ReadonlyArray<{ lineNo: number; currentPrice: string; proposedPrice: string }>,
) {
  const qty = new Map(order.map((l) => [l.lineNo, String(l.quantity)]));
  const delta = sumDecimals(
    lines.flatMap((l) => {
      const quantity = qty.get(l.lineNo) ?? '0';
      return [multiplyQtyPrice(quantity, l.proposedPrice, 0), `-${multiplyQtyPrice(quantity, l.currentPrice, 0)}`];
    }),
  );
  const supply = BigInt(String(c.supplyAmount)) + BigInt(delta.split('.')[0]!);
  const supplyAmount = (supply < 0n ? 0n : supply).toString();
  const taxType = taxTypeOf(c.variables);
  const vatAmount = taxType === 'TAXABLE' ? ((BigInt(supplyAmount) + 5n) / 10n).toString() : '0';
  return { supplyAmount, vatAmount, taxType };
}

export async function acceptContractLinkageProposal(
  db: Db,
  deps: ContractDeps,
  ctx: EventContext,
  contractNo: string,
  proposalNo: string,
  b: Static<typeof ContractProposalAcceptBody>,
) {
  const today = todayKst(ctx.now);
  return db.transaction().execute(async (trx) => {
    const { c, p } = await lockForDecision(trx, ctx.userId, contractNo, proposalNo, b, true);
    const lines = (await findContractProposalLines(trx, contractNo, proposalNo)).map((l) => ({
      lineNo: l.lineNo,
      currentPrice: String(l.currentPrice),
      proposedPrice: String(l.proposedPrice),
    }));
    const order = await assertPricesAsProposed(trx, p.poNo, lines);
    const amounts = amendedAmounts(c, order, lines);
    const amendment = await draftAmendment(trx, deps, ctx, contractNo, {
      title: `${c.title} (납품대금 연동 ${p.effectiveFrom})`.slice(0, 200),
      supplyAmount: amounts.supplyAmount,
      vatAmount: amounts.vatAmount,
      taxType: amounts.taxType,
      startDate: c.startDate,
      endDate: c.endDate,
      signDeadline: b.signDeadline ?? plusDays(today, SIGN_DAYS),
      buyerSignerId: b.buyerSignerId ?? c.buyerSignerId,
      supplierSignerId: c.supplierSignerId,
      sourceChange: { lines: lines.map((l) => ({ lineNo: l.lineNo, unitPrice: l.proposedPrice })) },
    });
    await updateContractProposal(trx, proposalNo, {
      status: 'ACCEPTED',
      amendmentNo: amendment.contractNo,
      decidedBy: ctx.userId,
      decidedAt: ctx.now,
      version: p.version + 1,
    });
    await writeAudit(trx, {
      entity: 'econtract',
      entityKey: contractNo,
      action: 'LINKAGE_ACCEPTED',
      actor: ctx.userId,
      before: { proposalNo, status: p.status },
      after: {
        proposalNo,
        amendmentNo: amendment.contractNo,
        effectiveFrom: p.effectiveFrom,
        baseValue: String(p.baseValue),
        compareValue: String(p.compareValue),
        changePct: String(p.changePct),
        sharePct: String(p.sharePct),
        lines,
      },
      reason: `연동 조정 제안 ${proposalNo} 수락: 변경계약 ${amendment.contractNo} (${p.effectiveFrom}부터, 변동률 ${String(p.changePct)}%)`,
    });
    await notifyContractLinkageDecided(trx, proposalNo);
    return { contractNo, proposalNo, status: 'ACCEPTED', amendmentNo: amendment.contractNo };
  });
}

export async function rejectContractLinkageProposal(
  db: Db,
  ctx: EventContext,
  contractNo: string,
  proposalNo: string,
  b: Static<typeof ContractProposalRejectBody>,
) {
  const reason = text(b.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '반려 사유를 입력하세요' }]);
  return db.transaction().execute(async (trx) => {
    const { p } = await lockForDecision(trx, ctx.userId, contractNo, proposalNo, b, false);
    await updateContractProposal(trx, proposalNo, {
      status: 'REJECTED',
      decidedBy: ctx.userId,
      decidedAt: ctx.now,
      rejectReason: reason,
      version: p.version + 1,
    });
    await writeAudit(trx, {
      entity: 'econtract',
      entityKey: contractNo,
      action: 'LINKAGE_REJECTED',
      actor: ctx.userId,
      before: { proposalNo, status: p.status },
      after: { proposalNo, status: 'REJECTED' },
      reason,
    });
    await notifyContractLinkageDecided(trx, proposalNo);
    return { contractNo, proposalNo, status: 'REJECTED', amendmentNo: null };
  });
}
