import { defineEditScreen } from '../../engine/define';

/** The engine's empty page template on sample data (shown at /template/template8 beside its definition). */
export default defineEditScreen({
  id: 'templates.empty',
  title: 'screen.templates.kind.empty',
  labels: 'screen.templates.field',
  description: 'Empty template: the smallest valid definition, one section with one field, to start from.',
  sections: [{ columns: 1, fields: [{ field: 'itemName', maxLength: 100 }] }],
});
