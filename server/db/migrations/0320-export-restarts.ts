import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * A server-side export whose server stopped is taken up by another server:
 * a stopping server releases the export's lease, a server that died lets it run out, and the
 * `exports.resume` job starts it again from its first page on a server that runs. `restarts`
 * bounds that (an export that keeps stopping its server ends FAILED). Expand-only: a server of
 * the previous release ignores the column.
 */
const up_sql = `
alter table export_job add column restarts integer not null default 0;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
