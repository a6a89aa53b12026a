/**
 * What documents of other modules use to go through the approval lines (a budget transfer,
 * server/modules/budget/transfer): start an approval for a document type and amount, withdraw
 * it, read its rounds and what the document screen shows of them. The decision itself stays
 * here (approveApproval / rejectApproval), which hands the outcome back through ./outcome.ts.
 */
export { startApproval, withdrawApproval, loadApprovals } from './queries.js';
export { approvalState } from './state.js';
export { ApprovalStateFields } from './schemas.js';
