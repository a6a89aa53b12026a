/** The approval module hands a budget transfer's decision back here (purchase/approval/outcome.ts). */
export { applyTransferOutcome } from './service.js';
