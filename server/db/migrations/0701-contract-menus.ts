import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The electronic-contract menus in a database that already has the portals' menus, as the seed gives
 * a new one (server/db/seed/menus.ts): 구매관리 › 전자계약 (계약 관리 /contract/contractList with
 * /contract/contractDetail, 계약 템플릿 /contract/templateList with /contract/templateEdit, 계약서 검증
 * /contract/contractVerify) and the supplier's 전자계약 (계약 서명 /contract/contractList with
 * /contract/contractSign, 계약서 검증). Each group gets them at the level it holds on the order menus
 * of its portal (PUR_ORDER_REQUEST, CY_ORDER_LIST), as migration 0441 did for tenders. Nothing is
 * inserted while there are no menus; running it twice adds nothing.
 */
const up_sql = `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_CONTRACT', 'PUR', 2, '전자계약', 'Electronic Contracts', null, '{}', 'F', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'PUR'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR') and not exists (select 1 from menu where pgm_id = 'PUR_CONTRACT');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_CONTRACT_LIST', 'PUR_CONTRACT', 3, '계약 관리', 'Contracts', '/contract/contractList', '{/contract/contractDetail}', 'T', 'I', 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_CONTRACT') and not exists (select 1 from menu where pgm_id = 'PUR_CONTRACT_LIST');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_CONTRACT_TEMPLATE', 'PUR_CONTRACT', 3, '계약 템플릿', 'Contract Templates', '/contract/templateList', '{/contract/templateEdit}', 'T', 'I', 20, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_CONTRACT') and not exists (select 1 from menu where pgm_id = 'PUR_CONTRACT_TEMPLATE');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_CONTRACT_VERIFY', 'PUR_CONTRACT', 3, '계약서 검증', 'Verify a Contract', '/contract/contractVerify', '{}', 'T', 'I', 30, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_CONTRACT') and not exists (select 1 from menu where pgm_id = 'PUR_CONTRACT_VERIFY');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'CY_CONTRACT', null, 1, '전자계약', 'Contracts', null, '{}', 'F', 'X',
         coalesce((select max(sort_order) from menu where parent_id is null and portal = 'X'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'CY_ORDER') and not exists (select 1 from menu where pgm_id = 'CY_CONTRACT');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'CY_CONTRACT_MAIN', 'CY_CONTRACT', 2, '전자계약', 'Electronic Contracts', null, '{}', 'F', 'X', 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'CY_CONTRACT') and not exists (select 1 from menu where pgm_id = 'CY_CONTRACT_MAIN');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'CY_CONTRACT_LIST', 'CY_CONTRACT_MAIN', 3, '계약 서명', 'Contracts to Sign', '/contract/contractList', '{/contract/contractSign}', 'T', 'X', 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'CY_CONTRACT_MAIN') and not exists (select 1 from menu where pgm_id = 'CY_CONTRACT_LIST');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'CY_CONTRACT_VERIFY', 'CY_CONTRACT_MAIN', 3, '계약서 검증', 'Verify a Contract', '/contract/contractVerify', '{}', 'T', 'X', 20, 'Y'
  where exists (select 1 from menu where pgm_id = 'CY_CONTRACT_MAIN') and not exists (select 1 from menu where pgm_id = 'CY_CONTRACT_VERIFY');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, m.pgm_id, a.can_read, a.can_write
  from menu_auth a cross join menu m
  where a.pgm_id = 'PUR_ORDER_REQUEST' and m.pgm_id in ('PUR_CONTRACT', 'PUR_CONTRACT_LIST', 'PUR_CONTRACT_TEMPLATE', 'PUR_CONTRACT_VERIFY')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = m.pgm_id);
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, m.pgm_id, a.can_read, a.can_write
  from menu_auth a cross join menu m
  where a.pgm_id = 'CY_ORDER_LIST' and m.pgm_id in ('CY_CONTRACT', 'CY_CONTRACT_MAIN', 'CY_CONTRACT_LIST', 'CY_CONTRACT_VERIFY')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = m.pgm_id);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
