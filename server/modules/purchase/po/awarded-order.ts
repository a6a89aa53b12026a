import { recordBudgetMovement } from '../../budget/consumption/index.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { type Actor } from '../../../domain/actor.js';
import { refused } from '../../../domain/errors.js';
import { lineAmount, totalOf } from '../../../domain/money.js';
import { transition } from '../../../domain/machine.js';
import { todayKst } from '../../../domain/dates.js';
import { assertSuppliersEligible } from '../../suppliers/eligibility.js';
import { checkSourcingEligibility } from '../../evaluation/eligibility.js';
import { PR_MACHINE } from '../pr/workflow.js';
import { findPrLines, updatePrHeader } from '../pr/queries.js';
import { insertPo, lockPrToOrder } from './queries.js';
import { lockAgreement } from '../agreement/queries.js';
import type { CallOffProblem } from '../agreement/workflow.js';
import { HttpError } from '../../../http/errors.js';

import { consumeCallOffs, exceptionText } from './call-off-lines.js';

/**
 * The orders a sealed-bid tender's award makes (server/modules/bidding), through the PO flow's own
 * rules. Split from service.ts by job; the bidding module reaches it through service.ts, the entry
 * tests/unit/module-boundaries.test.ts lists.
 */

/* ------------------------------ sealed-bid tenders (server/modules/bidding) ------------------------------ */

/** One order an award of a sealed-bid tender (or a reverse auction) asks for: the winner, the lines it won at its prices. */
export interface AwardedOrder {
  /** The awarded tender, or with `auctionNo` the awarded reverse auction. */
  tenderNo?: string;
  auctionNo?: string;
  compNo: string;
  prNo: string | null;
  section: string;
  deptcd: string;
  buyerId: string;
  title: string;
  currency: 'KRW' | 'JPY';
  dueDate: string;
  /** The award's time (the app clock): an agreement's validity is checked on its business day. */
  now: Date;
  lines: ReadonlyArray<{
    /** The PR line the tender's or auction's line came from (null for the buyer's own lines). */
    prLineNo: number | null;
    itemCode: string | null;
    itemName: string;
    spec: string | null;
    unitCode: string;
    sgCode: string | null;
    quantity: string;
    unitPrice: string;
    deliveryDate: string | null;
  }>;
  confirmEvaluationWarning?: boolean;
  /** The buyer confirmed overdrawing a WARN budget account (else 409 BUDGET_WARN_CONFIRM). */
  confirmBudgetWarning?: boolean;
}

/**
 * A draft PO from an awarded tender, made as createPo makes one from an awarded RFQ: the supplier
 * must still be eligible (trading, its evaluation grade), a PO number, the lines at the opened
 * prices, the PR (if any) ordered, audited, and the PR's budget committed to the order as every
 * order commits it (recordBudgetMovement, event ORDER: a STOP account over its budget refuses the
 * award, a WARN one asks for `confirmBudgetWarning`). The order then goes through the usual submit,
 * approval and send. Inside the award's transaction; answers the PO number.
 *
 * A line whose PR line names an agreement line is a call-off line, as on the PR → PO path: the
 * agreement is checked and consumed in this transaction (agreement/consumption.ts) on the
 * award's business day. The award cannot choose its supplier or its price — the bidding did — so
 * a winner other than the agreement's supplier, or a price the agreement refuses, refuses the
 * award itself (409, nothing of it written: the caller's transaction rolls back) and says why in
 * the award's terms; under the APPROVE policy the order is made with the exception for its
 * approvers.
 */
export async function createAwardedPo(trx: Db, actor: Actor, o: AwardedOrder): Promise<string> {
  await assertSuppliersEligible(trx, [o.compNo], 'order', 'body/version');
  const today = todayKst(o.now);
  // The PR lines' agreement lines are fixed once the PR was received; read before any lock.
  const prLines = o.prNo ? await findPrLines(trx, o.prNo) : [];
  const named = new Map(prLines.map((l) => [l.lineNo, l]));
  // Every agreement the PR names, whichever winner's line names it, is locked in number order
  // before the PR: an award of several orders takes them in one order, as a call-off does.
  const agreementNos = [...new Set(prLines.flatMap((l) => (l.agreementNo ? [l.agreementNo] : [])))].sort();
  const agreements = new Map<string, { compNo: string }>();
  for (const agreementNo of agreementNos) {
    const a = await lockAgreement(trx, agreementNo);
    if (a) agreements.set(agreementNo, a);
  }
  const lines = o.lines.map((l, i) => {
    const pl = l.prLineNo === null ? undefined : named.get(l.prLineNo);
    return {
      poNo: '',
      lineNo: i + 1,
      itemCode: l.itemCode,
      itemName: l.itemName,
      spec: l.spec,
      unitCode: l.unitCode,
      sgCode: l.sgCode,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: lineAmount(l.quantity, l.unitPrice, o.currency),
      deliveryDate: l.deliveryDate ?? o.dueDate,
      prLineNo: l.prLineNo,
      agreementNo: pl?.agreementNo ?? null,
      agreementLineNo: pl?.agreementNo ? pl.agreementLineNo : null,
    };
  });
  const callOffs = lines.filter((l) => l.agreementNo);
  for (const agreementNo of [...new Set(callOffs.map((l) => l.agreementNo!))]) {
    const a = agreements.get(agreementNo);
    if (a && a.compNo !== o.compNo) {
      const prLineNos = callOffs.filter((l) => l.agreementNo === agreementNo).map((l) => l.prLineNo!);
      throw refused(
        'AGREEMENT_SUPPLIER_MISMATCH',
        `구매요청 ${prLineNos.join(', ')}번 품목은 단가계약 ${agreementNo}(협력사 ${a.compNo})의 품목이라 협력사 ${o.compNo}에 낙찰할 수 없습니다`,
        { agreementNo, agreementCompNo: a.compNo, compNo: o.compNo, prLineNos },
      );
    }
  }
  let accepted: CallOffProblem[] = [];
  try {
    accepted = await consumeCallOffs(trx, lines, today, o.compNo);
  } catch (e) {
    // The call-off's refusal, said as the award's: the problems stay listed as they are.
    if (e instanceof HttpError && e.code === 'AGREEMENT_CALL_OFF_REFUSED') {
      const agreementNo = (e.details as { agreementNo?: string } | undefined)?.agreementNo ?? '';
      throw refused(e.code, `단가계약 ${agreementNo}에 맞지 않아 낙찰할 수 없습니다: ${e.message}`, e.details);
    }
    throw e;
  }
  const poNo = await nextDocumentNumber(trx, 'PO', today);
  for (const l of lines) l.poNo = poNo;
  await checkSourcingEligibility(trx, [o.compNo], {
    docType: 'PO',
    docNo: poNo,
    confirmWarning: o.confirmEvaluationWarning,
    actor: actor.userId,
  });
  const pr = o.prNo ? await lockPrToOrder(trx, o.prNo) : null;
  const header = {
    poNo,
    poType: 'PO' as const,
    compNo: o.compNo,
    section: o.section,
    deptcd: o.deptcd,
    buyerId: o.buyerId,
    requesterId: pr?.requesterId ?? null,
    prNo: o.prNo,
    title: o.title,
    currency: o.currency,
    totalAmount: totalOf(lines.map((l) => l.amount)),
    status: 'DRAFT',
    poDate: today,
    dueDate: o.dueDate,
    remark: o.auctionNo ? `역경매 ${o.auctionNo} 낙찰` : `입찰 ${o.tenderNo} 낙찰`,
    agreementException: exceptionText(accepted),
    createdBy: actor.userId,
  };
  await insertPo(trx, header, lines);
  if (pr && pr.status !== 'ORDERED') {
    const prStatus = transition(PR_MACHINE, 'order', pr.status);
    await updatePrHeader(trx, pr.prNo, { status: prStatus, version: pr.version + 1, updatedAt: o.now });
    await writeAudit(trx, {
      entity: 'pr_header',
      entityKey: pr.prNo,
      action: 'ORDER',
      actor: actor.userId,
      before: { status: pr.status },
      after: { status: prStatus, poNo, tenderNo: o.tenderNo, auctionNo: o.auctionNo },
    });
  }
  await writeAudit(trx, {
    entity: 'po_header',
    entityKey: poNo,
    action: 'CREATE',
    actor: actor.userId,
    after: { ...header, tenderNo: o.tenderNo, auctionNo: o.auctionNo, lines },
  });
  for (const agreementNo of [...new Set(callOffs.map((l) => l.agreementNo!))].sort())
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'CALL_OFF',
      actor: actor.userId,
      after: {
        poNo,
        prNo: o.prNo,
        tenderNo: o.tenderNo,
        auctionNo: o.auctionNo,
        lines: callOffs
          .filter((l) => l.agreementNo === agreementNo)
          .map((l) => ({ agreementLineNo: l.agreementLineNo, quantity: l.quantity, amount: l.amount })),
        exceptions: accepted.map((p) => p.kind),
      },
    });
  // The PR's pre-commitment becomes this order's commitment, as for every order: a STOP account
  // refuses the award (nothing of it written), a WARN one asks for the award's confirmBudgetWarning.
  await recordBudgetMovement(trx, {
    event: 'ORDER',
    docType: 'PO',
    docNo: poNo,
    actor: actor.userId,
    confirmWarning: o.confirmBudgetWarning,
  });
  return poNo;
}
