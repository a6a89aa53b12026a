import { defineListScreen } from '../../engine/define';
import { AUCTION_STATUS } from './options';

/**
 * /bid/auctionList (internal) — the reverse auctions (역경매): window as extended by soft close,
 * invited and bid counts, the best price now. A row opens the live monitor (/bid/auctionMonitor:
 * publish, cancel, award); 새 역경매 opens the create form (/bid/auctionEdit), 수정 the selected draft in it.
 */
export default defineListScreen({
  id: 'bid.auctionList',
  route: '/bid/auctionList',
  title: 'screen.bid.auctionList.title',
  labels: 'screen.bid.f',
  description: 'Reverse auctions with their window, counts and best price.',
  source: { operation: 'listAuctions', rowKey: 'auctionNo', defaultSort: 'auctionNo:desc' },
  filters: [
    { field: 'auctionNo' },
    { field: 'title' },
    { field: 'status', widget: 'multiSelect', options: AUCTION_STATUS },
  ],
  columns: [
    { field: 'auctionNo', width: 130, link: { screen: 'bid.auctionMonitor', query: { auctionNo: 'row.auctionNo' } } },
    { field: 'title', width: 240 },
    { field: 'status', type: 'code', options: AUCTION_STATUS, width: 90, align: 'center' },
    { field: 'startAt', type: 'datetime', width: 130 },
    { field: 'endAt', type: 'datetime', width: 130 },
    { field: 'startPrice', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'bestAmount', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'invitedCount', type: 'number', width: 80 },
    { field: 'bidCount', type: 'number', width: 80 },
    { field: 'buyerName', width: 90 },
  ],
  rowOpen: { screen: 'bid.auctionMonitor', query: { auctionNo: 'row.auctionNo' } },
  selection: 'single',
  actions: [
    { kind: 'navigate', id: 'new', label: 'screen.bid.auctionList.new', screen: 'bid.auctionEdit', requires: 'write' },
    // A draft opens in the form to be changed (the server decides who may; the form is read only to the others).
    {
      kind: 'navigate',
      id: 'edit',
      label: 'screen.bid.auctionList.edit',
      screen: 'bid.auctionEdit',
      selection: 'single',
      query: { auctionNo: 'row.auctionNo' },
      requires: 'write',
      enabled: "selection == 1 && row.status == 'DRAFT'",
    },
  ],
});
