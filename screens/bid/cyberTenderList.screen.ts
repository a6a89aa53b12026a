import { defineListScreen } from '../../engine/define';
import { BID_STATUS, TENDER_STATUS } from './options';

/**
 * /cyber/bid/tenderList (external) — the tenders my company is invited to: window, state, whether
 * and when we bid. A row opens /bid/tenderSubmit to bid while the window is open.
 */
export default defineListScreen({
  id: 'bid.cyberTenderList',
  route: '/bid/tenderList',
  portals: ['external'],
  title: 'screen.bid.cyberTenderList.title',
  labels: 'screen.bid.f',
  description: 'Sealed-bid tenders my company is invited to; a row opens my bid.',
  source: { operation: 'listSupplierTenders', rowKey: 'tenderNo', defaultSort: 'closeAt:desc' },
  filters: [{ field: 'tenderNo' }, { field: 'title' }],
  columns: [
    { field: 'tenderNo', width: 130, link: { screen: 'bid.tenderSubmit', query: { tenderNo: 'row.tenderNo' } } },
    { field: 'title', width: 240 },
    { field: 'status', type: 'code', options: TENDER_STATUS, width: 90, align: 'center' },
    { field: 'bidStatus', type: 'code', options: BID_STATUS, width: 90, align: 'center' },
    { field: 'openAt', type: 'datetime', width: 130 },
    { field: 'closeAt', type: 'datetime', width: 130 },
    { field: 'submittedAt', type: 'datetime', width: 130 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70, align: 'center' },
  ],
  rowOpen: { screen: 'bid.tenderSubmit', query: { tenderNo: 'row.tenderNo' } },
});
