import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * What several servers on one database must share (docs/deployment.md).
 *
 * Background jobs (server/jobs/): one row per job holds when it is next due and who runs it now.
 * A server claims a due job with one conditional UPDATE, so among any number of servers on the
 * same database exactly one runs it; a claim older than its lease (a server that died mid-run) may
 * be taken over. Every run is kept in job_run.
 *
 * Rate limits (server/plugins/rate-limit-store.ts): one counter row per limited key and window, so
 * a client is counted across every server.
 */
const up_sql = `
create table job_state (
  name             varchar(100) primary key,
  every_seconds    integer not null check (every_seconds > 0),
  next_run_at      timestamptz not null default now(),
  running_by       varchar(100),
  running_since    timestamptz,
  failures         integer not null default 0,
  last_started_at  timestamptz,
  last_finished_at timestamptz,
  last_status      varchar(10) check (last_status in ('OK','FAILED')),
  last_error       varchar(2000),
  check ((running_by is null) = (running_since is null))
);

create table job_run (
  run_id       bigserial primary key,
  name         varchar(100) not null references job_state(name),
  server_id    varchar(100) not null,
  started_at   timestamptz not null,
  finished_at  timestamptz not null,
  status       varchar(10) not null check (status in ('OK','FAILED')),
  summary      jsonb,
  error        varchar(2000)
);
create index job_run_name_started on job_run(name, started_at desc);

create table rate_limit_counter (
  key         varchar(300) primary key,
  hits        integer not null,
  expires_at  timestamptz not null
);
create index rate_limit_counter_expires on rate_limit_counter(expires_at);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
