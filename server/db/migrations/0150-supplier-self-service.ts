import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The supplier's own pages: change requests to the master that staff approve, the
 * re-entered password that opens "my account" and the one-time code that proves a new phone.
 */
const up_sql = `
-- A supplier asks to change its bank account or registration data (names, CEO, corporate number,
-- address, business type); staff approve (the master changes in the same transaction) or reject.
-- changes: { field: { from, to } } as shown to people (a bank account masked); the requested
-- account itself is kept apart in bank_account, so no list, answer or audit row carries it.
create table company_change_request (
  req_no            varchar(20) primary key,
  comp_no           varchar(10) not null references company(comp_no),
  kinds             varchar(30) not null,
  changes           jsonb not null,
  bank_account      varchar(40),
  reason            varchar(1000) not null,
  file_id           varchar(36) not null references file_group(file_id),
  status            varchar(10) not null check (status in ('REQUESTED','APPROVED','REJECTED','WITHDRAWN')),
  requested_by      varchar(50) not null,
  requested_at      timestamptz not null default now(),
  decided_by        varchar(50),
  decided_at        timestamptz,
  decision_comment  varchar(1000),
  version           integer not null default 1
);
create index company_change_request_comp on company_change_request(comp_no, requested_at);
create index company_change_request_open on company_change_request(status, requested_at);
create index company_change_request_file_id on company_change_request(file_id);
-- One open request per company at a time.
create unique index company_change_request_one_open on company_change_request(comp_no) where status = 'REQUESTED';

-- The password re-entered on PersonInfoLogin: proof held by the session, valid for a few minutes.
alter table user_session add column reauth_at timestamptz;

-- A code sent to a new cell phone proves it before "my account" stores it.
alter table otp_code drop constraint otp_code_purpose_check;
alter table otp_code add constraint otp_code_purpose_check check (purpose in ('LOGIN','RESET','PHONE'));
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
