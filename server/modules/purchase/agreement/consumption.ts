/**
 * How orders consume framework agreements (docs/agreements.md "Call-offs"): a call-off, a change
 * of a call-off line and a cancellation move the agreement line's ordered quantity and amount and
 * the agreement's ordered amount in the order's own transaction. The agreement and its lines are
 * locked first (queries.ts lockAgreement), so concurrent call-offs queue and never overrun a line
 * or the ceiling. Lock order: the order (if it exists), then its agreements by number, then the
 * PR of the budget (recordBudgetMovement) — never the other way.
 */
import { compareDecimals, sumDecimals } from '../../../../lib/money.js';
import type { Db } from '../../../db/connect.js';
import { missing, refused } from '../../../domain/errors.js';
import { lockAgreement, lockAgreementLines, updateAgreement, updateAgreementLine } from './queries.js';
import { callOffProblems, type CallOffProblem, type Consumption } from './workflow.js';

export interface AgreementConsumption extends Consumption {
  agreementNo: string;
}

export const agreementMissing = () => missing('AGREEMENT_NOT_FOUND', '단가계약을 찾을 수 없습니다');

/**
 * Applies changes of consumption, grouped by agreement in number order. A change that grows
 * consumption beyond what the agreement allows (see callOffProblems) is refused with 409
 * AGREEMENT_CALL_OFF_REFUSED under the REFUSE policy; under APPROVE it is made and the problems are
 * answered, for the order to carry them to its approval. Giving back (a cancellation, a reduction)
 * is never refused. Answers the problems accepted (empty when none).
 */
export async function applyAgreementConsumption(
  trx: Db,
  changes: readonly AgreementConsumption[],
  today: string,
  opts: { compNo?: string; forceRelease?: boolean } = {},
): Promise<CallOffProblem[]> {
  const byAgreement = new Map<string, AgreementConsumption[]>();
  for (const c of changes) byAgreement.set(c.agreementNo, [...(byAgreement.get(c.agreementNo) ?? []), c]);
  const accepted: CallOffProblem[] = [];
  for (const agreementNo of [...byAgreement.keys()].sort()) {
    const list = byAgreement.get(agreementNo)!;
    const a = await lockAgreement(trx, agreementNo);
    if (!a) throw agreementMissing();
    if (opts.compNo && a.compNo !== opts.compNo)
      throw refused('AGREEMENT_SUPPLIER_MISMATCH', `단가계약 ${agreementNo}의 협력사가 발주 협력사와 다릅니다`);
    const lines = await lockAgreementLines(trx, agreementNo);
    const merged = new Map<number, Consumption>();
    for (const c of list) {
      const m = merged.get(c.lineNo);
      merged.set(
        c.lineNo,
        m
          ? { ...m, qty: sumDecimals([m.qty, c.qty]), amount: sumDecimals([m.amount, c.amount]) }
          : { lineNo: c.lineNo, qty: c.qty, amount: c.amount, unitPrice: c.unitPrice },
      );
    }
    const net = [...merged.values()];
    const problems = opts.forceRelease
      ? []
      : callOffProblems(
          {
            agreementNo,
            status: a.status,
            validFrom: a.validFrom,
            validTo: a.validTo,
            ceilingAmount: a.ceilingAmount,
            orderedAmount: a.orderedAmount,
          },
          lines,
          net,
          today,
        );
    if (
      problems.some((p) => p.kind === 'NO_LINE' || p.kind === 'INACTIVE') ||
      (problems.length && a.callOffPolicy !== 'APPROVE')
    )
      throw refused('AGREEMENT_CALL_OFF_REFUSED', problems[0].message, {
        agreementNo,
        problems: problems.map((p) => ({ kind: p.kind, lineNo: p.lineNo, message: p.message })),
      });
    accepted.push(...problems);
    for (const c of net) {
      const line = lines.find((l) => l.lineNo === c.lineNo)!;
      const orderedQty = sumDecimals([line.orderedQty, c.qty]);
      const orderedAmount = sumDecimals([line.orderedAmount, c.amount]);
      if (compareDecimals(orderedQty, '0') < 0 || compareDecimals(orderedAmount, '0') < 0)
        throw new Error(`agreement ${agreementNo} line ${c.lineNo} would go below zero`);
      await updateAgreementLine(trx, agreementNo, c.lineNo, { orderedQty, orderedAmount });
    }
    const total = sumDecimals([a.orderedAmount, ...net.map((c) => c.amount)]);
    await updateAgreement(trx, agreementNo, { orderedAmount: total });
  }
  return accepted;
}

/** The negative of an order line's consumption: what its cancellation gives back. */
export const giveBack = (l: {
  agreementNo: string | null;
  agreementLineNo: number | null;
  quantity: string;
  unitPrice: string;
  amount: string;
}): AgreementConsumption => ({
  agreementNo: l.agreementNo!,
  lineNo: l.agreementLineNo!,
  qty: `-${l.quantity}`.replace(/^--/, ''),
  amount: `-${l.amount}`.replace(/^--/, ''),
  unitPrice: l.unitPrice,
});
