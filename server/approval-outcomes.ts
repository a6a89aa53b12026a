import { applyTransferOutcome } from './modules/budget/transfer/index.js';
import { applyContractOutcome } from './modules/contracts/index.js';
import { applyAgreementOutcome, applyChangeOrderOutcome, type OutcomeHandlers } from './modules/purchase/index.js';

/**
 * Who applies an approval's decision on a document the approval module does not own: each
 * document's own module, in the approval's transaction. Composed here, beside the route list,
 * so that the approval module depends on none of them (they all start approvals through it).
 */
export const approvalOutcomes: OutcomeHandlers = {
  // A budget transfer (예산전용): the budget module moves the amount on the last approval.
  BUDGET: (trx, a, outcome, actor, comment, { now }) => applyTransferOutcome(trx, a, outcome, actor, comment, now),
  // A framework agreement: the last approval makes it active.
  AGREEMENT: (trx, a, outcome, actor, comment, { now }) => applyAgreementOutcome(trx, a, outcome, actor, comment, now),
  // A change order of a sent PO: the last approval puts the revision in force.
  PO_CHANGE: applyChangeOrderOutcome,
  // An electronic contract: the last approval sends it to the supplier.
  CONTRACT: (trx, a, outcome, actor, comment, { now }) => applyContractOutcome(trx, a, outcome, actor, comment, now),
};
