import type { Db } from '../../../db/connect.js';
import { applyAgreementConsumption } from '../agreement/consumption.js';
import type { CallOffProblem } from '../agreement/workflow.js';

/**
 * The agreement lines a new order calls off, shared by the order made on its screen (service.ts) and
 * the order an award makes (awarded-order.ts).
 */

/**
 * The call-off lines of a new order (those naming an agreement line) consumed from their agreements,
 * checked on the business day `day` against the order's supplier (agreement/consumption.ts); answers
 * what the APPROVE policy let through, for the order's `agreementException`.
 */
export function consumeCallOffs(
  trx: Db,
  lines: ReadonlyArray<{
    lineNo: number;
    agreementNo: string | null;
    agreementLineNo: number | null;
    quantity: string;
    amount: string;
    unitPrice: string;
  }>,
  day: string,
  compNo: string,
): Promise<CallOffProblem[]> {
  const callOffs = lines.filter((l) => l.agreementNo);
  if (callOffs.length === 0) return Promise.resolve([]);
  return applyAgreementConsumption(
    trx,
    {
      consume: callOffs.map((l) => ({
        agreementNo: l.agreementNo!,
        lineNo: l.agreementLineNo!,
        orderLineNo: l.lineNo,
        qty: l.quantity,
        amount: l.amount,
        unitPrice: l.unitPrice,
      })),
    },
    day,
    { compNo },
  );
}

/** What the APPROVE policy let through, as the order's `agreementException` (null: nothing). */
export const exceptionText = (accepted: readonly CallOffProblem[]) =>
  accepted.length
    ? accepted
        .map((p) => p.message)
        .join(' / ')
        .slice(0, 500)
    : null;
