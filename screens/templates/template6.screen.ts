import { defineCustomScreen } from '../../engine/define';

/** /template/template6 — the print template rendered by the engine, its definition beside it (read only). */
export default defineCustomScreen({
  id: 'templates.template6',
  route: '/template/template6',
  title: 'screen.templates.page.print',
  component: 'templateShowcase',
  props: { screen: 'templates.print', query: { sampleNo: 'S0001' } },
});
