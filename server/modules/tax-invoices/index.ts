/** What other modules may use of the tax invoices: the posting gate ERP posting asks in its transaction. */
export { checkPostingGate } from './service.js';
