import { defineCustomScreen } from '../../engine/define';
import { t } from './labels';

/**
 * /testPo — the PO test page, development only (spec §2). Like /cyberDevLogin and /conv
 * (app/router/routes.tsx DEV_PAGES_ENABLED), it is `devOnly`: it has its route only in the vite dev
 * server, in tests, or in a build made with VITE_DEV_PAGES=true; a production build mounts no /testPo
 * screen. The component (app/custom-screens/purchase-order/poTestPage.custom.tsx) refuses to run there too.
 */

export default defineCustomScreen({
  id: 'purchaseOrder.testPo',
  route: '/testPo',
  devOnly: true,
  menu: '/testPo',
  title: t('testPo'),
  component: 'poTestPage',
});
