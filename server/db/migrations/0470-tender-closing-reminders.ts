import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Tender jobs (issue 30 item 5): the closing reminder to an invited supplier that has not bid is
 * sent once per lead time (24 h, then 1 h before the close). tender_bid.reminded_hours holds the
 * smallest lead already reminded; the job claims the next one with a conditional update, so two
 * servers (or a repeated run) never send one twice. The opening and closing of the window need no
 * column: the job moves tender.status under the row's lock, once.
 */
const up_sql = `
alter table tender_bid add column reminded_hours integer;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
