import { defineCustomScreen } from '../../engine/define';

/** /template/userApply — the public supplier application wizard, step "start" (app/custom-screens/supplier-apply/supplierApply.custom.tsx). */
export default defineCustomScreen({
  id: 'templates.userApply',
  route: '/template/userApply',
  title: 'screen.supplierApply.wizard.page.start',
  component: 'supplierApply',
  props: { step: 'start' },
});
