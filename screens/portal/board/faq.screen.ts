import { defineTreeScreen } from '../../../engine/define';

const L = (k: string) => `screen.board.field.${k}`;

/**
 * /board/faq — the FAQ by category: categories open and fold in the tree (a second click on an
 * open category folds it), a question shows its answer on the right (as text). Groups with write
 * add, edit and delete questions.
 */
export default defineTreeScreen({
  id: 'board.faq',
  route: '/board/faq',
  title: 'screen.board.faq',
  labels: 'screen.board.field',
  tree: {
    operation: 'listFaqTree',
    idField: 'nodeId',
    labelField: 'label',
    parentField: 'parentNodeId',
    search: true,
    rootLabel: 'screen.board.faq',
  },
  actions: [{ kind: 'new', label: 'screen.board.newFaq' }],
  detail: {
    sections: [
      {
        columns: 2,
        visible: "mode == 'create' || !empty(form.postId)",
        fields: [
          { field: 'category', required: true, maxLength: 40, help: 'screen.board.categoryHint' },
          {
            field: 'pinned',
            widget: 'select',
            options: [
              { value: 'Y', text: 'screen.board.pinnedY' },
              { value: 'N', text: 'screen.board.pinnedN' },
            ],
            emptyOption: 'none',
            default: 'N',
          },
          { field: 'title', label: L('question'), required: true, maxLength: 200, span: 2 },
          {
            field: 'body',
            label: L('answer'),
            widget: 'textarea',
            rows: 10,
            required: true,
            maxLength: 20000,
            span: 2,
          },
        ],
      },
      {
        title: 'screen.board.chooseQuestion',
        visible: "mode == 'update' && empty(form.postId)",
        fields: [{ field: 'label', label: L('category'), readOnly: true }],
      },
    ],
    actions: [
      {
        kind: 'delete',
        operation: 'deleteFaqPost',
        visible: "mode == 'update' && !empty(form.postId)",
        params: { path: { postId: 'form.postId' }, query: { version: 'form.version' } },
      },
      {
        kind: 'save',
        operation: 'createFaqPost',
        updateOperation: 'updateFaqPost',
        variant: 'primary',
        visible: "mode == 'create' || !empty(form.postId)",
      },
    ],
  },
});
