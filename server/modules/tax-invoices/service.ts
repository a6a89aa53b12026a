/**
 * Tax invoices drawn from a confirmed settlement (docs/tax-invoices.md): created, requested from the
 * supplier through the provider port, issued or refused, transmitted to the NTS; the posting gate,
 * its bypass and the exceptions; the deadlines; the evidence with its retention. Every change is one
 * transaction; a provider call runs outside any and its outcome (a refusal's code and message
 * included) is written in another, so nothing of an attempt is lost.
 *
 * The operations live in one file per job; this file only gathers them for the routes, the jobs and
 * the module's façade (index.ts), so that those import one place.
 */
export type { TaxInvoices } from './invoice-moves.js';
export { getInvoice, searchInvoices } from './reading.js';
export { createInvoices, requestIssue, cancelRequest } from './issuing.js';
export { supplierIssue, supplierRefuse } from './supplier-issue.js';
export { recordTransmission } from './transmission.js';
export { intakeForward, intakeMyAmendment } from './forward-intake.js';
export { syncInvoice } from './provider-sync.js';
export { retentionUntil, downloadFile, deleteFile } from './evidence.js';
export { amendInvoice } from './amendments.js';
export { gateProblems, bypassGate, listExceptions } from './posting-gate.js';
export { deadlineView, flagDeadlines } from './deadline-view.js';
