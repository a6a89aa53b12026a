import { defineCustomScreen } from '../../engine/define';

/**
 * Opened in a dialog from /prConfirmEdit (query rfqNo): the quotations side by side, line by line,
 * and the winner's selection — app/custom-screens/purchase-request/rfqCompare.custom.tsx says why
 * this one is a custom component (the suppliers are the columns).
 */
export default defineCustomScreen({
  id: 'purchaseRequest.rfqCompare',
  title: 'screen.purchaseRequest.rfqCompare',
  menu: '/prConfirmEdit',
  component: 'rfqCompare',
});
