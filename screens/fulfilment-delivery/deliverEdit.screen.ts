import { defineCustomScreen } from '../../engine/define';

/**
 * /deliverEdit (external) — register a delivery (ASN) against one of my acknowledged orders, or
 * without an order (flagged), and edit or cancel it while it is registered. A custom component
 * (app/custom-screens/fulfilment-delivery/deliverEdit.custom.tsx): the lines come from the
 * order the user picks (its open quantities) before anything is saved, and become the body's
 * lines under other names — see the component's comment.
 */
export default defineCustomScreen({
  id: 'fulfilmentDelivery.deliverEdit',
  route: '/deliverEdit',
  portals: ['internal', 'external'],
  title: 'screen.fulfilmentDelivery.deliverEdit.title',
  description: 'Supplier delivery registration (ASN): order lines and quantities, dates, documents; or without an order.',
  component: 'deliverEdit',
});
