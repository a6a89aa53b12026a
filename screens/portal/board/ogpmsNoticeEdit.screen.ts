import { defineEditScreen } from '../../../engine/define';

const L = (k: string) => `screen.board.field.${k}`;

/** A supplier notice: title, body (plain text), the period it shows on the supplier home, pinned, attachments. */
export default defineEditScreen({
  id: 'board.ogpmsNoticeEdit',
  title: 'screen.board.ogpmsNoticeEdit',
  labels: 'screen.board.field',
  menu: '/portal/ogpmsManage/notice',
  key: ['postId'],
  load: { operation: 'getCyberNoticePost', params: { path: { postId: 'query.postId' } } },
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'title', required: true, maxLength: 200, span: 2 },
        { field: 'body', widget: 'textarea', rows: 10, required: true, maxLength: 20000, span: 2 },
        { field: 'showFrom', widget: 'date', help: 'screen.board.periodHint' },
        { field: 'showTo', widget: 'date' },
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
      ],
    },
  ],
  attachments: { field: 'fileId', label: L('files') },
  actions: [
    { kind: 'delete', operation: 'deleteCyberNoticePost', visible: "mode == 'update'" },
    { kind: 'close', requires: 'read' },
    { kind: 'save', operation: 'createCyberNoticePost', updateOperation: 'updateCyberNoticePost', variant: 'primary' },
  ],
});
