import { defineCustomScreen } from '../../engine/define';

/** /template/ogpmsUserApply1 — the public supplier application wizard, step "terms" (app/custom-screens/supplier-apply/supplierApply.custom.tsx). */
export default defineCustomScreen({
  id: 'templates.ogpmsUserApply1',
  route: '/template/ogpmsUserApply1',
  title: 'screen.supplierApply.wizard.page.terms',
  component: 'supplierApply',
  props: { step: 'terms' },
});
