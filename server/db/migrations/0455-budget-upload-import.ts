import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Budget Excel upload and ERP budget import (issue #26, docs/budget.md).
 *
 * - `budget_upload_batch` / `budget_upload_row`: one upload of a year's budget workbook and each of
 *   its rows with its result (NEW, UPDATE, UNCHANGED, SKIPPED, ERROR) and errors. An upload is all or
 *   nothing: APPLIED (every row was right and the lines were written in the same transaction) or
 *   REJECTED (at least one row was wrong; no budget line changed). The rows are kept so the screen
 *   shows each row's error and the error workbook can be made.
 * - `budget_import_run`: one run of the ERP budget import (a file from the drop directory or an
 *   answer of the ERP's HTTP endpoint) with its counts and the records it refused.
 * - `budget_import_entry`: the amount last imported under each ERP key and the budget line it went
 *   to; the same record again changes nothing (idempotent by the key).
 * - `budget_import_history`: every change an import made to a key's amount (before → after).
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
create table budget_import_run (
  run_id          bigserial primary key,
  source          varchar(10) not null check (source in ('file', 'http')),
  source_name     varchar(500) not null,
  status          varchar(10) not null check (status in ('DONE', 'FAILED')),
  count_new       integer not null default 0,
  count_update    integer not null default 0,
  count_unchanged integer not null default 0,
  count_error     integer not null default 0,
  errors          jsonb,
  fail_message    varchar(2000),
  started_by      varchar(50) not null,
  started_at      timestamptz not null default now(),
  finished_at     timestamptz
);
create table budget_import_entry (
  import_key    varchar(100) primary key,
  fiscal_year   integer not null,
  month         integer not null,
  deptcd        varchar(20) not null,
  account_code  varchar(20) not null,
  amount        numeric(18,0) not null,
  run_id        bigint not null references budget_import_run(run_id),
  updated_at    timestamptz not null default now()
);
create table budget_import_history (
  history_id    bigserial primary key,
  import_key    varchar(100) not null,
  run_id        bigint not null references budget_import_run(run_id),
  amount_before numeric(18,0),
  amount_after  numeric(18,0) not null,
  created_at    timestamptz not null default now()
);
create index budget_import_history_key on budget_import_history(import_key, history_id);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
