import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The menus of the tax settings (docs/tax-invoices.md "Screens and authority") in a database seeded before
 * them, as the seed gives a new one: 입고/정산 › 정산 › 품목 과세유형 (/itemTaxType), 협력사 과세유형
 * (/supplierTaxType) and 공휴일 관리 (/publicHoliday), each at the level its group holds on 월정산 (whoever
 * draws the invoices keeps what they are drawn and counted by). Nothing is inserted while there are no
 * menus; running it twice adds nothing.
 */
const leaf = (id: string, ko: string, en: string, url: string, subs: string) => `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select '${id}', 'WHS_SETTLE', 3, '${ko}', '${en}', '${url}', '${subs}', 'T', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'WHS_SETTLE'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'WHS_SETTLE') and not exists (select 1 from menu where pgm_id = '${id}');`;

const IDS = ['WHS_SETTLE_ITEM_TAX_TYPE', 'WHS_SETTLE_SUPPLIER_TAX_TYPE', 'WHS_SETTLE_PUBLIC_HOLIDAY'];

const up_sql = [
  leaf('WHS_SETTLE_ITEM_TAX_TYPE', '품목 과세유형', 'Item Tax Types', '/itemTaxType', '{/itemTaxTypeEdit}'),
  leaf(
    'WHS_SETTLE_SUPPLIER_TAX_TYPE',
    '협력사 과세유형',
    'Supplier Tax Types',
    '/supplierTaxType',
    '{/supplierTaxTypeEdit}',
  ),
  leaf('WHS_SETTLE_PUBLIC_HOLIDAY', '공휴일 관리', 'Public Holidays', '/publicHoliday', '{}'),
  `
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, m.pgm_id, a.can_read, a.can_write
  from menu_auth a cross join menu m
  where a.pgm_id = 'WHS_SETTLE_MONTHLY' and m.pgm_id in (${IDS.map((i) => `'${i}'`).join(', ')})
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = m.pgm_id);`,
].join('\n');

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
