import { defineListScreen } from '../../../engine/define';
import { T, userActions, userColumns, userFilters } from './supplier-users';

/** Cyber groups (60, 61) are suppliers: the server shows them their own company only, so the company filters are staff's. */
const STAFF = "!startsWith(login.authGroupId, '6')";

/**
 * /portal/ogpmsManage/compUserManage — users per supplier company: lock, unlock and reset the
 * password (the user then sets a new one with a reset code). Internal admins see every company;
 * a supplier admin (group 61, supplier portal) only its own — another company's user id is
 * refused by the server (404, nothing written), whatever the request says.
 */
export default defineListScreen({
  id: 'ogpmsManage.compUserManage',
  route: '/portal/ogpmsManage/compUserManage',
  portals: ['internal', 'external'],
  title: T('compUserManage'),
  labels: 'screen.ogpmsManage.field',
  source: { operation: 'listSupplierUsers', rowKey: 'userId', defaultSort: 'compNo:asc' },
  filters: [
    { field: 'compNo', widget: 'company', visible: STAFF },
    { field: 'compNameKr', maxLength: 100, visible: STAFF },
    ...userFilters,
  ],
  rememberFilters: true,
  columns: userColumns,
  selection: 'single',
  actions: [...userActions, { kind: 'exportExcel', fileName: T('compUserManage') }],
});
