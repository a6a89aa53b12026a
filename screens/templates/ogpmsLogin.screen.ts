import { defineCustomScreen } from '../../engine/define';

/** /template/ogpmsLogin — the external login page template with the entry to the application wizard (app/custom-screens/supplier-apply/ogpmsLogin.custom.tsx). */
export default defineCustomScreen({
  id: 'templates.ogpmsLogin',
  route: '/template/ogpmsLogin',
  title: 'screen.supplierApply.wizard.page.login',
  component: 'ogpmsLogin',
  props: {},
});
