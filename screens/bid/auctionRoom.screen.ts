import { defineCustomScreen } from '../../engine/define';

/**
 * /cyber/bid/auctionRoom?auctionNo= (external) — the live room of one reverse auction for an
 * invited supplier: its own best and rank, how many companies bid, the time left by the server's
 * clock (moved live by soft close) and the bid box. A custom component because it lives on the
 * auction's event stream (app/custom-screens/bidding/auctionRoom.custom.tsx says more).
 */
export default defineCustomScreen({
  id: 'bid.auctionRoom',
  route: '/bid/auctionRoom',
  portals: ['external'],
  title: 'screen.bid.auctionRoom.title',
  description: 'The live room of a reverse auction: my best, my rank, the bidders, the time left and the bid box.',
  component: 'auctionRoom',
});
