import { defineListScreen } from '../../engine/define';

const F = (name: string) => `screen.suppliers.field.${name}`;

/**
 * /compStatusList — supplier status (협력사 현황): the master's suppliers with their trading status
 * and its reason; a company number opens one supplier at a glance (/compStatusView).
 */
export default defineListScreen({
  id: 'suppliers.compStatusList',
  route: '/compStatusList',
  title: 'screen.suppliers.compStatusList',
  source: { operation: 'listSuppliers', rowKey: 'compNo', defaultSort: 'compNo:asc', pageSize: 100 },
  filters: [
    { field: 'compNameKr', label: F('compNameKr'), maxLength: 100 },
    { field: 'compNo', label: F('compNo'), maxLength: 10 },
    { field: 'status', label: F('status'), widget: 'multiSelect', codeGroup: 'COMP_STATUS' },
    { field: 'sgCode', label: F('sgCode'), widget: 'sourcingGroup' },
  ],
  rememberFilters: true,
  columns: [
    { field: 'compNo', label: F('compNo'), width: 90, link: { screen: 'suppliers.compStatusView', query: { compNo: 'row.compNo' } } },
    { field: 'compNameKr', label: F('compNameKr'), width: 200 },
    { field: 'taxNo2', label: F('taxNo2'), width: 120 },
    { field: 'status', label: F('status'), type: 'code', codeGroup: 'COMP_STATUS', width: 90 },
    { field: 'statusReason', label: F('statusReason'), width: 220 },
    { field: 'categories', label: F('categories'), width: 180 },
    { field: 'userCount', label: F('userCount'), type: 'number', width: 70 },
    { field: 'forwardYn', label: F('forwardYn'), type: 'code', codeGroup: 'YN', width: 90, align: 'center' },
    { field: 'regDate', label: F('regDate'), type: 'date', width: 100 },
  ],
  rowOpen: { screen: 'suppliers.compStatusView', query: { compNo: 'row.compNo' } },
  actions: [{ kind: 'exportExcel', fileName: 'screen.suppliers.compStatusListFile' }],
});
