import { defineCustomScreen } from '../../engine/define';

/** /template/template4 — the dashboard template rendered by the engine, its definition beside it (read only). */
export default defineCustomScreen({
  id: 'templates.template4',
  route: '/template/template4',
  title: 'screen.templates.page.dashboard',
  component: 'templateShowcase',
  props: { screen: 'templates.dashboard', query: {} },
});
