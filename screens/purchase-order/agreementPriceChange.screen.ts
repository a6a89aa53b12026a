import { defineEditScreen } from '../../engine/define';
import { f, t } from './labels';

const AGREEMENT = { operation: 'getAgreement' as const, params: { path: { agreementNo: 'query.agreementNo' } } };

/**
 * Opened in a dialog from /AgreementEdit (query agreementNo) on an active agreement: 단가 변경, new prices from a day
 * within its validity (changeAgreementPrices; docs/subcontracting.md "Prices from a day on"). The agreement's lines
 * fill the grid with their current price; the buyer types a new price on the lines that change (a blank one stays as
 * it is and is not sent), the first day it applies and the reason. Orders dated before that day keep their prices.
 * The agreement's version read with it is sent, so a change made meanwhile is refused (409); a refused day, reason or
 * price is shown at its field or its row.
 */
export default defineEditScreen({
  id: 'purchaseOrder.agreementPriceChange',
  title: t('agreementPriceChange'),
  labels: 'screen.purchaseOrder.f',
  menu: '/AgreementEdit',
  confirmLeave: false,
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'agreementNo', readOnly: true, valueFrom: { ...AGREEMENT, value: 'agreementNo' } },
        { field: 'title', readOnly: true, valueFrom: { ...AGREEMENT, value: 'title' } },
        { field: 'validFrom', widget: 'date', readOnly: true, valueFrom: { ...AGREEMENT, value: 'validFrom' } },
        { field: 'validTo', widget: 'date', readOnly: true, valueFrom: { ...AGREEMENT, value: 'validTo' } },
        { field: 'effectiveFrom', widget: 'date', required: true, default: { today: 0 }, help: t('h.effectiveFrom') },
        { field: 'reason', label: f('priceReason'), widget: 'textarea', rows: 2, maxLength: 200, required: true },
        // The version the prices were read at: a change since is refused (409) instead of overwritten.
        { field: 'version', readOnly: true, visible: 'false', valueFrom: { ...AGREEMENT, value: 'version' } },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      title: t('d.priceLines'),
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 8,
      fillFrom: {
        ...AGREEMENT,
        rows: 'lines',
        fill: {
          lineNo: 'lineNo',
          itemCode: 'itemCode',
          itemName: 'itemName',
          unitCode: 'unitCode',
          currentPrice: 'unitPrice',
        },
      },
      // The new price beside the current one, in the first columns.
      columns: [
        { field: 'lineNo', type: 'number', width: 60 },
        { field: 'itemName', width: 200 },
        { field: 'currentPrice', label: f('currentPrice'), type: 'number', exact: true, width: 110 },
        {
          field: 'unitPrice',
          label: f('newPrice'),
          type: 'number',
          exact: true,
          width: 120,
          editable: true,
          maxLength: 30,
        },
        { field: 'unitCode', width: 60 },
        { field: 'itemCode', width: 130 },
      ],
      // Only the lines given a new price change.
      send: ['lineNo', 'unitPrice'],
      sendWhen: '!empty(row.unitPrice)',
      omitBlank: true,
    },
  ],
  actions: [
    { kind: 'close', requires: 'read' },
    {
      kind: 'save',
      id: 'changePrices',
      label: t('a.changePrices'),
      operation: 'changeAgreementPrices',
      variant: 'primary',
      requires: 'write',
      confirm: t('confirmChangePrices'),
      success: t('done.pricesChanged'),
      params: { path: { agreementNo: 'form.agreementNo' }, body: 'form' },
    },
  ],
});
