import { defineListScreen } from '../../../engine/define';

const L = (k: string) => `screen.portalAdmin.field.${k}`;
const ENTITIES = [
  { value: 'menu', text: 'screen.portalAdmin.entity.menu' },
  { value: 'authGroup', text: 'screen.portalAdmin.entity.authGroup' },
  { value: 'menuAuth', text: 'screen.portalAdmin.entity.menuAuth' },
  { value: 'boardPost', text: 'screen.portalAdmin.entity.boardPost' },
];
/** What the administrative services write (menus, groups, menu authority, board posts), by name. */
const ACTIONS = ['CREATE', 'UPDATE', 'MOVE', 'REORDER', 'DELETE', 'COPY'].map((value) => ({
  value,
  text: `screen.portalAdmin.auditAction.${value}`,
}));

/** /portal/author/adminAudit — every administrative change (menus, groups, menu authority, board posts): who, when, before, after. */
export default defineListScreen({
  id: 'portal.adminAudit',
  route: '/portal/author/adminAudit',
  title: 'screen.portalAdmin.adminAudit',
  labels: 'screen.portalAdmin.field',
  source: { operation: 'listAdminAudit', rowKey: 'id', defaultSort: 'at:desc' },
  filters: [
    { field: 'entity', widget: 'select', options: ENTITIES },
    { field: 'entityKey' },
    { field: 'actor' },
    {
      field: 'atRange',
      label: L('at'),
      widget: 'dateRange',
      params: { from: 'atFrom', to: 'atTo' },
      default: { preset: 'lastMonth' },
    },
  ],
  rememberFilters: true,
  columns: [
    { field: 'at', label: L('atKst'), type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss', width: 150 },
    { field: 'actor', width: 90 },
    { field: 'entity', type: 'code', options: ENTITIES, width: 110 },
    { field: 'entityKey', width: 150 },
    { field: 'action', type: 'code', options: ACTIONS, width: 90 },
    { field: 'beforeData', width: 360 },
    { field: 'afterData', width: 360 },
  ],
  actions: [{ kind: 'exportExcel', fileName: 'screen.portalAdmin.adminAudit' }],
});
