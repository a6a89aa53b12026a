import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The tender opening's dual control compares persons, not accounts: each confirmation records the
 * employee behind the account (`confirmer_singleid`), so two accounts of one employee cannot give
 * both confirmations. Earlier rows take their account's employee.
 */
const up_sql = `
alter table tender_opening add column confirmer_singleid varchar(30);
update tender_opening o set confirmer_singleid = u.singleid from app_user u where u.user_id = o.confirmed_by;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
