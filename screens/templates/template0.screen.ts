import { defineCustomScreen } from '../../engine/define';

/** /template/template0 — the list template rendered by the engine, its definition beside it (read only). */
export default defineCustomScreen({
  id: 'templates.template0',
  route: '/template/template0',
  title: 'screen.templates.page.list',
  component: 'templateShowcase',
  props: { screen: 'templates.list', query: {} },
});
