import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * po_revision.agreement_exception: what a change order under an APPROVE framework agreement goes beyond
 * (docs/agreements.md "Change orders"). Such a change is proposed for the PO_CHANGE approval whatever the
 * re-approval rule says; the proposal keeps the exception here so that its approvers see it on the order
 * while the order keeps its terms (po_header.agreement_exception is the order's in force and takes it
 * when the approval puts the revision in force). Staff only: the supplier's views leave it out.
 */
const up_sql = `
alter table po_revision add column agreement_exception varchar(500);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, 'alter table po_revision drop column agreement_exception;');
}
