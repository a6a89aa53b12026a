import { defineEditScreen } from '../../engine/define';
import { AUCTION_STATUS, DECREMENT_KIND } from './options';

const T = 'screen.bid.auctionEdit';

/**
 * /bid/auctionEdit (internal) — a new reverse auction (역경매) as a draft: from a received PR (its
 * number: its lines and estimates) or the buyer's own lines with a reference unit price each (the
 * awarded lot price is split over the lines in their proportion); the start price of the lot, the
 * minimum decrement (an amount, or a percentage of the supplier's own last bid), the window in
 * Korean time, soft close (a bid in the last N minutes moves the end by N, at most M times) and
 * the invited suppliers. Saved, it is read only here: publish, cancel and award are on the
 * monitor (/bid/auctionMonitor), which the saved auction links to.
 */
export default defineEditScreen({
  id: 'bid.auctionEdit',
  route: '/bid/auctionEdit',
  title: `${T}.title`,
  labels: 'screen.bid.f',
  description: 'Create a reverse auction (draft) from a received PR or the buyer’s own lines; publish, cancel and award on the monitor.',
  key: ['auctionNo'],
  load: { operation: 'getAuction', params: { path: { auctionNo: 'query.auctionNo' } } },
  readOnly: "mode == 'update'",
  sections: [
    {
      title: `${T}.header`,
      columns: 3,
      fields: [
        { field: 'auctionNo', readOnly: true, visible: "mode == 'update'" },
        { field: 'status', label: 'screen.bid.f.auctionStatus', widget: 'select', options: AUCTION_STATUS, emptyOption: 'none', readOnly: true, visible: "mode == 'update'" },
        { field: 'buyerName', readOnly: true, visible: "mode == 'update'" },
        { field: 'prNo', maxLength: 20, help: `${T}.prHelp` },
        { field: 'title', maxLength: 200, span: 2 },
        { field: 'currency', widget: 'select', codeGroup: 'CURRENCY', emptyOption: 'none', default: 'KRW' },
        { field: 'startPrice', widget: 'text', required: true, maxLength: 19, help: `${T}.startPriceHelp` },
        { field: 'decrementKind', widget: 'select', options: DECREMENT_KIND, required: true, emptyOption: 'none', default: 'AMOUNT' },
        { field: 'decrementValue', widget: 'text', required: true, maxLength: 19, help: `${T}.decrementHelp` },
        { field: 'startAt', widget: 'instant', required: true, maxLength: 40, placeholder: `${T}.timeHelp` },
        { field: 'endAt', widget: 'instant', required: true, maxLength: 40, placeholder: `${T}.timeHelp` },
        { field: 'softCloseMinutes', widget: 'number', required: true, default: 5, help: `${T}.softCloseHelp` },
        { field: 'maxExtensions', widget: 'number', required: true, default: 3 },
        { field: 'description', widget: 'textarea', rows: 3, maxLength: 2000, span: 3 },
        { field: 'confirmEvaluationWarning', widget: 'checkbox', type: 'boolean', span: 3, visible: "mode == 'create'", help: `${T}.warnHelp` },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      title: `${T}.lines`,
      rowKey: 'lineNo',
      maxRows: 200,
      visibleRows: 5,
      canAdd: "mode == 'create'",
      canDelete: "mode == 'create'",
      newRow: { quantity: 1 },
      send: ['itemCode', 'itemName', 'spec', 'unitCode', 'quantity', 'refUnitPrice', 'deliveryDate'],
      columns: [
        { field: 'lineNo', type: 'number', width: 56 },
        { field: 'itemCode', width: 120, editable: "mode == 'create'", maxLength: 20 },
        { field: 'itemName', width: 200, editable: "mode == 'create'", maxLength: 200 },
        { field: 'spec', width: 150, editable: "mode == 'create'", maxLength: 300 },
        { field: 'unitCode', width: 60, editable: "mode == 'create'", maxLength: 10 },
        { field: 'quantity', type: 'number', width: 80, editable: "mode == 'create'" },
        { field: 'refUnitPrice', type: 'number', width: 110, editable: "mode == 'create'" },
        { field: 'deliveryDate', type: 'date', width: 110, editable: "mode == 'create'" },
      ],
    },
    {
      id: 'suppliers',
      title: `${T}.suppliers`,
      rowKey: 'compNo',
      canAdd: false,
      canDelete: "mode == 'create'",
      minRows: 1,
      maxRows: 100,
      visibleRows: 5,
      visible: "mode == 'create'",
      send: 'compNo',
      addFrom: { widget: 'company', label: `${T}.addSupplier`, operation: 'searchRfqSuppliers', fill: ['compNo', 'compNameKr'] },
      columns: [
        { field: 'compNo', width: 100 },
        { field: 'compNameKr', width: 240 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    { kind: 'save', operation: 'createAuction', visible: "mode == 'create'" },
    { kind: 'navigate', id: 'monitor', label: `${T}.toMonitor`, variant: 'primary', screen: 'bid.auctionMonitor', query: { auctionNo: 'form.auctionNo' }, visible: "mode == 'update'" },
  ],
});
