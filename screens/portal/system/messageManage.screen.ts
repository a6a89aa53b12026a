import { defineListScreen } from '../../../engine/define';

/** /portal/system/messageManage — UI and server messages in Korean and English (spec §2 portal administration). */
export default defineListScreen({
  id: 'portal.messageManage',
  route: '/portal/system/messageManage',
  title: 'screen.messageManage.title',
  source: { operation: 'listMessages', rowKey: 'msgKey', defaultSort: 'msgKey:asc' },
  filters: [
    { field: 'msgKey', placeholder: 'screen.messageManage.keyPlaceholder' },
    { field: 'text' },
    {
      field: 'category',
      widget: 'select',
      options: [
        { value: 'auth', text: 'option.msgCategory.auth' },
        { value: 'http', text: 'option.msgCategory.http' },
        { value: 'ui', text: 'option.msgCategory.ui' },
        { value: 'validation', text: 'option.msgCategory.validation' },
      ],
    },
  ],
  rememberFilters: true,
  columns: [
    {
      field: 'msgKey',
      width: 220,
      link: { screen: 'portal.messageEdit', query: { msgKey: 'row.msgKey' }, dialog: true },
    },
    {
      field: 'category',
      type: 'code',
      options: [
        { value: 'auth', text: 'option.msgCategory.auth' },
        { value: 'http', text: 'option.msgCategory.http' },
        { value: 'ui', text: 'option.msgCategory.ui' },
        { value: 'validation', text: 'option.msgCategory.validation' },
      ],
      width: 90,
    },
    { field: 'textKo', width: 380 },
    { field: 'textEn', width: 380 },
    { field: 'updatedAt', type: 'datetime', width: 140 },
    { field: 'version', type: 'number', width: 60 },
  ],
  selection: 'single',
  rowOpen: { screen: 'portal.messageEdit', query: { msgKey: 'row.msgKey' }, dialog: true },
  actions: [
    {
      kind: 'open',
      id: 'create',
      label: 'screen.messageManage.create',
      screen: 'portal.messageEdit',
      dialog: true,
      requires: 'write',
      variant: 'primary',
    },
    {
      kind: 'open',
      id: 'edit',
      label: 'screen.messageManage.edit',
      screen: 'portal.messageEdit',
      dialog: true,
      selection: 'single',
      query: { msgKey: 'row.msgKey' },
    },
    {
      kind: 'delete',
      operation: 'deleteMessage',
      selection: 'single',
      params: { path: { msgKey: 'row.msgKey' }, query: { version: 'row.version' } },
      confirm: 'ui.confirmDelete',
      then: ['reload', 'reloadTexts'],
    },
    { kind: 'exportExcel', fileName: 'screen.messageManage.file' },
  ],
});
