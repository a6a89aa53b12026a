import type { EditScreenDef } from '../../engine/define';
import { PRICE_SOURCE, PRICE_STATE, f, t } from './labels';
import { can } from './order-actions';

/**
 * An active agreement's dated prices on its screens (docs/subcontracting.md "Prices from a day on"): the 단가 이력
 * grid — every line's prices, marked past, in effect or to come — on staff's /AgreementEdit and the supplier's
 * /CyberAgreementEdit, and on /AgreementEdit the button opening the 단가 변경 dialog (agreementPriceChange).
 */
type DetailDef = NonNullable<EditScreenDef['details']>[number];
type ActionDef = NonNullable<EditScreenDef['actions']>[number];

export const PRICE_HISTORY: DetailDef = {
  id: 'priceHistory',
  title: t('d.priceHistory'),
  rowKey: 'priceKey',
  visible: '!empty(form.priceHistory)',
  canAdd: false,
  canDelete: false,
  visibleRows: 5,
  columns: [
    { field: 'lineNo', label: f('lineNo'), type: 'number', width: 60 },
    { field: 'itemName', label: f('itemName'), width: 180 },
    { field: 'effectiveFrom', label: f('effectiveFrom'), type: 'date', width: 110 },
    { field: 'unitPrice', label: f('unitPrice'), type: 'number', width: 110 },
    { field: 'state', label: f('priceState'), type: 'code', options: PRICE_STATE, width: 90 },
    { field: 'source', label: f('priceSource'), type: 'code', options: PRICE_SOURCE, width: 110 },
    { field: 'reference', label: f('priceReference'), width: 260 },
    { field: 'createdAt', label: f('createdAt'), type: 'datetime', width: 140 },
  ],
};

export const CHANGE_PRICES_ACTION: ActionDef = {
  kind: 'open',
  id: 'changePrices',
  label: t('a.changePrices'),
  screen: 'purchaseOrder.agreementPriceChange',
  dialog: true,
  requires: 'write',
  visible: can('changePrices'),
  query: { agreementNo: 'form.agreementNo' },
  // Saved, the agreement is read again: its new version, line prices and price history.
  then: ['reloadRecord'],
};
