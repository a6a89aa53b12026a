import { defineCustomScreen } from '../../engine/define';

/** /template/template3 — the tree template rendered by the engine, its definition beside it (read only). */
export default defineCustomScreen({
  id: 'templates.template3',
  route: '/template/template3',
  title: 'screen.templates.page.tree',
  component: 'templateShowcase',
  props: { screen: 'templates.tree', query: {} },
});
