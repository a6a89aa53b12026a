import { defineListScreen } from '../../engine/define';
import { TENDER_STATUS } from './options';

const T = 'screen.bid.tenderOpen';

/**
 * /bid/tenderOpen (internal) — 개찰 under dual control: the closed tenders waiting for their
 * opening. Each person confirms once; the second distinct person within 30 minutes opens the
 * tender (the server decrypts and ranks the bids and records who and when) and is told so. The
 * tender's buyer cannot confirm, nor can one person twice: the server refuses with its reason.
 * A tender still open for bids is listed too, its 개찰 확인 disabled with why (after the close).
 */
export default defineListScreen({
  id: 'bid.tenderOpen',
  route: '/bid/tenderOpen',
  title: `${T}.title`,
  labels: 'screen.bid.f',
  description: 'Closed tenders waiting for the opening; two distinct staff confirm within 30 minutes to open one.',
  source: { operation: 'listTenders', rowKey: 'tenderNo', defaultSort: 'closeAt:desc' },
  filters: [
    { field: 'tenderNo' },
    { field: 'title' },
    { field: 'status', widget: 'multiSelect', options: TENDER_STATUS, default: ['OPEN', 'CLOSED', 'OPENED'] },
  ],
  selection: 'single',
  columns: [
    { field: 'tenderNo', width: 130, link: { screen: 'bid.tenderEdit', query: { tenderNo: 'row.tenderNo' } } },
    { field: 'title', width: 240 },
    { field: 'status', type: 'code', options: TENDER_STATUS, width: 90, align: 'center' },
    { field: 'closeAt', type: 'datetime', width: 130 },
    { field: 'submittedCount', type: 'number', width: 80 },
    { field: 'confirmations', type: 'number', width: 90 },
    { field: 'buyerName', width: 90 },
  ],
  actions: [
    {
      kind: 'call',
      id: 'confirmOpening',
      label: `${T}.confirm`,
      variant: 'primary',
      operation: 'confirmTenderOpening',
      selection: 'single',
      enabled: "selection == 1 && all(rows, 'status', 'CLOSED')",
      disabledReason: [
        { when: 'selection != 1', text: `${T}.selectOne` },
        { when: "some(rows, 'status', 'PUBLISHED') || some(rows, 'status', 'OPEN')", text: `${T}.beforeClose` },
        { when: "some(rows, 'status', 'OPENED') || some(rows, 'status', 'AWARDED')", text: `${T}.alreadyOpened` },
      ],
      confirm: `${T}.confirmQuestion`,
      // The second person's confirmation opens the tender: it says so (the answer is the tender, now OPENED).
      success: `${T}.confirmed`,
      successWhen: [{ when: "answer.status == 'OPENED'", text: `${T}.opened` }],
      params: { path: { tenderNo: 'row.tenderNo' }, body: { version: 'row.version' } },
      then: ['reload'],
    },
  ],
});
