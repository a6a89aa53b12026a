import { defineEditScreen } from '../../engine/define';
import { BID_STATUS, TENDER_STATUS } from './options';

const T = 'screen.bid.tenderSubmit';

/**
 * /cyber/bid/tenderSubmit (external) — my company's sealed bid: a unit price for every line,
 * submitted and replaced while the window is open (the server's `editable`), the time left to the
 * close (counted on the server's clock) and the total as the prices are typed. The prices are
 * sealed at once; what we submitted — when, the total, our prices, the receipt — is read back for
 * our company alone (nobody else reads a price before the opening). After the award it shows the
 * result; never another company's price.
 */
export default defineEditScreen({
  id: 'bid.tenderSubmit',
  route: '/bid/tenderSubmit',
  portals: ['external'],
  title: `${T}.title`,
  labels: 'screen.bid.f',
  description: 'Submit or replace my sealed bid while bidding is open; the receipt, and after the award the result.',
  key: ['tenderNo'],
  load: { operation: 'getSupplierTender', params: { path: { tenderNo: 'query.tenderNo' } } },
  readOnly: 'form.editable != true',
  sections: [
    {
      title: `${T}.tender`,
      columns: 3,
      fields: [
        { field: 'tenderNo', readOnly: true },
        { field: 'title', span: 2, readOnly: true },
        { field: 'status', widget: 'select', options: TENDER_STATUS, emptyOption: 'none', readOnly: true },
        { field: 'openAt', widget: 'datetime' },
        { field: 'closeAt', widget: 'datetime' },
        // Counted by the server at its answer (its business clock), then ticking here.
        {
          field: 'secondsToClose',
          widget: 'countdown',
          visible: "form.status == 'OPEN' || form.status == 'PUBLISHED'",
        },
        {
          field: 'description',
          widget: 'textarea',
          rows: 2,
          readOnly: true,
          span: 3,
          visible: '!empty(form.description)',
        },
        { field: 'attachments', widget: 'files', span: 3, visible: 'count(form.attachments) > 0' },
      ],
    },
    {
      title: `${T}.bid`,
      columns: 3,
      fields: [
        { field: 'bidStatus', widget: 'select', options: BID_STATUS, emptyOption: 'none', readOnly: true },
        {
          field: 'result',
          widget: 'select',
          options: BID_STATUS,
          emptyOption: 'none',
          readOnly: true,
          visible: '!empty(form.result)',
        },
      ],
    },
    {
      // What we submitted, read back for our company alone: when, the total, the revision, the receipt; the prices are in the lines.
      title: `${T}.submittedBid`,
      columns: 3,
      visible: '!empty(form.submittedAt)',
      fields: [
        { field: 'submittedAt', widget: 'datetime' },
        { field: 'submittedTotal', widget: 'money', readOnly: true },
        { field: 'revision', widget: 'number', readOnly: true },
        { field: 'receipt', readOnly: true, span: 3, help: `${T}.receiptHelp`, visible: '!empty(form.receipt)' },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      visibleRows: 6,
      title: `${T}.lines`,
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      columns: [
        { field: 'lineNo', type: 'number', width: 56 },
        { field: 'itemName', width: 200 },
        { field: 'spec', width: 150 },
        { field: 'unitCode', width: 60, align: 'center' },
        { field: 'quantity', type: 'number', width: 80 },
        { field: 'unitPrice', type: 'number', width: 130, editable: true, required: true },
        // Quantity × our price as typed (or as submitted), with the total below the grid.
        { field: 'amount', type: 'money', width: 140, product: ['quantity', 'unitPrice'], total: 'sum' },
        { field: 'deliveryDate', type: 'date', width: 100 },
        { field: 'itemCode', width: 100 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'workflow',
      id: 'submit',
      label: `${T}.submit`,
      variant: 'primary',
      operation: 'submitBid',
      visible: 'form.editable == true',
      confirm: `${T}.confirmSubmit`,
      success: `${T}.submitted`,
      params: {
        path: { tenderNo: 'form.tenderNo' },
        body: { version: 'form.version', lines: "pick(detail.lines.rows, ['lineNo', 'unitPrice'])" },
      },
      then: ['reloadRecord'],
    },
  ],
});
