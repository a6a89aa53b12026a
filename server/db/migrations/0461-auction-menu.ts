import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The reverse-auction menus (issue 30) in a database that already has the bidding menus (0441):
 * 구매관리 › 전자입찰 › 역경매 (/bid/auctionList with /bid/auctionMonitor) and the supplier's
 * 입찰 › 전자입찰 › 역경매 참여 (/cyber/bid/auctionRoom; menus store external paths without /cyber).
 * Each group gets them at the level it holds on the tender menus of its portal, which is what
 * the seed's authority matrix gives a fresh database. Nothing is inserted while there are no menus.
 */
const up_sql = `
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'PUR_BID_AUCTION', 'PUR_BID', 3, '역경매', 'Reverse Auctions', '/bid/auctionList', '{/bid/auctionMonitor}', 'T', 'I', 30, 'Y'
  where exists (select 1 from menu where pgm_id = 'PUR_BID') and not exists (select 1 from menu where pgm_id = 'PUR_BID_AUCTION');
insert into menu (pgm_id, parent_id, depth, pgm_name, pgm_name_en, ssp_url, ssp_sub_urls, leaf, portal, sort_order, use_yn)
  select 'CY_BID_AUCTION', 'CY_BID_MAIN', 3, '역경매 참여', 'Reverse Auctions', '/bid/auctionRoom', '{}', 'T', 'X', 20, 'Y'
  where exists (select 1 from menu where pgm_id = 'CY_BID_MAIN') and not exists (select 1 from menu where pgm_id = 'CY_BID_AUCTION');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, 'PUR_BID_AUCTION', a.can_read, a.can_write
  from menu_auth a
  where a.pgm_id = 'PUR_BID_TENDER' and exists (select 1 from menu where pgm_id = 'PUR_BID_AUCTION')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = 'PUR_BID_AUCTION');
insert into menu_auth (auth_group_id, pgm_id, can_read, can_write)
  select a.auth_group_id, 'CY_BID_AUCTION', a.can_read, a.can_write
  from menu_auth a
  where a.pgm_id = 'CY_BID_TENDER' and exists (select 1 from menu where pgm_id = 'CY_BID_AUCTION')
    and not exists (select 1 from menu_auth x where x.auth_group_id = a.auth_group_id and x.pgm_id = 'CY_BID_AUCTION');
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
