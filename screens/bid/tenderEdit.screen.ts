import { defineEditScreen } from '../../engine/define';
import { AWARD_OVERRULES, AWARD_RULE, BID_STATUS, TENDER_HISTORY_ACTIONS, TENDER_STATUS } from './options';
import { HISTORY_ACTORS } from '../history-actors';

const T = 'screen.bid.tenderEdit';
/** The server's own decision: the buttons of the tender's state and the caller's role (getTender `actions`). */
const may = (action: string) => `contains(form.actions, '${action}')`;

/**
 * /bid/tenderEdit (internal) — a sealed-bid tender (전자입찰): from a received PR (its number) or
 * the buyer's own lines; the window (Korean time), the award rule, the invited suppliers (the
 * company popup: trading ones; a blocked evaluation grade is refused on saving). Saved as a draft,
 * published (suppliers invited, bidding opens at its time), cancelled with a reason, and — once two
 * staff have opened it on /bid/tenderOpen — awarded: the orders are made through the PO flow, and
 * 단가계약 작성 makes a draft framework agreement of an order's lines and prices.
 * Totals and ranks show only after the opening; before it nobody sees a price.
 */
export default defineEditScreen({
  id: 'bid.tenderEdit',
  route: '/bid/tenderEdit',
  title: `${T}.title`,
  labels: 'screen.bid.f',
  description:
    'Draft, publish, cancel and award a sealed-bid tender; results (totals, ranks) after the dual-control opening only.',
  key: ['tenderNo'],
  load: { operation: 'getTender', params: { path: { tenderNo: 'query.tenderNo' } } },
  readOnly: `mode == 'update' && !${may('update')}`,
  sections: [
    {
      title: `${T}.header`,
      columns: 3,
      fields: [
        { field: 'tenderNo', readOnly: true, visible: "mode == 'update'" },
        {
          field: 'status',
          widget: 'select',
          options: TENDER_STATUS,
          emptyOption: 'none',
          readOnly: true,
          visible: "mode == 'update'",
        },
        { field: 'buyerName', readOnly: true, visible: "mode == 'update'" },
        { field: 'prNo', maxLength: 20, help: `${T}.prHelp`, readOnly: "mode == 'update'" },
        { field: 'title', maxLength: 200, span: 2 },
        {
          field: 'awardRule',
          widget: 'select',
          options: AWARD_RULE,
          required: true,
          emptyOption: 'none',
          default: 'LOWEST_TOTAL',
        },
        { field: 'openAt', widget: 'instant', required: true, maxLength: 40, placeholder: `${T}.timeHelp` },
        { field: 'closeAt', widget: 'instant', required: true, maxLength: 40, placeholder: `${T}.timeHelp` },
        {
          field: 'currency',
          widget: 'select',
          codeGroup: 'CURRENCY',
          emptyOption: 'none',
          default: 'KRW',
          readOnly: "mode == 'update'",
        },
        { field: 'description', widget: 'textarea', rows: 3, maxLength: 2000, span: 3 },
        // The tender's documents (its own file group): the invited suppliers read them once it is published.
        { field: 'fileId', widget: 'files', span: 3, help: `${T}.filesHelp` },
        { field: 'openedAt', widget: 'datetime', visible: '!empty(form.openedAt)' },
        { field: 'awardedAt', widget: 'datetime', visible: '!empty(form.awardedAt)' },
        {
          field: 'cancelReason',
          widget: 'textarea',
          rows: 2,
          readOnly: true,
          span: 3,
          visible: '!empty(form.cancelReason)',
        },
        {
          field: 'confirmEvaluationWarning',
          widget: 'checkbox',
          type: 'boolean',
          span: 3,
          visible: "mode == 'create' || " + may('update'),
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
      canAdd: "mode == 'create'",
      canDelete: "mode == 'create'",
      newRow: { quantity: 1 },
      send: ['itemCode', 'itemName', 'spec', 'unitCode', 'quantity', 'deliveryDate'],
      // An item of the master is chosen with the item search popup (widgets/item-popup), which fills the line; its code is not typed.
      addFrom: {
        widget: 'item',
        label: `${T}.itemSearch`,
        operation: 'listItems',
        categories: { operation: 'listItemCategories', value: 'catCode', text: 'label' },
        fill: ['itemCode', 'itemName', 'spec', 'unitCode'],
      },
      columns: [
        { field: 'lineNo', type: 'number', width: 56 },
        { field: 'itemCode', width: 120 },
        { field: 'itemName', width: 200, editable: "mode == 'create'", maxLength: 200 },
        { field: 'spec', width: 150, editable: "mode == 'create'", maxLength: 300 },
        { field: 'unitCode', width: 60, editable: "mode == 'create'", maxLength: 10 },
        { field: 'quantity', type: 'number', width: 80, editable: "mode == 'create'" },
        { field: 'deliveryDate', type: 'date', width: 110, editable: "mode == 'create'" },
      ],
    },
    {
      id: 'suppliers',
      title: `${T}.suppliers`,
      rowKey: 'compNo',
      canAdd: false,
      canDelete: `mode == 'create' || ${may('update')}`,
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
        { field: 'compNameKr', width: 200 },
        { field: 'status', label: 'screen.bid.f.bidStatus', type: 'code', options: BID_STATUS, width: 90 },
        { field: 'submitted', type: 'checkbox', width: 70 },
        { field: 'submittedAt', type: 'datetime', width: 130 },
        { field: 'totalAmount', type: 'money', width: 130 },
        { field: 'rank', type: 'number', width: 60 },
      ],
    },
    {
      id: 'orders',
      title: `${T}.orders`,
      rowKey: 'poNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 3,
      visible: 'count(form.orders) > 0',
      columns: [
        { field: 'compNo', width: 100 },
        { field: 'poNo', width: 140, link: { screen: 'purchaseOrder.orderRequestEdit', query: { poNo: 'row.poNo' } } },
      ],
    },
    {
      id: 'history',
      title: `${T}.history`,
      rowKey: 'at',
      canAdd: false,
      canDelete: false,
      visibleRows: 4,
      visible: "mode == 'update'",
      columns: [
        { field: 'at', type: 'datetime', width: 140 },
        { field: 'action', type: 'code', options: TENDER_HISTORY_ACTIONS, width: 160 },
        // A person's name; the server's job (the clock, the reminders) is named as such (the history answers its id, schemas/system-actor.ts).
        { field: 'actorName', type: 'code', options: HISTORY_ACTORS, width: 120 },
        { field: 'reason', width: 240 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'save',
      operation: 'createTender',
      updateOperation: 'updateTender',
      visible: `mode == 'create' || ${may('update')}`,
    },
    {
      kind: 'workflow',
      id: 'publish',
      label: `${T}.publish`,
      operation: 'publishTender',
      variant: 'primary',
      visible: may('publish'),
      enabled: '!screen.dirty',
      confirm: `${T}.confirmPublish`,
      params: { path: { tenderNo: 'form.tenderNo' }, body: { version: 'form.version' } },
      success: `${T}.published`,
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'award',
      label: `${T}.award`,
      operation: 'awardTender',
      variant: 'primary',
      visible: may('award'),
      prompt: {
        title: `${T}.awardTitle`,
        message: `${T}.awardMessage`,
        fields: [{ field: 'dueDate', label: 'screen.bid.f.dueDate', widget: 'date', required: true }],
      },
      params: { path: { tenderNo: 'form.tenderNo' }, body: { version: 'form.version', dueDate: 'input.dueDate' } },
      // A winner graded "warn", or orders over a WARN budget account: the server's message is asked, then sent again.
      confirmRefusals: AWARD_OVERRULES,
      success: `${T}.awarded`,
      then: ['reloadRecord'],
    },
    {
      // A framework agreement from the award: the lines and prices of the order it made (with several
      // winners, the one named); the draft opens at its own address.
      kind: 'workflow',
      id: 'agreement',
      label: `${T}.makeAgreement`,
      operation: 'createAgreementFromAward',
      requires: 'read',
      visible: may('agreement'),
      prompt: {
        title: `${T}.makeAgreement`,
        message: `${T}.makeAgreementMessage`,
        columns: 2,
        fields: [
          {
            field: 'validFrom',
            label: 'screen.bid.f.agreementValidFrom',
            widget: 'date',
            required: true,
            default: { today: 0 },
          },
          { field: 'validTo', label: 'screen.bid.f.agreementValidTo', widget: 'date', required: true },
          { field: 'compNo', label: 'screen.bid.f.agreementWinner', maxLength: 10, help: `${T}.agreementWinnerHelp` },
          { field: 'priceOnly', label: 'screen.bid.f.agreementPriceOnly', widget: 'checkbox' },
        ],
      },
      params: {
        body: {
          sourceType: "'TENDER'",
          sourceNo: 'form.tenderNo',
          compNo: 'input.compNo',
          validFrom: 'input.validFrom',
          validTo: 'input.validTo',
          keepQuantities: "input.priceOnly != 'Y'",
        },
      },
      success: `${T}.agreementMade`,
      thenOpen: { route: '/AgreementEdit', query: { agreementNo: 'answer.agreementNo' } },
    },
    { kind: 'navigate', id: 'opening', label: `${T}.toOpening`, screen: 'bid.tenderOpen', visible: may('open') },
    {
      kind: 'workflow',
      id: 'cancel',
      label: `${T}.cancel`,
      operation: 'cancelTender',
      variant: 'danger',
      visible: may('cancel'),
      prompt: {
        title: `${T}.cancelTitle`,
        message: `${T}.cancelMessage`,
        fields: [
          {
            field: 'reason',
            label: 'screen.bid.f.cancelReason',
            widget: 'textarea',
            rows: 3,
            maxLength: 500,
            required: true,
          },
        ],
      },
      params: { path: { tenderNo: 'form.tenderNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      success: `${T}.cancelled`,
      then: ['reloadRecord'],
    },
  ],
});
