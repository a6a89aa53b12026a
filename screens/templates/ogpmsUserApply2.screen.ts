import { defineCustomScreen } from '../../engine/define';

/** /template/ogpmsUserApply2 — the public supplier application wizard, step "company" (app/custom-screens/supplier-apply/supplierApply.custom.tsx). */
export default defineCustomScreen({
  id: 'templates.ogpmsUserApply2',
  route: '/template/ogpmsUserApply2',
  title: 'screen.supplierApply.wizard.page.company',
  component: 'supplierApply',
  props: { step: 'company' },
});
