/** What other modules may use of the contracts: the approval module hands a contract's decision back here. */
export { applyContractOutcome } from './approval.js';
