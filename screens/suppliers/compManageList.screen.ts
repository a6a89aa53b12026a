import { defineListScreen } from '../../engine/define';

const F = (name: string) => `screen.suppliers.field.${name}`;

/**
 * /CompManageList — the supplier master (협력사 마스터): search by number, name, business number,
 * trading status, FORWARD_YN, council membership, item category or sourcing group supplied. A
 * company number opens /CompManageEdit; 신규 registers one directly.
 */
export default defineListScreen({
  id: 'suppliers.compManageList',
  route: '/CompManageList',
  title: 'screen.suppliers.compManageList',
  labels: 'screen.suppliers.field',
  source: { operation: 'listSuppliers', rowKey: 'compNo', defaultSort: 'compNo:asc', pageSize: 100 },
  filters: [
    { field: 'compNameKr', maxLength: 100 },
    { field: 'compNo', maxLength: 10 },
    { field: 'taxNo', label: F('taxNo2'), mask: 'taxnum', maxLength: 12 },
    { field: 'status', widget: 'multiSelect', codeGroup: 'COMP_STATUS' },
    { field: 'forwardYn', widget: 'select', codeGroup: 'YN' },
    { field: 'councilYn', widget: 'select', codeGroup: 'YN' },
    { field: 'sgCode', widget: 'sourcingGroup' },
    {
      field: 'changeRequested',
      widget: 'select',
      options: [{ value: 'Y', text: 'option.suppliers.changeRequested.Y' }],
    },
  ],
  rememberFilters: true,
  columns: [
    { field: 'compNo', width: 90, link: { screen: 'suppliers.compManageEdit', query: { compNo: 'row.compNo' } } },
    { field: 'compNameKr', width: 200 },
    { field: 'taxNo2', width: 120 },
    { field: 'corpNo', width: 130 },
    { field: 'ceoName', width: 90 },
    { field: 'status', type: 'code', codeGroup: 'COMP_STATUS', width: 90 },
    { field: 'statusReason', width: 200 },
    { field: 'forwardYn', type: 'code', codeGroup: 'YN', width: 90, align: 'center' },
    { field: 'councilYn', type: 'code', codeGroup: 'YN', width: 80, align: 'center' },
    { field: 'categories', width: 180 },
    { field: 'bizType', width: 100 },
    { field: 'bizItem', width: 140 },
    { field: 'phoneNo', width: 120 },
    { field: 'userCount', type: 'number', width: 70 },
    {
      field: 'openChangeReqNo',
      width: 130,
      link: { screen: 'suppliers.compChangeRequestEdit', query: { reqNo: 'row.openChangeReqNo' }, dialog: true },
    },
    { field: 'regDate', type: 'date', width: 100 },
    { field: 'updatedAt', type: 'datetime', width: 140 },
  ],
  rowOpen: { screen: 'suppliers.compManageEdit', query: { compNo: 'row.compNo' } },
  actions: [
    {
      kind: 'navigate',
      id: 'create',
      label: 'screen.suppliers.create',
      route: '/CompManageEdit',
      requires: 'write',
      variant: 'primary',
    },
    { kind: 'exportExcel', fileName: 'screen.suppliers.compManageListFile' },
  ],
});
