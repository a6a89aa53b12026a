import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Budget Excel upload (docs/budget.md).
 *
 * - `budget_upload_batch` / `budget_upload_row`: one upload of a year's budget workbook and each of
 *   its rows with its result (NEW, UPDATE, UNCHANGED, SKIPPED, ERROR) and errors. An upload is all or
 *   nothing: APPLIED (every row was right and the lines were written in the same transaction) or
 *   REJECTED (at least one row was wrong; no budget line changed). The rows are kept so the screen
 *   shows each row's error and the error workbook can be made.
 */
const up_sql = `
create table budget_upload_batch (
  batch_id        varchar(20) primary key,
  fiscal_year     integer not null,
  file_name       varchar(300) not null,
  status          varchar(10) not null check (status in ('APPLIED', 'REJECTED')),
  rows_total      integer not null default 0,
  count_new       integer not null default 0,
  count_update    integer not null default 0,
  count_unchanged integer not null default 0,
  count_skipped   integer not null default 0,
  count_error     integer not null default 0,
  fail_message    varchar(2000),
  error_file_id   varchar(36) references file_group(file_id),
  created_by      varchar(50) not null,
  created_at      timestamptz not null default now()
);
create index budget_upload_batch_year on budget_upload_batch(fiscal_year, created_at);
create index budget_upload_batch_error_file_id on budget_upload_batch(error_file_id) where error_file_id is not null;
create table budget_upload_row (
  batch_id  varchar(20) not null references budget_upload_batch(batch_id) on delete cascade,
  row_no    integer not null,
  result    varchar(10) not null check (result in ('NEW', 'UPDATE', 'UNCHANGED', 'SKIPPED', 'ERROR')),
  data      jsonb not null,
  errors    jsonb,
  primary key (batch_id, row_no)
);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
