import { defineEditScreen } from '../../engine/define';
import { findingsGrid, invoicesGrid, matchHeader, rowsGrid } from './tax-match-parts';

/**
 * /taxInvoiceMatch — one settlement lined up: per settlement line the order (quantity, price), the receipt (quantity,
 * amount), the settlement (quantity, price, amount) and the invoice line (supply, tax), each row naming the cells
 * that differ; the invoices against the settled supply of their tax type; and what the posting gate would refuse
 * the posting with. Opened from the invoice, the settlement and the exceptions; a screen of 세금계산서.
 */
export default defineEditScreen({
  id: 'taxInvoice.taxInvoiceMatch',
  route: '/taxInvoiceMatch',
  menu: '/taxInvoice',
  title: 'screen.taxMatch.title',
  labels: 'screen.taxMatch.field',
  description: 'PO, receipt, settlement and invoice side by side per settlement line, the differences marked.',
  key: ['settleNo'],
  load: { operation: 'getTaxInvoiceMatch', params: { path: { settleNo: 'query.settleNo' } } },
  confirmLeave: false,
  sections: [{ title: 'screen.taxMatch.section.settlement', columns: 4, fields: matchHeader('internal') }],
  details: [rowsGrid('taxInvoice.taxInvoiceDetail'), invoicesGrid('taxInvoice.taxInvoiceDetail'), findingsGrid],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'navigate',
      id: 'settlement',
      label: 'screen.taxMatch.action.settlement',
      requires: 'read',
      screen: 'settlement.monthlyCalcADetail',
      query: { settleNo: 'form.settleNo' },
    },
    {
      kind: 'navigate',
      id: 'invoices',
      label: 'screen.taxMatch.action.invoices',
      requires: 'read',
      route: '/taxInvoice',
      query: { settleNo: 'form.settleNo' },
    },
  ],
});
