/**
 * Electronic contracts (docs/contracts.md): the clause library and versioned templates, a
 * contract made from a template for one supplier (and a PO or LOI), its internal approval,
 * the signatures of both parties in the template's order (the supplier's after a one-time code),
 * decline, expiry, the stamp duty, amendments, and the evidence: a hash-chained event log whose
 * events carry the SHA-256 of the exact PDF each signer was shown, verified on demand.
 *
 * Every write is one transaction that locks the contract row first, so the events of one
 * contract are appended one at a time and the chain has no forks.
 *
 * The operations the routes call, by job, each in its own file (routes → these files → queries).
 */
export * from './templates.js';
export * from './drafting.js';
export * from './linkage-command.js';
export * from './amendments.js';
export * from './linkage-decisions.js';
export * from './approval.js';
export * from './reading.js';
export * from './signing.js';
export * from './execution.js';
export * from './closing.js';
export * from './signers.js';
export * from './reminders.js';
export * from './stamps.js';
export * from './evidence.js';
export type { ContractDeps, EventContext } from './common.js';
