/**
 * /myTaxInvoiceAmendIntake (external) — a supplier's own 수정세금계산서 (02xx) or 수정계산서 (04xx): the NTS standard XML
 * it issued is chosen here and sent; the server matches it to the supplier's original by its approval number and
 * modify code and checks it by the §70① case (docs/tax-invoices.md "A supplier's own 수정세금계산서"). The amendment
 * then opens; a refusal shows the server's Korean message (xml-intake-panel.tsx).
 */
import type { CustomScreenProps } from '../../../engine';
import { XmlIntakePanel } from './xml-intake-panel';

export default function MyTaxInvoiceAmendIntake(_: CustomScreenProps) {
  return (
    <XmlIntakePanel
      operation="intakeMyTaxInvoiceAmendment"
      texts="screen.taxInvoice.amendIntake"
      detailScreen="taxInvoice.myTaxInvoiceDetail"
    />
  );
}
