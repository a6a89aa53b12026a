import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * 구매관리 › 하도급 › 연동 기준 지표 (/linkageIndexManage; docs/subcontracting.md "납품대금 연동") in a database seeded
 * before it, as the seed gives a new one (server/db/seed/menus.ts): the 기준 지표 of 납품대금 연동 clauses and their
 * values are kept by whoever keeps the agreements, so each group gets it at the level it holds on 단가계약
 * (PUR_AGREEMENT). Nothing is inserted while 하도급 is missing; running it twice adds nothing.
 */
const up_sql = `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_SUBCON_LINKAGE_INDEX', 'PUR_SUBCON', 3, '연동 기준 지표', 'Price Linkage Indexes', '/linkageIndexManage', '{}', 'T', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'PUR_SUBCON'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_SUBCON')
    and not exists (select 1 from menu where pgm_id = 'PUR_SUBCON_LINKAGE_INDEX');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, 'PUR_SUBCON_LINKAGE_INDEX', a.can_read, a.can_write from menu_auth a
  where a.pgm_id = 'PUR_AGREEMENT'
    and exists (select 1 from menu where pgm_id = 'PUR_SUBCON_LINKAGE_INDEX')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = 'PUR_SUBCON_LINKAGE_INDEX');
`;

const down_sql = `
delete from menu_auth where pgm_id = 'PUR_SUBCON_LINKAGE_INDEX';
delete from menu where pgm_id = 'PUR_SUBCON_LINKAGE_INDEX';
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, down_sql);
}
