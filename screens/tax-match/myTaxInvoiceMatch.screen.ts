import { defineEditScreen } from '../../engine/define';
import { findingsGrid, invoicesGrid, matchHeader, rowsGrid } from './tax-match-parts';

/**
 * /myTaxInvoiceMatch (external) — my company's settlement lined up as the buyer sees it: order, receipt, settlement
 * and the invoice asked of us, per line, the differences marked; so a request can be checked before it is issued
 * (or refused with the line that differs). A screen of the supplier's 세금계산서; another company's settlement is
 * not found.
 */
export default defineEditScreen({
  id: 'taxInvoice.myTaxInvoiceMatch',
  route: '/myTaxInvoiceMatch',
  portals: ['external'],
  menu: '/myTaxInvoice',
  title: 'screen.taxMatch.title',
  labels: 'screen.taxMatch.field',
  description: 'The supplier’s settlement lined up with its order, receipt and invoice, the differences marked.',
  key: ['settleNo'],
  load: { operation: 'getMyTaxInvoiceMatch', params: { path: { settleNo: 'query.settleNo' } } },
  confirmLeave: false,
  sections: [{ title: 'screen.taxMatch.section.settlement', columns: 4, fields: matchHeader('external') }],
  details: [rowsGrid('taxInvoice.myTaxInvoiceDetail'), invoicesGrid('taxInvoice.myTaxInvoiceDetail'), findingsGrid],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'navigate',
      id: 'invoices',
      label: 'screen.taxMatch.action.myInvoices',
      requires: 'read',
      route: '/myTaxInvoice',
    },
  ],
});
