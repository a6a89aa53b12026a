import { defineCustomScreen } from '../../engine/define';

/**
 * /bid/auctionMonitor?auctionNo= (internal) — the buyer's live monitor of a reverse auction: the
 * terms, the countdown by the server's clock, the ranking with names and prices, the bid log, the
 * extensions, and publish / cancel / award. A custom component because the ranking, the log and
 * the clock live on the auction's event stream (app/custom-screens/bidding/auctionMonitor.custom.tsx).
 */
export default defineCustomScreen({
  id: 'bid.auctionMonitor',
  route: '/bid/auctionMonitor',
  title: 'screen.bid.auctionMonitor.title',
  description:
    'The live monitor of a reverse auction: ranking with names and prices, bid log, countdown, publish, cancel and award.',
  component: 'auctionMonitor',
});
