/**
 * 납품대금 연동 proposals on e-contracts (상생협력법 §21; docs/subcontracting.md "연동 조정 제안 on e-contracts"): the
 * daily job reads an executed contract's 연동 clause (econtract_linkage) at each 조정주기 point and, when the index
 * has moved from the base by the trigger, writes one proposal: the formula's numbers and each order line's price by
 * the 산식. The rules of which point, which base, once per point and the wait for a decision are the agreement job's
 * (server/domain/linkage-proposal-step.ts); the buyer decides (linkage-decisions.ts). This file holds the job and
 * the proposals as the contract's GETs answer them.
 *
 * A contract is looked at while it is executed, on an order, and the newest of its amendment chain: an amendment
 * carries its original's clause on (linkage.ts defaultLinkage), so the points and the base continue along the chain
 * (the proposals are kept per chain, `chain_no` its first contract). The period of the points is the contract's own
 * (start and end date); without a start date, from the day it was executed — before that no written contract held.
 */
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { nextDocumentNumber } from '../../db/document-number.js';
import { findIndexValues } from '../../db/linkage-index-values.js';
import { todayKst } from '../../domain/dates.js';
import { adjustedPrice } from '../../domain/linkage.js';
import {
  addCounts,
  nextProposal,
  noCounts,
  proposedReason,
  type ProposalHistory,
  type RunCounts,
} from '../../domain/linkage-proposal-step.js';
import { iso } from '../../domain/values.js';
import { notifyContractLinkageProposed } from '../notifications/subcon.js';
import * as q from './queries.js';
import { findContractLinkage } from './queries-linkage.js';
import {
  chainOf,
  findChainProposals,
  findContractProposalLines,
  findContractProposals,
  findLinkedContractNos,
  hasExecutedAmendment,
  insertContractProposal,
  orderLinePrices,
  type ContractProposalRow,
} from './queries-linkage-proposals.js';

/** An amendment that ended without being executed: its accepted proposal changed nothing. */
const ENDED = ['DECLINED', 'EXPIRED', 'CANCELLED'];

/**
 * What a chain's proposals say for the next point. An accepted proposal is an adjustment in force once its
 * amendment is executed (then its point and value are the base); while the amendment is on its way the later points
 * wait, as for an open proposal; an amendment that ended unsigned changed no price, so its proposal counts as
 * rejected. Only adjustments of this clause's index after its 기준시점 are a base: an amendment that states a clause
 * of its own starts from that clause.
 */
export function chainHistory(
  earlier: ReadonlyArray<{
    compareDate: string;
    compareValue: string;
    status: string;
    amendmentStatus: string | null;
    indexCode: string;
  }>,
  clause: { indexCode: string; baseDate: string },
): ProposalHistory {
  const inFlight = (p: (typeof earlier)[number]) =>
    p.status === 'ACCEPTED' && p.amendmentStatus !== 'EXECUTED' && !ENDED.includes(p.amendmentStatus ?? '');
  const accepted = earlier
    .filter(
      (p) =>
        p.status === 'ACCEPTED' &&
        p.amendmentStatus === 'EXECUTED' &&
        p.indexCode === clause.indexCode &&
        p.compareDate > clause.baseDate,
    )
    .at(-1);
  return {
    lastPoint: earlier.at(-1)?.compareDate ?? null,
    open: earlier.some((p) => p.status === 'PROPOSED' || inFlight(p)),
    accepted: accepted ? { compareDate: accepted.compareDate, compareValue: accepted.compareValue } : null,
  };
}

/**
 * The job (contract jobs: contract.linkageProposals): every executed contract with a 연동 clause on an order, the
 * newest of its chain and in its period on the business day, each in its own transaction under its lock.
 * Idempotent as the agreement job: one proposal per chain and point (a unique key too).
 */
export async function writeContractLinkageProposals(db: Db, now: Date, actor: string) {
  const today = todayKst(now);
  const total: RunCounts & { contracts: number } = { contracts: 0, ...noCounts() };
  for (const contractNo of await findLinkedContractNos(db, today)) {
    const c = await db.transaction().execute((trx) => proposeFor(trx, contractNo, today, actor));
    total.contracts += 1;
    addCounts(total, c);
  }
  return total;
}

async function proposeFor(trx: Db, contractNo: string, today: string, actor: string): Promise<RunCounts> {
  const c = await q.lockContract(trx, contractNo);
  // Changed between the list and the lock: not this run's.
  if (!c || c.status !== 'EXECUTED' || c.sourceKind !== 'PO' || !c.sourceNo) return noCounts();
  if (c.endDate && c.endDate < today) return noCounts();
  if (await hasExecutedAmendment(trx, contractNo)) return noCounts();
  const k = await findContractLinkage(trx, contractNo);
  if (!k || k.kind !== 'LINKED') return noCounts();
  const clause = {
    indexCode: k.indexCode!,
    baseDate: k.baseDate!,
    baseValue: String(k.baseValue!),
    basis: k.compareBasis as 'DAY' | 'MONTH_AVG',
    months: k.comparePeriodMonths!,
    sharePct: String(k.sharePct!),
    triggerPct: String(k.triggerPct!),
  };
  const chainNo = (await chainOf(trx, contractNo)).at(-1)!;
  const earlier = await findChainProposals(trx, chainNo);
  const from = c.startDate ?? todayKst(new Date(c.executedAt!));
  const to = c.endDate && c.endDate < today ? c.endDate : today;
  const { counts, numbers } = await nextProposal(
    clause,
    chainHistory(earlier, clause),
    { from, to },
    (indexCode, f, t) => findIndexValues(trx, indexCode, f, t),
  );
  if (!numbers) return counts;
  // The order's unit prices as they stand are what the 산식 adjusts: the order's price is one, not dated.
  const lines = await orderLinePrices(trx, c.sourceNo);
  const proposalNo = await nextDocumentNumber(trx, 'CLP', today);
  const priced = lines.map((l) => ({
    lineNo: l.lineNo,
    currentPrice: String(l.unitPrice),
    proposedPrice: adjustedPrice(String(l.unitPrice), clause.sharePct, numbers.baseValue, numbers.compareValue),
  }));
  await insertContractProposal(
    trx,
    { proposalNo, contractNo, chainNo, compNo: c.compNo, poNo: c.sourceNo, ...numbers, createdBy: actor },
    priced.map((l) => ({ proposalNo, compNo: c.compNo, ...l })),
  );
  await writeAudit(trx, {
    entity: 'econtract',
    entityKey: contractNo,
    action: 'LINKAGE_PROPOSED',
    actor,
    after: { proposalNo, ...numbers, lines: priced },
    reason: proposedReason(proposalNo, numbers),
  });
  await notifyContractLinkageProposed(trx, proposalNo);
  return counts;
}

const proposalView = ({ decidedBy: _by, decidedAt, createdAt, amendmentStatus: _s, ...p }: ContractProposalRow) => ({
  ...p,
  baseValue: String(p.baseValue),
  compareValue: String(p.compareValue),
  changePct: String(p.changePct),
  sharePct: String(p.sharePct),
  triggerPct: String(p.triggerPct),
  decidedAt: iso(decidedAt),
  createdAt: iso(createdAt)!,
});

/**
 * A contract's proposals as its GETs answer them (staff's getContract and the supplier's getMyContract, each through
 * its own handle: a supplier reads its own company's only): every proposal made on it with the formula's numbers,
 * their lines, and the one awaiting a decision (its number and version: what 수락 and 반려 send).
 */
export async function contractProposalFields(db: Db, contractNo: string) {
  const [rows, lines] = await Promise.all([
    findContractProposals(db, contractNo),
    findContractProposalLines(db, contractNo),
  ]);
  const open = rows.find((p) => p.status === 'PROPOSED');
  return {
    linkageProposals: rows.map(proposalView),
    linkageProposalLines: lines.map((l) => ({
      lineKey: `${l.proposalNo}-${l.lineNo}`,
      ...l,
      currentPrice: String(l.currentPrice),
      proposedPrice: String(l.proposedPrice),
    })),
    openLinkageProposalNo: open?.proposalNo ?? null,
    openLinkageProposalVersion: open?.version ?? null,
  };
}
