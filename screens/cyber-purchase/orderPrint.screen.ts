import { defineCustomScreen } from '../../engine/define';

/**
 * The printable purchase order (발주서) of one PO sent to my company, opened in a dialog from
 * cyberPurchase.orderEdit's 인쇄. A custom component: a print document's layout (letterhead,
 * parties, line table with totals, signature boxes) is not a list, form or dashboard.
 */
export default defineCustomScreen({
  id: 'cyberPurchase.orderPrint',
  menu: '/CyberOrderRequestEdit',
  portals: ['external'],
  title: 'screen.cyberPurchase.orderPrint.title',
  description: 'Printable PO sheet (custom component cyberPoPrint), query poNo.',
  component: 'cyberPoPrint',
});
