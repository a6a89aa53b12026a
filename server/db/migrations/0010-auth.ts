import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Auth state lives in the database so any server can verify and revoke (DESIGN §2):
 * the signing key, rotating refresh tokens, one-time codes and the development outbox.
 */
const up_sql = `
create table server_secret (
  name        varchar(40) primary key,
  value       text not null,
  created_at  timestamptz not null default now()
);

create table refresh_token (
  token_hash  char(64) primary key,
  session_id  varchar(40) not null references user_session(session_id),
  issued_at   timestamptz not null default now(),
  expires_at  timestamptz not null,
  used_at     timestamptz
);
create index refresh_token_session on refresh_token(session_id);

create table otp_code (
  otp_id      varchar(40) primary key,
  user_id     varchar(50) not null references app_user(user_id),
  purpose     varchar(10) not null check (purpose in ('LOGIN','RESET')),
  channel     varchar(10) not null check (channel in ('SMS','EMAIL')),
  code_hash   char(64) not null,
  destination varchar(100) not null,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  attempts    integer not null default 0,
  used_at     timestamptz
);
create index otp_code_user on otp_code(user_id, purpose, created_at);

create table dev_outbox (
  id          bigserial primary key,
  recipient   varchar(100) not null,
  channel     varchar(10) not null,
  text        varchar(1000) not null,
  code        varchar(20),
  at          timestamptz not null default now()
);

alter table user_session add column login_method varchar(10);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
