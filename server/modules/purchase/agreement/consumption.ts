/**
 * How orders consume framework agreements (docs/agreements.md "Call-offs"): a call-off, a change
 * of a call-off line and a cancellation move the agreement line's ordered quantity and amount and
 * the agreement's ordered amount in the order's own transaction. A transaction makes one call here,
 * with everything it consumes and gives back, so every agreement it touches is locked in one global
 * order — by agreement number, each agreement's row and then its lines by line number — and two
 * transactions never hold each other's agreements (a second call would take its own order and could
 * deadlock against another). Concurrent call-offs queue and never overrun a line or the ceiling.
 * Lock order: the order (if it exists), then its agreements by number, then the PR of the budget
 * (recordBudgetMovement) — never the other way.
 */
import { compareDecimals, sumDecimals } from '../../../../lib/money.js';
import type { Db } from '../../../db/connect.js';
import { missing, refused } from '../../../domain/errors.js';
import { lockAgreement, lockAgreementLines, updateAgreement, updateAgreementLine } from './queries.js';
import { callOffProblems, type CallOffProblem, type Consumption } from './workflow.js';

export interface AgreementConsumption extends Consumption {
  agreementNo: string;
}

/** What one transaction does to agreements: order lines that consume (checked) and what it gives back (never refused). */
export interface AgreementMoves {
  /**
   * One entry per order line that takes from its agreement line, or (a change) takes less: each is
   * checked on its own (price, quantity after the lines before it), never merged first.
   */
  consume?: readonly AgreementConsumption[];
  /** What is given back whole — a cancellation, a removed line, a draft's previous lines: never checked. */
  release?: readonly AgreementConsumption[];
}

export const agreementMissing = () => missing('AGREEMENT_NOT_FOUND', '단가계약을 찾을 수 없습니다');

const byAgreementNo = (list: readonly AgreementConsumption[], agreementNo: string) =>
  list.filter((c) => c.agreementNo === agreementNo);

/** What a check found: the problems the APPROVE policy lets through, and the writes that make the consumption. */
export interface CheckedConsumption {
  accepted: CallOffProblem[];
  /** Moves the counters as checked; the agreements stay locked by the check, in the same transaction. */
  write: () => Promise<void>;
}

/**
 * Checks a transaction's changes of consumption without writing them. Every agreement named is
 * locked first, in number order; what is given back counts before what is consumed is checked (a
 * draft saved again is checked against the agreement without its own previous lines). A consumption
 * beyond what the agreement allows (see callOffProblems: each order line's price — the one in effect on
 * `priceOn`, the order's date, default `today` — and quantity, the ceiling, the validity on `today`, the
 * business clock's day) is refused with 409
 * AGREEMENT_CALL_OFF_REFUSED under the REFUSE policy, listing every problem; under APPROVE the
 * problems are answered, for the order to carry them to its approvers. A line the agreement lacks and
 * an agreement not active are refused under every policy. A caller that decides something on the
 * answer first (a change order: an exception is a reason to approve again) checks, decides, and then
 * calls `write` — or writes nothing (a proposal consumes at its approval).
 */
export async function checkAgreementConsumption(
  trx: Db,
  moves: AgreementMoves,
  today: string,
  opts: { compNo?: string; priceOn?: string } = {},
): Promise<CheckedConsumption> {
  const consume = moves.consume ?? [];
  const release = moves.release ?? [];
  const agreementNos = [...new Set([...consume, ...release].map((c) => c.agreementNo))].sort();
  const accepted: CallOffProblem[] = [];
  const refusals: Array<CallOffProblem & { agreementNo: string }> = [];
  const writes: Array<() => Promise<void>> = [];
  for (const agreementNo of agreementNos) {
    const a = await lockAgreement(trx, agreementNo);
    if (!a) throw agreementMissing();
    const lines = await lockAgreementLines(trx, agreementNo, opts.priceOn ?? today);
    const taking = byAgreementNo(consume, agreementNo);
    if (opts.compNo && taking.length && a.compNo !== opts.compNo)
      throw refused('AGREEMENT_SUPPLIER_MISMATCH', `단가계약 ${agreementNo}의 협력사가 발주 협력사와 다릅니다`);
    // What is given back counts first: the checks see the agreement without it.
    const givenBack = byAgreementNo(release, agreementNo);
    const afterRelease = lines.map((l) => {
      const back = givenBack.filter((c) => c.lineNo === l.lineNo);
      return back.length
        ? {
            ...l,
            orderedQty: sumDecimals([l.orderedQty, ...back.map((c) => c.qty)]),
            orderedAmount: sumDecimals([l.orderedAmount, ...back.map((c) => c.amount)]),
          }
        : l;
    });
    const orderedAmount = sumDecimals([a.orderedAmount, ...givenBack.map((c) => c.amount)]);
    const problems = taking.length
      ? callOffProblems(
          {
            agreementNo,
            status: a.status,
            validFrom: a.validFrom,
            validTo: a.validTo,
            ceilingAmount: a.ceilingAmount,
            orderedAmount,
          },
          afterRelease,
          taking,
          today,
        )
      : [];
    const refuses =
      problems.some((p) => p.kind === 'NO_LINE' || p.kind === 'INACTIVE') ||
      (problems.length > 0 && a.callOffPolicy !== 'APPROVE');
    if (refuses) refusals.push(...problems.map((p) => ({ ...p, agreementNo })));
    else accepted.push(...problems);
    writes.push(async () => {
      for (const l of afterRelease) {
        const own = taking.filter((c) => c.lineNo === l.lineNo);
        const before = lines.find((x) => x.lineNo === l.lineNo)!;
        if (own.length === 0 && l === before) continue;
        const orderedQty = sumDecimals([l.orderedQty, ...own.map((c) => c.qty)]);
        const lineAmount = sumDecimals([l.orderedAmount, ...own.map((c) => c.amount)]);
        if (compareDecimals(orderedQty, '0') < 0 || compareDecimals(lineAmount, '0') < 0)
          throw new Error(`agreement ${agreementNo} line ${l.lineNo} would go below zero`);
        await updateAgreementLine(trx, agreementNo, l.lineNo, { orderedQty, orderedAmount: lineAmount });
      }
      const total = sumDecimals([orderedAmount, ...taking.map((c) => c.amount)]);
      await updateAgreement(trx, agreementNo, { orderedAmount: total });
    });
  }
  if (refusals.length)
    throw refused('AGREEMENT_CALL_OFF_REFUSED', refusals[0].message, {
      agreementNo: refusals[0].agreementNo,
      problems: refusals.map((p) => ({
        agreementNo: p.agreementNo,
        kind: p.kind,
        lineNo: p.lineNo,
        ...(p.orderLineNo === undefined ? {} : { orderLineNo: p.orderLineNo }),
        message: p.message,
      })),
    });
  return {
    accepted,
    write: async () => {
      for (const write of writes) await write();
    },
  };
}

/**
 * Applies a transaction's changes of consumption: `checkAgreementConsumption`, then its writes.
 * Nothing is written before every agreement has been checked. Answers the problems accepted (empty
 * when none).
 */
export async function applyAgreementConsumption(
  trx: Db,
  moves: AgreementMoves,
  today: string,
  opts: { compNo?: string; priceOn?: string } = {},
): Promise<CallOffProblem[]> {
  const checked = await checkAgreementConsumption(trx, moves, today, opts);
  await checked.write();
  return checked.accepted;
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
