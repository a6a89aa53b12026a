import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The reverse auctions' screens (issue 30): the buyer's menu 역경매 also opens the create form
 * (/bid/auctionEdit) beside the monitor; the supplier's menu 역경매 참여 opens its list of
 * auctions at /bid/auctionList (as its tenders are at /bid/tenderList) and the live room
 * /bid/auctionRoom from a row (a sub-URL: the room's operations stay declared on /bid/auctionRoom).
 * Only rows as 0461 wrote them are changed; nothing happens without them.
 */
const up_sql = `
update menu set ssp_sub_urls = '{/bid/auctionMonitor,/bid/auctionEdit}'
  where pgm_id = 'PUR_BID_AUCTION' and ssp_sub_urls = '{/bid/auctionMonitor}';
update menu set ssp_url = '/bid/auctionList', ssp_sub_urls = '{/bid/auctionRoom}'
  where pgm_id = 'CY_BID_AUCTION' and ssp_url = '/bid/auctionRoom';
`;

const down_sql = `
update menu set ssp_sub_urls = '{/bid/auctionMonitor}' where pgm_id = 'PUR_BID_AUCTION' and ssp_sub_urls = '{/bid/auctionMonitor,/bid/auctionEdit}';
update menu set ssp_url = '/bid/auctionRoom', ssp_sub_urls = '{}' where pgm_id = 'CY_BID_AUCTION' and ssp_url = '/bid/auctionList';
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, down_sql);
}
