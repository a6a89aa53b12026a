/** What other modules may use of the tax invoices: the posting gate ERP posting asks in its transaction, and what a voucher carries of the invoices. */
export { checkPostingGate, voucherTaxOf, type VoucherTax } from './posting-gate.js';
