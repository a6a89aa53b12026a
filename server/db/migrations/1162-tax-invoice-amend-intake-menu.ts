import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The supplier's upload of its own 수정세금계산서 (docs/tax-invoices.md "A supplier's own 수정세금계산서") as a screen of
 * its 정산관리 › 세금계산서, whose authority it shares, in a database seeded before it (the seed gives a new one the
 * same row, server/db/seed/menus.ts). Running it twice adds nothing.
 */
const up_sql = `
update menu set ssp_sub_urls = array_append(ssp_sub_urls, '/myTaxInvoiceAmendIntake')
  where pgm_id = 'CY_SETTLE_TAX_INVOICE' and not ('/myTaxInvoiceAmendIntake' = any(ssp_sub_urls));
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
