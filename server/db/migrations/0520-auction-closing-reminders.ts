import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Auction closing reminders (issue 30): an invited supplier that has not bid is reminded once per
 * lead before the auction's end (AUCTION_REMINDER_HOURS, 24 h and 1 h by default), as the tenders'
 * are (0470). auction_participant.reminded_hours holds the smallest lead already reminded; the job
 * claims the next one with a conditional update, so two servers (or a repeated run) never send
 * one twice.
 */
const up_sql = `
alter table auction_participant add column reminded_hours integer;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
