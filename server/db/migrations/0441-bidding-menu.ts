import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The tender menus (issue 30) in a database that already has the portals' menus: 구매관리 › 전자입찰
 * (/bid/tenderList with /bid/tenderEdit, /bid/tenderOpen) and the supplier's 입찰 › 전자입찰
 * (/cyber/bid/tenderList with /cyber/bid/tenderSubmit; menus store external paths without /cyber).
 * Each group gets them at the level it holds on the order menus of its portal (PUR_ORDER_REQUEST,
 * CY_ORDER_LIST), which is what the seed's authority matrix gives a fresh database
 * (server/db/seed/menus.ts and authority.ts). Nothing is inserted while there are no menus.
 */
const up_sql = `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_BID', 'PUR', 2, '전자입찰', 'Sealed Bids', null, '{}', 'F', 'I',
         coalesce((select max(sort_order) from menu where parent_id = 'PUR'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR') and not exists (select 1 from menu where pgm_id = 'PUR_BID');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_BID_TENDER', 'PUR_BID', 3, '입찰 관리', 'Tenders', '/bid/tenderList', '{/bid/tenderEdit}', 'T', 'I', 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_BID') and not exists (select 1 from menu where pgm_id = 'PUR_BID_TENDER');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_BID_OPEN', 'PUR_BID', 3, '개찰', 'Bid Opening', '/bid/tenderOpen', '{}', 'T', 'I', 20, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_BID') and not exists (select 1 from menu where pgm_id = 'PUR_BID_OPEN');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'CY_BID', null, 1, '입찰', 'Bids', null, '{}', 'F', 'X',
         coalesce((select max(sort_order) from menu where parent_id is null and portal = 'X'), 0) + 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'CY_ORDER') and not exists (select 1 from menu where pgm_id = 'CY_BID');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'CY_BID_MAIN', 'CY_BID', 2, '전자입찰', 'Sealed Bids', null, '{}', 'F', 'X', 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'CY_BID') and not exists (select 1 from menu where pgm_id = 'CY_BID_MAIN');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'CY_BID_TENDER', 'CY_BID_MAIN', 3, '입찰 참여', 'My Tenders', '/bid/tenderList', '{/bid/tenderSubmit}', 'T', 'X', 10, 'Y'
  where exists (select 1 from menu where pgm_id = 'CY_BID_MAIN') and not exists (select 1 from menu where pgm_id = 'CY_BID_TENDER');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, m.pgm_id, a.can_read, a.can_write
  from menu_auth a cross join menu m
  where a.pgm_id = 'PUR_ORDER_REQUEST' and m.pgm_id in ('PUR_BID', 'PUR_BID_TENDER', 'PUR_BID_OPEN')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = m.pgm_id);
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, m.pgm_id, a.can_read, a.can_write
  from menu_auth a cross join menu m
  where a.pgm_id = 'CY_ORDER_LIST' and m.pgm_id in ('CY_BID', 'CY_BID_MAIN', 'CY_BID_TENDER')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = m.pgm_id);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
