import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Every file operation asks which documents hold a file group (server/modules/files/owners.ts):
 * one lookup by file column in each table of the owner registry. Without these partial indexes each
 * lookup read the whole table — the orders and deliveries among them, a million rows at scale.
 */
const up_sql = `
create index pr_header_file_id on pr_header(file_id) where file_id is not null;
create index rfq_header_file_id on rfq_header(file_id) where file_id is not null;
create index quotation_file_id on quotation(file_id) where file_id is not null;
create index po_header_file_id on po_header(file_id) where file_id is not null;
create index loi_file_id on loi(file_id) where file_id is not null;
create index delivery_file_id on delivery(file_id) where file_id is not null;
create index company_file_id on company(file_id) where file_id is not null;
create index company_status_request_file_id on company_status_request(file_id) where file_id is not null;
create index item_file_id on item(file_id) where file_id is not null;
create index item_proposal_file_id on item_proposal(file_id) where file_id is not null;
create index item_upload_batch_error_file_id on item_upload_batch(error_file_id) where error_file_id is not null;
create index board_post_file_id on board_post(file_id) where file_id is not null;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
