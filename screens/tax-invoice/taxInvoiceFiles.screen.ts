import { defineCustomScreen } from '../../engine/define';

/**
 * The kept XML and PDF of one tax invoice, opened in a dialog from /taxInvoiceDetail: each downloads
 * with the user's token and shows its SHA-256. A custom component
 * (app/custom-screens/tax-invoice/taxInvoiceFiles.custom.tsx): the engine's calls read JSON, these
 * answers are files.
 */
export default defineCustomScreen({
  id: 'taxInvoice.taxInvoiceFiles',
  title: 'screen.taxInvoice.files.title',
  menu: '/taxInvoice',
  description: 'Download the kept XML and PDF of a tax invoice.',
  component: 'taxInvoiceFiles',
});
