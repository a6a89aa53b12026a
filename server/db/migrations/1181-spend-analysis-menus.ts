import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The spend-analysis screens beside the spend cube (docs/reports.md "Savings", "Maverick spend", "Supplier
 * service") under 리포트 › 월간 리포트 in a database seeded before them, as the seed gives a new one
 * (server/db/seed/menus.ts): after 구매 지출 분석, in this order, at the level each authority group holds
 * on the spend reports' first menu (RPT_MONTHLY_01), as migration 1000 gave the cube. Nothing is inserted
 * while there are no menus; running it twice adds nothing.
 */
const LEAVES: ReadonlyArray<[string, string, string, string]> = [
  ['RPT_SAVINGS', '구매 절감 실적', 'Savings', '/spendSavings'],
  ['RPT_MAVERICK', '비정상 구매', 'Maverick Spend', '/maverickSpend'],
  ['RPT_SUPPLIER_SERVICE', '협력사 서비스 수준', 'Supplier Service', '/supplierService'],
  ['RPT_SUPPLIER_DEPENDENCY', '협력사 의존도', 'Supplier Dependency', '/supplierDependency'],
];

const leafSql = ([pgmId, ko, en, url]: (typeof LEAVES)[number]) => `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select '${pgmId}', 'RPT_MONTHLY', 3, '${ko}', '${en}', '${url}', '{}', 'T', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'RPT_MONTHLY'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'RPT_MONTHLY') and not exists (select 1 from menu where pgm_id = '${pgmId}');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, '${pgmId}', a.can_read, a.can_write
  from menu_auth a
  where a.pgm_id = 'RPT_MONTHLY_01' and exists (select 1 from menu where pgm_id = '${pgmId}')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = '${pgmId}');
`;

const ids = LEAVES.map(([pgmId]) => `'${pgmId}'`).join(', ');

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, LEAVES.map(leafSql).join(''));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `delete from menu_auth where pgm_id in (${ids});\ndelete from menu where pgm_id in (${ids});\n`,
  );
}
