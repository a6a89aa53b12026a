import { defineCustomScreen } from '../../engine/define';

/** /template/ogpmsUserApply3 — the public supplier application wizard, step "user" (app/custom-screens/supplier-apply/supplierApply.custom.tsx). */
export default defineCustomScreen({
  id: 'templates.ogpmsUserApply3',
  route: '/template/ogpmsUserApply3',
  title: 'screen.supplierApply.wizard.page.user',
  component: 'supplierApply',
  props: { step: 'user' },
});
