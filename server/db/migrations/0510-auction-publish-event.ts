import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Publishing an auction is a feed event too (issue 30): a monitor open on the draft, and every
 * feed after it, sees the auction become published live, as it sees the opening, the close, the
 * cancel and the award. An older server projects the row as any status change (status, end).
 */
const up_sql = `
alter table auction_event drop constraint auction_event_kind_check;
alter table auction_event add constraint auction_event_kind_check check (kind in ('PUBLISH','OPEN','BID','EXTEND','CLOSE','CANCEL','AWARD'));
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
