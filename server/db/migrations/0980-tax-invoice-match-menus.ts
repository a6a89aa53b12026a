import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The match view of a settlement (docs/tax-invoices.md "The match view") as a screen of the tax-invoice menus, whose
 * authority it shares, in a database seeded before it (the seed gives a new one the same rows,
 * server/db/seed/menus.ts): /taxInvoiceMatch under 입고/정산 › 정산 › 세금계산서, /myTaxInvoiceMatch under the
 * supplier's 정산관리 › 세금계산서. Running it twice adds nothing.
 */
const up_sql = `
update menu set ssp_sub_urls = array_append(ssp_sub_urls, '/taxInvoiceMatch')
  where pgm_id = 'WHS_SETTLE_TAX_INVOICE' and not ('/taxInvoiceMatch' = any(ssp_sub_urls));
update menu set ssp_sub_urls = array_append(ssp_sub_urls, '/myTaxInvoiceMatch')
  where pgm_id = 'CY_SETTLE_TAX_INVOICE' and not ('/myTaxInvoiceMatch' = any(ssp_sub_urls));
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
