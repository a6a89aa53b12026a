import { defineListScreen } from '../../engine/define';
import { AUCTION_RESULT, SUPPLIER_AUCTION_STATUS } from './options';

/**
 * /cyber/bid/auctionList (external) — the reverse auctions my company is invited to, with my own
 * best and result (never another company's). A row opens the live room /cyber/bid/auctionRoom
 * (rank, countdown, the bid box).
 */
export default defineListScreen({
  id: 'bid.cyberAuctionList',
  route: '/bid/auctionList',
  portals: ['external'],
  title: 'screen.bid.cyberAuctionList.title',
  labels: 'screen.bid.f',
  description: 'Reverse auctions my company is invited to, with my own best price; a row opens the live room.',
  source: { operation: 'listSupplierAuctions', rowKey: 'auctionNo', defaultSort: 'endAt:desc' },
  filters: [{ field: 'auctionNo' }, { field: 'title' }],
  columns: [
    { field: 'auctionNo', width: 130, link: { screen: 'bid.auctionRoom', query: { auctionNo: 'row.auctionNo' } } },
    { field: 'title', width: 240 },
    { field: 'status', type: 'code', options: SUPPLIER_AUCTION_STATUS, width: 90, align: 'center' },
    { field: 'startAt', type: 'datetime', width: 130 },
    { field: 'endAt', type: 'datetime', width: 130 },
    { field: 'startPrice', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'myBest', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'myBidCount', type: 'number', width: 80 },
    { field: 'result', type: 'code', options: AUCTION_RESULT, width: 80, align: 'center' },
  ],
  rowOpen: { screen: 'bid.auctionRoom', query: { auctionNo: 'row.auctionNo' } },
});
