import { defineCustomScreen } from '../../engine/define';

/** /template/template7 — the popup template rendered by the engine, its definition beside it (read only). */
export default defineCustomScreen({
  id: 'templates.template7',
  route: '/template/template7',
  title: 'screen.templates.page.popup',
  component: 'templateShowcase',
  props: { screen: 'templates.popup', query: { sampleNo: 'S0001' } },
});
