import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * When each month was marked for a rebuild: a report no longer rebuilds the
 * summaries when it is read (a GET writes nothing); it answers, with its rows, the months of its
 * period that wait for the job and the moment its figures are complete up to — the oldest such
 * mark (docs/reports.md "Summaries").
 */
const up_sql = `
alter table report_summary_dirty add column marked_at timestamptz not null default now();
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
