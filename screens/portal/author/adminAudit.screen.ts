import { defineListScreen } from '../../../engine/define';

const L = (k: string) => `screen.portalAdmin.field.${k}`;
const ENTITIES = [
  { value: 'menu', text: 'screen.portalAdmin.entity.menu' },
  { value: 'authGroup', text: 'screen.portalAdmin.entity.authGroup' },
  { value: 'menuAuth', text: 'screen.portalAdmin.entity.menuAuth' },
  { value: 'boardPost', text: 'screen.portalAdmin.entity.boardPost' },
];

/** /portal/author/adminAudit — every administrative change (menus, groups, menu authority, board posts): who, when, before, after. */
export default defineListScreen({
  id: 'portal.adminAudit',
  route: '/portal/author/adminAudit',
  title: 'screen.portalAdmin.adminAudit',
  source: { operation: 'listAdminAudit', rowKey: 'id', defaultSort: 'at:desc' },
  filters: [
    { field: 'entity', label: L('entity'), widget: 'select', options: ENTITIES },
    { field: 'entityKey', label: L('entityKey') },
    { field: 'actor', label: L('actor') },
    { field: 'atRange', label: L('at'), widget: 'dateRange', params: { from: 'atFrom', to: 'atTo' }, default: { preset: 'lastMonth' } },
  ],
  rememberFilters: true,
  columns: [
    { field: 'at', label: L('atKst'), type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss', width: 150 },
    { field: 'actor', label: L('actor'), width: 90 },
    { field: 'entity', label: L('entity'), type: 'code', options: ENTITIES, width: 110 },
    { field: 'entityKey', label: L('entityKey'), width: 150 },
    { field: 'action', label: L('action'), width: 80 },
    { field: 'beforeData', label: L('beforeData'), width: 360 },
    { field: 'afterData', label: L('afterData'), width: 360 },
  ],
  actions: [{ kind: 'exportExcel', fileName: 'screen.portalAdmin.adminAudit' }],
});
