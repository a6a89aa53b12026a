import { sql, type Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The access log of personal-data processing (개인정보의 안전성 확보조치 기준 제8조:
 * who processed whose personal data, when, from where, what; kept at least two years and protected
 * against alteration).
 *
 * - Append-only in the database: UPDATE, DELETE and TRUNCATE raise for every role, the owner included.
 *   The one exception is the retention purge, which must say so (`gpms.access_log_purge = on` in its
 *   transaction) and may only remove rows older than two years: "never earlier" is the database's rule,
 *   not the job's.
 * - A hash chain: the insert trigger serialises writers (a transaction-level advisory lock), takes the
 *   sequence number and the time under that lock, and stores sha256(previous hash, the row's values).
 *   Changing, removing or inserting a row anywhere but at the end breaks the chain after it, which
 *   `npm run audit:verify` (server/modules/privacy/chain.ts recomputes every hash in Node) names.
 * - The hash input is the row's values as a jsonb array's text (`[1, "a", null]`), which Node can
 *   rebuild exactly; the time is kept to the millisecond so a JavaScript Date holds it whole.
 */
const up_sql = `
create sequence personal_data_access_log_seq;
create table personal_data_access_log (
  seq            bigint primary key,
  occurred_at    timestamptz not null,
  actor_id       text not null,
  actor_portal   text not null,
  actor_comp_no  text,
  client_ip      text,
  action         text not null check (action in ('VIEW', 'DOWNLOAD', 'PURGE')),
  operation      text not null,
  subject_kind   text not null,
  subject_keys   text not null,
  fields         text not null,
  row_count      integer not null default 1,
  reason_code    text,
  reason_text    text,
  prev_hash      text not null,
  hash           text not null
);
create index personal_data_access_log_time on personal_data_access_log(occurred_at);
create index personal_data_access_log_actor on personal_data_access_log(actor_id, occurred_at)
`;

const functions = [
  sql`create function personal_data_access_log_hash(r personal_data_access_log) returns text language sql immutable as $$
  select encode(sha256(convert_to(jsonb_build_array(
    r.prev_hash, r.seq, to_char(r.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    r.actor_id, r.actor_portal, r.actor_comp_no, r.client_ip, r.action, r.operation,
    r.subject_kind, r.subject_keys, r.fields, r.row_count, r.reason_code, r.reason_text
  )::text, 'UTF8')), 'hex')
$$`,
  sql`create function personal_data_access_log_chain() returns trigger language plpgsql as $$
declare
  previous text;
begin
  perform pg_advisory_xact_lock(73080028);
  new.seq := nextval('personal_data_access_log_seq');
  new.occurred_at := date_trunc('milliseconds', clock_timestamp());
  select l.hash into previous from personal_data_access_log l order by l.seq desc limit 1;
  new.prev_hash := coalesce(previous, repeat('0', 64));
  new.hash := personal_data_access_log_hash(new);
  return new;
end $$`,
  sql`create function personal_data_access_log_refuse() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' and current_setting('gpms.access_log_purge', true) = 'on'
     and old.occurred_at < now() - interval '2 years' then
    return old;
  end if;
  raise exception 'personal_data_access_log is append-only: % refused', tg_op using errcode = '42501';
end $$`,
];

const triggers = `
create trigger personal_data_access_log_chain before insert on personal_data_access_log
  for each row execute function personal_data_access_log_chain();
create trigger personal_data_access_log_no_change before update or delete on personal_data_access_log
  for each row execute function personal_data_access_log_refuse();
create trigger personal_data_access_log_no_truncate before truncate on personal_data_access_log
  for each statement execute function personal_data_access_log_refuse()
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
  for (const f of functions) await f.execute(db);
  await runSqlScript(db, triggers);
}
