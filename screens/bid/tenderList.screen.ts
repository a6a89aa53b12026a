import { defineListScreen } from '../../engine/define';
import { AWARD_RULE, TENDER_STATUS } from './options';

/**
 * /bid/tenderList (internal) — sealed-bid tenders (전자입찰): state, window, how many invited
 * suppliers have bid (never a price). New opens /bid/tenderEdit; a row opens the tender.
 */
export default defineListScreen({
  id: 'bid.tenderList',
  route: '/bid/tenderList',
  title: 'screen.bid.tenderList.title',
  labels: 'screen.bid.f',
  description:
    'Sealed-bid tenders with their window and how many invited suppliers have bid; prices stay sealed until the opening.',
  source: { operation: 'listTenders', rowKey: 'tenderNo', defaultSort: 'tenderNo:desc' },
  filters: [
    { field: 'tenderNo' },
    { field: 'title' },
    { field: 'status', widget: 'multiSelect', options: TENDER_STATUS },
  ],
  columns: [
    { field: 'tenderNo', width: 130, link: { screen: 'bid.tenderEdit', query: { tenderNo: 'row.tenderNo' } } },
    { field: 'title', width: 240 },
    { field: 'status', type: 'code', options: TENDER_STATUS, width: 90, align: 'center' },
    { field: 'openAt', type: 'datetime', width: 130 },
    { field: 'closeAt', type: 'datetime', width: 130 },
    { field: 'invitedCount', type: 'number', width: 80 },
    { field: 'submittedCount', type: 'number', width: 80 },
    { field: 'awardRule', type: 'code', options: AWARD_RULE, width: 120 },
    { field: 'prNo', width: 130 },
    { field: 'buyerName', width: 90 },
  ],
  rowOpen: { screen: 'bid.tenderEdit', query: { tenderNo: 'row.tenderNo' } },
  actions: [
    { kind: 'navigate', id: 'new', label: 'screen.bid.tenderList.new', screen: 'bid.tenderEdit', requires: 'write' },
  ],
});
