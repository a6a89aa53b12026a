import { defineListScreen } from '../../engine/define';
import { AUCTION_RESULT, AUCTION_STATUS } from './options';

/**
 * /cyber/bid/auctionRoom (external) — the reverse auctions my company is invited to, with my own
 * best and result (never another company's). The live room (rank and countdown over the feed,
 * the bid box) is not built yet (docs/bidding.md); bids are placed through the API.
 */
export default defineListScreen({
  id: 'bid.auctionRoom',
  route: '/bid/auctionRoom',
  portals: ['external'],
  title: 'screen.bid.auctionRoom.title',
  labels: 'screen.bid.f',
  description: 'Reverse auctions my company is invited to, with my own best price.',
  source: { operation: 'listSupplierAuctions', rowKey: 'auctionNo', defaultSort: 'endAt:desc' },
  filters: [{ field: 'auctionNo' }, { field: 'title' }],
  columns: [
    { field: 'auctionNo', width: 130 },
    { field: 'title', width: 240 },
    { field: 'status', type: 'code', options: AUCTION_STATUS, width: 90, align: 'center' },
    { field: 'startAt', type: 'datetime', width: 130 },
    { field: 'endAt', type: 'datetime', width: 130 },
    { field: 'startPrice', type: 'number', width: 120 },
    { field: 'myBest', type: 'number', width: 120 },
    { field: 'myBidCount', type: 'number', width: 80 },
    { field: 'result', type: 'code', options: AUCTION_RESULT, width: 80, align: 'center' },
  ],
});
