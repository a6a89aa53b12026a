/**
 * 납품대금 연동 proposals (상생협력법 §21; docs/subcontracting.md "연동 조정 제안"): the daily job reads an active
 * agreement's 기준 지표 at each 조정주기 point of its clause and, when the change from the base reaches the trigger
 * (server/domain/linkage.ts, exactly), writes one proposal: the formula's numbers and each line's new price by the
 * 산식. The buyer decides it (linkage-decisions.ts). This file holds the job and the proposals as the GETs answer them.
 *
 * Which base a point is measured against: the clause's own (기준시점 and its value) until a proposal is accepted,
 * then the comparison value that adjustment was made at — the prices it wrote already carry the change up to it,
 * so measuring the next point from the clause's base again would apply that change twice. One open proposal at a
 * time: while one awaits its decision the later points wait too, since their base depends on it.
 */
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { SupplierView } from '../../../http/supplier-view.js';
import { internalActor } from '../../../domain/actor.js';
import { todayKst } from '../../../domain/dates.js';
import { missing } from '../../../domain/errors.js';
import { adjustedPrice } from '../../../domain/linkage.js';
import {
  addCounts,
  nextProposal,
  noCounts,
  proposedReason,
  type RunCounts,
} from '../../../domain/linkage-proposal-step.js';
import { iso } from '../../../domain/values.js';
import { notifyLinkageProposed } from '../../notifications/subcon.js';
import { findAgreementLinkage } from './queries-linkage.js';
import { findIndexValues } from '../../../db/linkage-index-values.js';
import {
  findLinkageProposal,
  findLinkageProposalLines,
  findLinkageProposals,
  findLinkedAgreementNos,
  insertLinkageProposal,
} from './queries-linkage-proposals.js';
import { agreementMissing } from './consumption.js';
import { findAgreement, lockAgreement, lockAgreementLines } from './queries.js';
import { SUPPLIER_VISIBLE_AGREEMENT } from './workflow.js';

/**
 * The job (purchase jobs: agreement.linkageProposals): every active agreement with a 연동 clause, valid on the
 * business day, each in its own transaction under its lock. Idempotent: a point that proposed is not read again
 * (one proposal per agreement and comparison day, a unique key as well), and a point without a value is read again
 * on the next run, so a value entered late still proposes — until a later point has proposed.
 */
export async function writeLinkageProposals(db: Db, now: Date, actor: string) {
  const today = todayKst(now);
  const total: RunCounts & { agreements: number } = { agreements: 0, ...noCounts() };
  for (const agreementNo of await findLinkedAgreementNos(db, today)) {
    const c = await db.transaction().execute((trx) => proposeFor(trx, agreementNo, today, actor));
    total.agreements += 1;
    addCounts(total, c);
  }
  return total;
}

async function proposeFor(trx: Db, agreementNo: string, today: string, actor: string): Promise<RunCounts> {
  const a = await lockAgreement(trx, agreementNo);
  // Terminated or changed between the list and the lock: not this run's.
  if (!a || a.status !== 'ACTIVE' || a.validTo < today) return noCounts();
  const k = await findAgreementLinkage(trx, agreementNo);
  if (!k || k.kind !== 'LINKED') return noCounts();
  const clause = {
    indexCode: k.indexCode!,
    baseDate: k.baseDate!,
    baseValue: k.baseValue!,
    basis: k.compareBasis!,
    months: k.comparePeriodMonths!,
    sharePct: k.sharePct!,
    triggerPct: k.triggerPct!,
  };
  const earlier = await findLinkageProposals(trx, agreementNo);
  const { counts, numbers } = await nextProposal(
    clause,
    {
      lastPoint: earlier.at(-1)?.compareDate ?? null,
      open: earlier.at(-1)?.status === 'PROPOSED',
      accepted: earlier.filter((p) => p.status === 'ACCEPTED').at(-1) ?? null,
    },
    { from: a.validFrom, to: a.validTo < today ? a.validTo : today },
    (indexCode, from, to) => findIndexValues(trx, indexCode, from, to),
  );
  if (!numbers) return counts;
  // The prices in effect on the point (dated prices, else the line's own) are what the 산식 adjusts.
  const lines = await lockAgreementLines(trx, agreementNo, numbers.compareDate);
  const proposalNo = await nextDocumentNumber(trx, 'LP', today);
  const priced = lines.map((l) => ({
    lineNo: l.lineNo,
    currentPrice: l.unitPrice,
    proposedPrice: adjustedPrice(l.unitPrice, clause.sharePct, numbers.baseValue, numbers.compareValue),
  }));
  await insertLinkageProposal(
    trx,
    { proposalNo, agreementNo, compNo: a.compNo, ...numbers, createdBy: actor },
    priced.map((l) => ({ proposalNo, compNo: a.compNo, ...l })),
  );
  await writeAudit(trx, {
    entity: 'agreement',
    entityKey: agreementNo,
    action: 'LINKAGE_PROPOSED',
    actor,
    after: { proposalNo, ...numbers, lines: priced },
    reason: proposedReason(proposalNo, numbers),
  });
  await notifyLinkageProposed(trx, proposalNo);
  return counts;
}

type ProposalRow = Awaited<ReturnType<typeof findLinkageProposals>>[number];

const proposalView = ({ decidedBy: _by, decidedAt, createdAt, ...p }: ProposalRow) => ({
  ...p,
  decidedAt: iso(decidedAt),
  createdAt: iso(createdAt)!,
});

export const proposalMissing = () => missing('LINKAGE_PROPOSAL_NOT_FOUND', '연동 조정 제안을 찾을 수 없습니다');

/** One proposal with its lines; 404 when the agreement has none of that number (or the handle may not read it). */
async function proposalOf(db: Db, agreementNo: string, proposalNo: string) {
  const p = await findLinkageProposal(db, agreementNo, proposalNo);
  if (!p) throw proposalMissing();
  return { ...proposalView(p), lines: await findLinkageProposalLines(db, agreementNo, proposalNo) };
}

/** getLinkageProposal: staff reading an agreement read its proposals. */
export async function getLinkageProposal(db: Db, caller: Caller | null, agreementNo: string, proposalNo: string) {
  await internalActor(db, caller);
  if (!(await findAgreement(db, agreementNo))) throw agreementMissing();
  return proposalOf(db, agreementNo, proposalNo);
}

/**
 * getSupplierLinkageProposal: a proposal of the supplier's own approved agreement, read through its view (the
 * company scope and row-level security); another company's is 404, as its agreement is.
 */
export async function getSupplierLinkageProposal(view: SupplierView, agreementNo: string, proposalNo: string) {
  const a = await findAgreement(view.db, agreementNo);
  if (!a || !(SUPPLIER_VISIBLE_AGREEMENT as readonly string[]).includes(a.status)) throw agreementMissing();
  return proposalOf(view.db, agreementNo, proposalNo);
}

/**
 * An agreement's proposals as its GETs answer them: every proposal with the formula's numbers, their lines (a row
 * per proposal and line), and the one awaiting a decision (its number and version: what 수락 and 반려 send).
 */
export async function linkageProposalFields(db: Db, agreementNo: string) {
  const [rows, lines] = await Promise.all([
    findLinkageProposals(db, agreementNo),
    findLinkageProposalLines(db, agreementNo),
  ]);
  const open = rows.find((p) => p.status === 'PROPOSED');
  return {
    linkageProposals: rows.map(proposalView),
    linkageProposalLines: lines.map((l) => ({ lineKey: `${l.proposalNo}-${l.lineNo}`, ...l })),
    openLinkageProposalNo: open?.proposalNo ?? null,
    openLinkageProposalVersion: open?.version ?? null,
  };
}
