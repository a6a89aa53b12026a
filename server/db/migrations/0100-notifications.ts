import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Notifications (issue 15, docs/auth.md "Notifications"): every e-mail or SMS the product sends
 * is first recorded here, in the transaction of the action that causes it (an outbox), and then
 * delivered by the job notify.deliver with retries and backoff; nothing is sent inside a request.
 *
 * oidc_login holds an OpenID Connect login in flight (state, nonce, PKCE verifier) for the few
 * minutes between the redirect to the identity provider and its answer, and the one-time ticket
 * the login page exchanges for a session.
 */
const up_sql = `
create table notification (
  id              bigserial primary key,
  channel         varchar(10) not null check (channel in ('EMAIL','SMS')),
  recipient       varchar(200) not null,
  template        varchar(40) not null,
  lang            varchar(2) not null default 'ko' check (lang in ('ko','en')),
  subject         varchar(300) not null,
  body            text not null,
  sensitive       char(1) not null default 'N' check (sensitive in ('Y','N')),
  state           varchar(10) not null default 'PENDING' check (state in ('PENDING','SENT','FAILED')),
  attempts        integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error      varchar(1000),
  ref_entity      varchar(40),
  ref_key         varchar(60),
  created_at      timestamptz not null default now(),
  sent_at         timestamptz
);
create index notification_due on notification(state, next_attempt_at);

create table oidc_login (
  state          varchar(64) primary key,
  nonce          varchar(64) not null,
  code_verifier  varchar(128) not null,
  move_url       varchar(1000),
  created_at     timestamptz not null default now(),
  expires_at     timestamptz not null,
  ticket_hash    char(64) unique,
  user_id        varchar(50),
  id_token       text,
  used_at        timestamptz
);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
