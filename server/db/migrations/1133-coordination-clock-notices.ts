import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * 납품대금 조정협의 clock notices (docs/subcontracting.md "Notices"): when the agreement's buyer was told that talks
 * are due (day 8 of 10) and that an outcome is due (day 25 of 30). Set in the transaction that records the notice,
 * so the hourly job run again, or by another server, tells the buyer once: the job looks only at requests whose
 * column is null.
 */
const up_sql = `
alter table price_coordination add column talks_noticed_at timestamptz;
alter table price_coordination add column outcome_noticed_at timestamptz;
`;

const down_sql = `
alter table price_coordination drop column outcome_noticed_at;
alter table price_coordination drop column talks_noticed_at;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, down_sql);
}
