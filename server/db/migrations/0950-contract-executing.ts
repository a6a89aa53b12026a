import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Sealing outside the database transaction (docs/contracts.md "Execution"): the last signature moves
 * a contract to EXECUTING (체결 처리중) in its own transaction; the executed copy is sealed and
 * time-stamped after it and stored in a second one. A contract a crash or a time-stamping outage
 * left EXECUTING is finished by the job contracts.finishExecuting, with backoff:
 * `execute_attempts` (failed attempts so far), `execute_retry_at` (no attempt before it) and
 * `execute_error` (the last failure, for the operator).
 */
const up_sql = `
alter table econtract drop constraint econtract_status_check;
alter table econtract add constraint econtract_status_check check (status in ('DRAFT','IN_APPROVAL','SENT','PARTLY_SIGNED','EXECUTING','EXECUTED','DECLINED','EXPIRED','CANCELLED'));
alter table econtract add column execute_attempts integer not null default 0;
alter table econtract add column execute_retry_at timestamptz;
alter table econtract add column execute_error varchar(500);
create index econtract_executing on econtract(execute_retry_at) where status = 'EXECUTING';
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
