import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Server-side exports: a large list result is written on the server as a streamed
 * .xlsx, with progress and cancel, and downloaded when done. One row per export: who asked (the
 * export reads through that user's own session, so it sees exactly what the user may), which list
 * operation with which inputs, and how far it is. The server that accepted it runs it and renews
 * `lease_until` as it goes; a row whose lease ran out belongs to a server that stopped, and the
 * `exports.sweep` job marks it failed. Files live in DATA_DIR/exports (shared storage with N servers).
 */
const up_sql = `
create table export_job (
  export_id        uuid primary key,
  user_id          varchar(50) not null,
  session_id       varchar(100) not null,
  operation_id     varchar(100) not null,
  request          jsonb not null,
  sheet_name       varchar(100) not null,
  status           varchar(10) not null check (status in ('RUNNING','DONE','FAILED','CANCELLED')),
  rows_total       integer not null default 0,
  rows_done        integer not null default 0,
  bytes            bigint,
  cancel_requested boolean not null default false,
  error            varchar(1000),
  server_id        varchar(100) not null,
  lease_until      timestamptz not null,
  created_at       timestamptz not null default now(),
  finished_at      timestamptz
);
create index export_job_user on export_job(user_id, created_at desc);
create index export_job_running on export_job(lease_until) where status = 'RUNNING';
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
