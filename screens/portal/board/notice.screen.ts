import { defineListScreen } from '../../../engine/define';

const L = (k: string) => `screen.board.field.${k}`;

/** /board/notice — the internal notice board: pinned first, newest first; groups with write post. */
export default defineListScreen({
  id: 'board.notice',
  route: '/board/notice',
  title: 'screen.board.notice',
  labels: 'screen.board.field',
  source: { operation: 'listNoticePosts', rowKey: 'postId', defaultSort: 'createdAt:desc' },
  filters: [{ field: 'title', label: L('search'), span: 2 }],
  columns: [
    {
      field: 'pinned',
      type: 'code',
      options: [
        { value: 'Y', text: 'screen.board.pinnedY' },
        { value: 'N', text: 'screen.board.pinnedN' },
      ],
      width: 70,
    },
    { field: 'title', width: 420, link: { screen: 'board.noticeEdit', query: { postId: 'row.postId' }, dialog: true } },
    { field: 'writerName', label: L('writer'), width: 100 },
    { field: 'createdAt', type: 'datetime', width: 140 },
  ],
  rowOpen: { screen: 'board.noticeEdit', query: { postId: 'row.postId' }, dialog: true },
  actions: [
    {
      kind: 'open',
      id: 'write',
      label: 'screen.board.write',
      screen: 'board.noticeEdit',
      dialog: true,
      requires: 'write',
    },
  ],
});
