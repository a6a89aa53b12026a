import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The tax-invoice screens' menus (docs/tax-invoices.md "Screens and authority") in a database seeded
 * before them, as the seed gives a new one: 입고/정산 › 정산 › 세금계산서 (/taxInvoice, with its detail
 * and the 정발행 intake) and 세금계산서 발행기한 (/taxInvoiceDeadline) at the level each group holds on
 * 월정산; 기표/ERP 연동 › 세금계산서 예외 (/taxInvoiceException) at the level of 기표현황; the supplier's
 * 정산 › 정산관리 › 세금계산서 (/myTaxInvoice with its detail) at the level of its 월정산. Nothing is
 * inserted while there are no menus; running it twice adds nothing.
 */
const leaf = (id: string, parent: string, ko: string, en: string, url: string, subs: string, portal: 'I' | 'X') => `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select '${id}', '${parent}', 3, '${ko}', '${en}', '${url}', '${subs}', 'T', '${portal}',
         coalesce((select max(sort_order) from menu where parent_id = '${parent}'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = '${parent}') and not exists (select 1 from menu where pgm_id = '${id}');`;

const grantsOf = (from: string, ids: string[]) => `
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, m.pgm_id, a.can_read, a.can_write
  from menu_auth a cross join menu m
  where a.pgm_id = '${from}' and m.pgm_id in (${ids.map((i) => `'${i}'`).join(', ')})
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = m.pgm_id);`;

const up_sql = [
  leaf(
    'WHS_SETTLE_TAX_INVOICE',
    'WHS_SETTLE',
    '세금계산서',
    'Tax Invoices',
    '/taxInvoice',
    '{/taxInvoiceDetail,/taxInvoiceIntake}',
    'I',
  ),
  leaf(
    'WHS_SETTLE_TAX_DEADLINE',
    'WHS_SETTLE',
    '세금계산서 발행기한',
    'Tax Invoice Deadlines',
    '/taxInvoiceDeadline',
    '{}',
    'I',
  ),
  leaf(
    'WHS_POSTING_TAX_EXCEPTION',
    'WHS_POSTING',
    '세금계산서 예외',
    'Tax Invoice Exceptions',
    '/taxInvoiceException',
    '{}',
    'I',
  ),
  leaf(
    'CY_SETTLE_TAX_INVOICE',
    'CY_SETTLE_MAIN',
    '세금계산서',
    'Tax Invoices',
    '/myTaxInvoice',
    '{/myTaxInvoiceDetail}',
    'X',
  ),
  grantsOf('WHS_SETTLE_MONTHLY', ['WHS_SETTLE_TAX_INVOICE', 'WHS_SETTLE_TAX_DEADLINE']),
  grantsOf('WHS_POSTING_VOUCHER', ['WHS_POSTING_TAX_EXCEPTION']),
  grantsOf('CY_SETTLE_MONTHLY', ['CY_SETTLE_TAX_INVOICE']),
].join('\n');

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
