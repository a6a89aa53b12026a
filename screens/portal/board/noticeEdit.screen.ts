import { defineEditScreen } from '../../../engine/define';

const L = (k: string) => `screen.board.field.${k}`;

/** A notice: read by every group with read on /board/notice (shown as text), written by groups with write. */
export default defineEditScreen({
  id: 'board.noticeEdit',
  title: 'screen.board.noticeEdit',
  labels: 'screen.board.field',
  menu: '/board/notice',
  key: ['postId'],
  load: { operation: 'getNoticePost', params: { path: { postId: 'query.postId' } } },
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'title', required: true, maxLength: 200, span: 2 },
        { field: 'body', widget: 'textarea', rows: 12, required: true, maxLength: 20000, span: 2 },
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
        { field: 'writerName', label: L('writer'), readOnly: true, visible: "mode == 'update'" },
      ],
    },
  ],
  attachments: { field: 'fileId', label: L('files') },
  actions: [
    { kind: 'delete', operation: 'deleteNoticePost', visible: "mode == 'update'" },
    { kind: 'close', requires: 'read' },
    { kind: 'save', operation: 'createNoticePost', updateOperation: 'updateNoticePost', variant: 'primary' },
  ],
});
