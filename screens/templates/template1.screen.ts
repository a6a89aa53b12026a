import { defineCustomScreen } from '../../engine/define';

/** /template/template1 — the edit template rendered by the engine, its definition beside it (read only). */
export default defineCustomScreen({
  id: 'templates.template1',
  route: '/template/template1',
  title: 'screen.templates.page.edit',
  component: 'templateShowcase',
  props: { screen: 'templates.edit', query: { sampleNo: 'S0001' } },
});
