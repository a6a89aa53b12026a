import { defineCustomScreen } from '../../engine/define';

/** /template/template2 — the masterDetail template rendered by the engine, its definition beside it (read only). */
export default defineCustomScreen({
  id: 'templates.template2',
  route: '/template/template2',
  title: 'screen.templates.page.masterDetail',
  component: 'templateShowcase',
  props: { screen: 'templates.masterDetail', query: { sampleNo: 'S0001' } },
});
