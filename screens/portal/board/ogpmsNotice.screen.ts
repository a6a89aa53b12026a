import { defineListScreen } from '../../../engine/define';

const L = (k: string) => `screen.board.field.${k}`;

/** /portal/ogpmsManage/notice — notices for the supplier portal; those within their period show on the supplier home. */
export default defineListScreen({
  id: 'board.ogpmsNotice',
  route: '/portal/ogpmsManage/notice',
  title: 'screen.board.ogpmsNotice',
  labels: 'screen.board.field',
  source: { operation: 'listCyberNoticePosts', rowKey: 'postId', defaultSort: 'createdAt:desc' },
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
    {
      field: 'title',
      width: 380,
      link: { screen: 'board.ogpmsNoticeEdit', query: { postId: 'row.postId' }, dialog: true },
    },
    { field: 'showFrom', type: 'date', width: 100 },
    { field: 'showTo', type: 'date', width: 100 },
    { field: 'writerName', label: L('writer'), width: 100 },
    { field: 'createdAt', type: 'datetime', width: 140 },
  ],
  rowOpen: { screen: 'board.ogpmsNoticeEdit', query: { postId: 'row.postId' }, dialog: true },
  actions: [
    {
      kind: 'open',
      id: 'write',
      label: 'screen.board.write',
      screen: 'board.ogpmsNoticeEdit',
      dialog: true,
      requires: 'write',
    },
  ],
});
