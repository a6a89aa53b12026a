import { defineEditScreen } from '../../engine/define';
import { AUCTION_STATUS, DECREMENT_KIND } from './options';

const T = 'screen.bid.auctionEdit';
/** The server's own decision: what the caller may do with the auction in its state (getAuction `actions`). */
const may = (action: string) => `contains(form.actions, '${action}')`;
/** Creating, or changing a draft the caller may change — until it is saved here (docs/bidding.md: saved, it is read only and links to the monitor). */
const EDITING = `(mode == 'create' || ${may('update')}) && !screen.saved`;
/** …and its lines are its own: a draft from a PR keeps the PR's items and quantities. */
const OWN_LINES = `(mode == 'create' || (${may('update')} && empty(form.prNo))) && !screen.saved`;

/**
 * /bid/auctionEdit (internal) — a new reverse auction (역경매) as a draft: from a received PR (its
 * number: its lines and estimates) or the buyer's own lines with a reference unit price each (the
 * awarded lot price is split over the lines in their proportion); the start price of the lot, the
 * minimum decrement (an amount, or a percentage of the supplier's own last bid), the window in
 * Korean time, soft close (a bid in the last N minutes moves the end by N, at most M times) and
 * the invited suppliers. Opened with ?auctionNo= on a draft its buyer (or a purchasing manager)
 * may change, it is edited and saved through updateAuction at the version read; a published one
 * is read only. Publish, cancel and award are on the monitor (/bid/auctionMonitor), which the
 * saved auction links to.
 */
export default defineEditScreen({
  id: 'bid.auctionEdit',
  route: '/bid/auctionEdit',
  title: `${T}.title`,
  // A draft opened by its number (or one just saved here) is being changed, not registered.
  updateTitle: `${T}.updateTitle`,
  labels: 'screen.bid.f',
  description:
    'Create or change a reverse auction draft from a received PR or the buyer’s own lines; publish, cancel and award on the monitor.',
  key: ['auctionNo'],
  load: { operation: 'getAuction', params: { path: { auctionNo: 'query.auctionNo' } } },
  readOnly: `mode == 'update' && (!${may('update')} || screen.saved)`,
  sections: [
    {
      title: `${T}.header`,
      columns: 3,
      fields: [
        { field: 'auctionNo', readOnly: true, visible: "mode == 'update'" },
        {
          field: 'status',
          label: 'screen.bid.f.auctionStatus',
          widget: 'select',
          options: AUCTION_STATUS,
          emptyOption: 'none',
          readOnly: true,
          visible: "mode == 'update'",
        },
        { field: 'buyerName', readOnly: true, visible: "mode == 'update'" },
        { field: 'prNo', maxLength: 20, help: `${T}.prHelp`, readOnly: "mode == 'update'" },
        { field: 'title', maxLength: 200, span: 2 },
        {
          field: 'currency',
          widget: 'select',
          codeGroup: 'CURRENCY',
          emptyOption: 'none',
          default: 'KRW',
          readOnly: "mode == 'update' && !empty(form.prNo)",
        },
        // Amounts as exact decimal text (type string), shown with thousand commas and without the database's trailing zeros.
        {
          field: 'startPrice',
          widget: 'number',
          type: 'string',
          required: true,
          maxLength: 19,
          help: `${T}.startPriceHelp`,
        },
        {
          field: 'decrementKind',
          widget: 'select',
          options: DECREMENT_KIND,
          required: true,
          emptyOption: 'none',
          default: 'AMOUNT',
        },
        {
          field: 'decrementValue',
          widget: 'number',
          type: 'string',
          required: true,
          maxLength: 19,
          help: `${T}.decrementHelp`,
        },
        { field: 'startAt', widget: 'instant', required: true, maxLength: 40, placeholder: `${T}.timeHelp` },
        { field: 'endAt', widget: 'instant', required: true, maxLength: 40, placeholder: `${T}.timeHelp` },
        { field: 'softCloseMinutes', widget: 'number', required: true, default: 5, help: `${T}.softCloseHelp` },
        { field: 'maxExtensions', widget: 'number', required: true, default: 3 },
        { field: 'description', widget: 'textarea', rows: 3, maxLength: 2000, span: 3 },
        {
          field: 'confirmEvaluationWarning',
          widget: 'checkbox',
          type: 'boolean',
          span: 3,
          visible: EDITING,
          help: `${T}.warnHelp`,
        },
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
      canAdd: OWN_LINES,
      canDelete: OWN_LINES,
      newRow: { quantity: 1 },
      send: ['itemCode', 'itemName', 'spec', 'unitCode', 'quantity', 'refUnitPrice', 'deliveryDate'],
      columns: [
        { field: 'lineNo', type: 'number', width: 56 },
        { field: 'itemCode', width: 120, editable: OWN_LINES, maxLength: 20 },
        { field: 'itemName', width: 200, editable: OWN_LINES, maxLength: 200 },
        { field: 'spec', width: 150, editable: OWN_LINES, maxLength: 300 },
        { field: 'unitCode', width: 60, editable: OWN_LINES, maxLength: 10 },
        { field: 'quantity', type: 'number', width: 80, editable: OWN_LINES },
        // A draft from a PR: its estimates may still be corrected (the award splits the lot price by them).
        { field: 'refUnitPrice', type: 'number', width: 110, editable: EDITING },
        { field: 'deliveryDate', type: 'date', width: 110, editable: OWN_LINES },
      ],
    },
    {
      id: 'suppliers',
      title: `${T}.suppliers`,
      rowKey: 'compNo',
      canAdd: false,
      canDelete: EDITING,
      minRows: 1,
      maxRows: 100,
      visibleRows: 5,
      send: 'compNo',
      addFrom: {
        widget: 'company',
        label: `${T}.addSupplier`,
        operation: 'searchRfqSuppliers',
        fill: ['compNo', 'compNameKr'],
      },
      columns: [
        { field: 'compNo', width: 100 },
        { field: 'compNameKr', width: 240 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    { kind: 'save', operation: 'createAuction', updateOperation: 'updateAuction', visible: EDITING },
    {
      kind: 'navigate',
      id: 'monitor',
      label: `${T}.toMonitor`,
      variant: 'primary',
      screen: 'bid.auctionMonitor',
      query: { auctionNo: 'form.auctionNo' },
      visible: "mode == 'update'",
    },
  ],
});
