import { defineCustomScreen } from '../../engine/define';

/**
 * /taxInvoiceIntake — 정발행 intake: a tax invoice the supplier issued itself, uploaded as the NTS
 * standard XML, read and checked by the server and matched to its settlement. A custom component
 * (app/custom-screens/tax-invoice/taxInvoiceIntake.custom.tsx): the file's text is sent in the
 * body, which the engine's forms do not read from a file.
 */
export default defineCustomScreen({
  id: 'taxInvoice.taxInvoiceIntake',
  route: '/taxInvoiceIntake',
  title: 'screen.taxInvoice.intake.title',
  description: 'Upload a supplier-issued NTS standard XML and match it to its settlement.',
  component: 'taxInvoiceIntake',
});
