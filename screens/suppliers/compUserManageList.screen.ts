import { defineListScreen } from '../../engine/define';
import { T, userActions, userColumns, userFilters } from '../portal/ogpmsManage/supplier-users';

/**
 * /compUserManageList — supplier users across companies (supplier management): lock, unlock and
 * reset, the same operations as /portal/ogpmsManage/compUserManage under this menu's authority.
 */
export default defineListScreen({
  id: 'suppliers.compUserManageList',
  route: '/compUserManageList',
  portals: ['internal'],
  title: T('compUserManageList'),
  labels: 'screen.ogpmsManage.field',
  source: { operation: 'listSupplierUsers', rowKey: 'userId', defaultSort: 'compNo:asc' },
  filters: [{ field: 'compNo', widget: 'company' }, { field: 'compNameKr', maxLength: 100 }, ...userFilters],
  rememberFilters: true,
  columns: userColumns,
  selection: 'single',
  actions: [...userActions, { kind: 'exportExcel', fileName: T('compUserManageList') }],
});
