import { defineCustomScreen } from '../../engine/define';

/**
 * The printable purchase order (발주서) staff open in a dialog from /OrderRequestEdit's 발주서 인쇄:
 * the same sheet the supplier prints (component cyberPoPrint, here with the staff answer getPo),
 * plus PDF 저장 — the order as the PDF the server writes (GET /api/v1/pos/{poNo}/pdf: letterhead,
 * parties, lines, total, approval stamps). A custom component for the reason the supplier's is one:
 * a sheet of paper is none of the definition kinds.
 */
export default defineCustomScreen({
  id: 'purchaseOrder.orderPrint',
  menu: '/OrderRequestEdit',
  portals: ['internal'],
  title: 'screen.cyberPurchase.orderPrint.title',
  description: 'Printable PO sheet for staff (custom component cyberPoPrint, portal internal), query poNo; PDF 저장.',
  component: 'cyberPoPrint',
  props: { portal: 'internal' },
});
