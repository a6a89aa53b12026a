import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The PO list's per-currency totals (server/modules/purchase/po/queries.ts listPos) read every
 * order of the filter: 300,000 at seed scale 50. With the order type and currency leading and
 * the amount included, the screen's default (poType=PO, no other filter) is an index-only scan
 * already grouped by currency, instead of reading the whole table (bench/README.md, bench:api).
 */
const up_sql = `
create index po_header_type_currency on po_header(po_type, currency) include (total_amount);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
