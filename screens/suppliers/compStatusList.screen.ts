import { defineListScreen } from '../../engine/define';

/**
 * /compStatusList — supplier status (협력사 현황): the master's suppliers with their trading status
 * and its reason; a company number opens one supplier at a glance (/compStatusView).
 */
export default defineListScreen({
  id: 'suppliers.compStatusList',
  route: '/compStatusList',
  title: 'screen.suppliers.compStatusList',
  labels: 'screen.suppliers.field',
  source: { operation: 'listSuppliers', rowKey: 'compNo', defaultSort: 'compNo:asc', pageSize: 100 },
  filters: [
    { field: 'compNameKr', maxLength: 100 },
    { field: 'compNo', maxLength: 10 },
    { field: 'status', widget: 'multiSelect', codeGroup: 'COMP_STATUS' },
    { field: 'sgCode', widget: 'sourcingGroup' },
  ],
  rememberFilters: true,
  columns: [
    { field: 'compNo', width: 90, link: { screen: 'suppliers.compStatusView', query: { compNo: 'row.compNo' } } },
    { field: 'compNameKr', width: 200 },
    { field: 'taxNo2', width: 120 },
    { field: 'status', type: 'code', codeGroup: 'COMP_STATUS', width: 90 },
    { field: 'statusReason', width: 220 },
    { field: 'categories', width: 180 },
    { field: 'userCount', type: 'number', width: 70 },
    { field: 'forwardYn', type: 'code', codeGroup: 'YN', width: 90, align: 'center' },
    { field: 'regDate', type: 'date', width: 100 },
  ],
  rowOpen: { screen: 'suppliers.compStatusView', query: { compNo: 'row.compNo' } },
  actions: [{ kind: 'exportExcel', fileName: 'screen.suppliers.compStatusListFile' }],
});
