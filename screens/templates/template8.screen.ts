import { defineCustomScreen } from '../../engine/define';

/** /template/template8 — the empty template rendered by the engine, its definition beside it (read only). */
export default defineCustomScreen({
  id: 'templates.template8',
  route: '/template/template8',
  title: 'screen.templates.page.empty',
  component: 'templateShowcase',
  props: { screen: 'templates.empty', query: {} },
});
