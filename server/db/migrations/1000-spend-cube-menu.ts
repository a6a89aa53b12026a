import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The spend cube's screen (/spendCube, 구매 지출 분석; docs/reports.md "The spend cube") under
 * 리포트 › 월간 리포트 in a database seeded before it, as the seed gives a new one
 * (server/db/seed/menus.ts): last in its group, at the level each authority group holds on the spend
 * reports' first menu (RPT_MONTHLY_01, which governs the cube's operation). Nothing is inserted while
 * there are no menus; running it twice adds nothing.
 */
const up_sql = `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'RPT_SPEND_CUBE', 'RPT_MONTHLY', 3, '구매 지출 분석', 'Spend Analysis', '/spendCube', '{}', 'T', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'RPT_MONTHLY'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'RPT_MONTHLY') and not exists (select 1 from menu where pgm_id = 'RPT_SPEND_CUBE');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, 'RPT_SPEND_CUBE', a.can_read, a.can_write
  from menu_auth a
  where a.pgm_id = 'RPT_MONTHLY_01' and exists (select 1 from menu where pgm_id = 'RPT_SPEND_CUBE')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = 'RPT_SPEND_CUBE');
`;

const down_sql = `
delete from menu_auth where pgm_id = 'RPT_SPEND_CUBE';
delete from menu where pgm_id = 'RPT_SPEND_CUBE';
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, down_sql);
}
