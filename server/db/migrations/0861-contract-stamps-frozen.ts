import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * A revenue-stamp number recorded for an executed contract does not change (docs/contracts.md
 * "Stamp duty"): the stamps are part of what was executed. A contract executed with its duty
 * PENDING still takes the missing party's number (an insert); no recorded one is updated or
 * removed. SECURITY DEFINER as every trigger on a table the supplier role writes.
 */
const up_sql = `
create function econtract_stamp_frozen() returns trigger language plpgsql security definer as $$ begin if exists (select 1 from econtract c where c.contract_no = old.contract_no and c.status = 'EXECUTED') then raise exception 'the stamps of an executed econtract do not change' using errcode = '55000'; end if; if tg_op = 'DELETE' then return old; end if; return new; end $$;
create trigger econtract_stamp_no_change before update or delete on econtract_stamp
  for each row execute function econtract_stamp_frozen();
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `drop trigger econtract_stamp_no_change on econtract_stamp;
drop function econtract_stamp_frozen();`,
  );
}
