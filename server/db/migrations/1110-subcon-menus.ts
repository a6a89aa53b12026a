import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The 하도급 menus (docs/subcontracting.md) in a database seeded before them, as the seed gives a new one
 * (server/db/seed/menus.ts): 구매관리 › 하도급, last, with 하도급 대상 규칙 (/subconRuleManage) and 하도급 준수 현황
 * (/subconCompliance). Each group gets them at the level it holds on the order requests (PUR_ORDER_REQUEST),
 * except that the seed's 운영자 (20) reads the rules without changing them: which orders are 하도급 is the purchasing
 * managers' decision. Nothing is inserted while there are no menus; running it twice adds nothing.
 */
const up_sql = `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_SUBCON', 'PUR', 2, '하도급', 'Subcontracting', null, '{}', 'F', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'PUR'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR') and not exists (select 1 from menu where pgm_id = 'PUR_SUBCON');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_SUBCON_RULE', 'PUR_SUBCON', 3, '하도급 대상 규칙', 'Subcontracting Rules', '/subconRuleManage', '{}', 'T', 'I', 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_SUBCON') and not exists (select 1 from menu where pgm_id = 'PUR_SUBCON_RULE');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_SUBCON_COMPLIANCE', 'PUR_SUBCON', 3, '하도급 준수 현황', 'Subcontracting Compliance', '/subconCompliance', '{}', 'T', 'I', 20, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_SUBCON') and not exists (select 1 from menu where pgm_id = 'PUR_SUBCON_COMPLIANCE');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, m.pgm_id, a.can_read,
         case when m.pgm_id = 'PUR_SUBCON_RULE' and a.auth_group_id = '20' then 'N' else a.can_write end
  from menu_auth a cross join menu m
  where a.pgm_id = 'PUR_ORDER_REQUEST' and m.pgm_id in ('PUR_SUBCON', 'PUR_SUBCON_RULE', 'PUR_SUBCON_COMPLIANCE')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = m.pgm_id);
`;

const down_sql = `
delete from menu_auth where pgm_id in ('PUR_SUBCON', 'PUR_SUBCON_RULE', 'PUR_SUBCON_COMPLIANCE');
delete from menu where pgm_id in ('PUR_SUBCON_RULE', 'PUR_SUBCON_COMPLIANCE');
delete from menu where pgm_id = 'PUR_SUBCON';
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, down_sql);
}
