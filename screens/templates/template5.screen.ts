import { defineCustomScreen } from '../../engine/define';

/** /template/template5 — the wizard template rendered by the engine, its definition beside it (read only). */
export default defineCustomScreen({
  id: 'templates.template5',
  route: '/template/template5',
  title: 'screen.templates.page.wizard',
  component: 'templateShowcase',
  props: { screen: 'templates.wizard', query: {} },
});
