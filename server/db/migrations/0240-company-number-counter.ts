import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Company numbers from a counter row. `nextCompNo` used max(comp_no)+1, so two
 * approvals committing at the same moment could both take the same number (one then failed on the
 * primary key). The counter lives in `document_sequence` (prefix COMP, period ALL) like every other
 * document number: its upsert takes the row lock, which serialises concurrent allocations on
 * PostgreSQL, and PGlite runs one transaction at a time anyway. This migration starts it at the
 * highest number already used; `nextCompNo` also never answers below the table's maximum, so rows
 * the seed or an import wrote directly cannot collide either.
 */
const up_sql = `
insert into document_sequence (prefix, period, last_value)
select 'COMP', 'ALL', coalesce(max(substr(comp_no, 2)::integer), 0)
  from company where comp_no ~ '^C[0-9]{5}$'
on conflict (prefix, period) do nothing;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
