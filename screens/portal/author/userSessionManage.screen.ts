import { defineListScreen } from '../../../engine/define';

/** /portal/author/userSessionManage — live sessions; force logout ends them at once (DESIGN §5). */
export default defineListScreen({
  id: 'portal.userSessionManage',
  route: '/portal/author/userSessionManage',
  title: 'screen.userSessionManage.title',
  source: { operation: 'listSessions', rowKey: 'sessionId', defaultSort: 'createdDate:desc' },
  filters: [
    { field: 'userId' },
    { field: 'hname' },
    {
      field: 'portal',
      widget: 'select',
      options: [
        { value: 'I', text: 'option.portal.I' },
        { value: 'X', text: 'option.portal.X' },
      ],
    },
    {
      field: 'openOnly',
      widget: 'select',
      options: [
        { value: 'Y', text: 'option.sessionScope.Y' },
        { value: 'N', text: 'option.sessionScope.N' },
      ],
      emptyOption: 'none',
      default: 'Y',
    },
  ],
  columns: [
    { field: 'userId', width: 110 },
    { field: 'hname', width: 90 },
    {
      field: 'portal',
      type: 'code',
      options: [
        { value: 'I', text: 'option.portal.I' },
        { value: 'X', text: 'option.portal.X' },
      ],
      width: 110,
    },
    { field: 'compNo', width: 80 },
    { field: 'ip', width: 120 },
    { field: 'loginMethod', width: 90 },
    { field: 'createdDate', type: 'datetime', width: 140 },
    { field: 'lastSeenAt', type: 'datetime', width: 140 },
    { field: 'expiredDate', type: 'datetime', width: 140 },
    { field: 'endedAt', type: 'datetime', width: 140 },
    {
      field: 'endReason',
      type: 'code',
      options: [
        { value: 'LOGOUT', text: 'option.endReason.LOGOUT' },
        { value: 'FORCED', text: 'option.endReason.FORCED' },
        { value: 'BLOCKED', text: 'option.endReason.BLOCKED' },
        { value: 'REFRESH_REUSE', text: 'option.endReason.REFRESH_REUSE' },
        { value: 'EXPIRED', text: 'option.endReason.EXPIRED' },
        { value: 'PASSWORD_RESET', text: 'option.endReason.PASSWORD_RESET' },
      ],
      width: 120,
    },
    { field: 'sessionId', width: 160 },
  ],
  selection: 'multi',
  actions: [
    {
      kind: 'call',
      id: 'forceLogout',
      label: 'screen.userSessionManage.forceLogout',
      operation: 'endSession',
      selection: 'multi',
      variant: 'danger',
      enabled: 'all(rows, "endedAt", null)',
      confirm: 'screen.userSessionManage.confirmForceLogout',
      params: { path: { sessionId: 'row.sessionId' } },
    },
    { kind: 'exportExcel', fileName: 'screen.userSessionManage.file' },
  ],
});
