import { defineCustomScreen } from '../../engine/define';

/**
 * /myTaxInvoiceAmendIntake (external) — the supplier uploads its own 수정세금계산서 (02xx) or 수정계산서 (04xx) as the NTS
 * standard XML; matched to its original and checked by the server. A custom component
 * (app/custom-screens/tax-invoice/myTaxInvoiceAmendIntake.custom.tsx): the file's text is sent in the body.
 */
export default defineCustomScreen({
  id: 'taxInvoice.myTaxInvoiceAmendIntake',
  route: '/myTaxInvoiceAmendIntake',
  portals: ['external'],
  title: 'screen.taxInvoice.amendIntake.title',
  description: 'Upload my own amended tax invoice (02xx, 04xx) as the NTS standard XML, matched to its original.',
  component: 'myTaxInvoiceAmendIntake',
});
