/**
 * /taxInvoiceIntake — 정발행 intake: the supplier issued the tax invoice itself and sent us the NTS
 * standard XML; it is chosen here (and, when the supplier has several settlements that month, the
 * settlement's number), sent to the server, which reads and checks it (required fields, supply +
 * tax = total, the business numbers, the approval number) and matches it to its settlement. The
 * invoice then opens; a refusal shows the server's Korean message (xml-intake-panel.tsx).
 */
import type { CustomScreenProps } from '../../../engine';
import { XmlIntakePanel } from './xml-intake-panel';

export default function TaxInvoiceIntake(_: CustomScreenProps) {
  return (
    <XmlIntakePanel
      operation="intakeForwardTaxInvoice"
      texts="screen.taxInvoice.intake"
      detailScreen="taxInvoice.taxInvoiceDetail"
    />
  );
}
