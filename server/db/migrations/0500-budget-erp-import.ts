import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Budget import from the ERP (docs/budget.md › ERP import): an import is a budget
 * upload batch like an Excel upload, with where it came from and, for the ERP's imports, the key that
 * makes it idempotent.
 *
 * - `source`: EXCEL (the workbook upload on budgetManage), ERP_HTTP (the ERP pushed it to the API),
 *   ERP_FILE (a file the ERP dropped in BUDGET_IMPORT_DIR, taken by the job `budget.importDrop`).
 * - `import_key`: the ERP's key, unique: the same import twice finds the first batch and answers it,
 *   whatever its outcome; `payload_hash` (sha-256 of the import's content) tells a repeat from a
 *   different import sent under a key already used (409).
 */
const up_sql = `
alter table budget_upload_batch add column source varchar(10) not null default 'EXCEL' check (source in ('EXCEL', 'ERP_HTTP', 'ERP_FILE'));
alter table budget_upload_batch add column import_key varchar(100);
alter table budget_upload_batch add column payload_hash varchar(64);
create unique index budget_upload_batch_import_key on budget_upload_batch(import_key) where import_key is not null;
create index budget_upload_batch_created on budget_upload_batch(created_at);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
