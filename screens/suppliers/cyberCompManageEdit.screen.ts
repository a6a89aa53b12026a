import { defineEditScreen } from '../../engine/define';

const F = (name: string) => `screen.suppliers.field.${name}`;
const T = (name: string) => `screen.suppliers.${name}`;
const REQUEST_STATUS = ['REQUESTED', 'APPROVED', 'REJECTED', 'WITHDRAWN'].map((value) => ({ value, text: `option.suppliers.requestStatus.${value}` }));
const KINDS = ['BANK', 'REGISTRATION', 'BANK,REGISTRATION'].map((value) => ({ value, text: `option.suppliers.changeKind.${value}` }));
const may = (action: string) => `contains(form.actions, '${action}')`;

/**
 * /compManage/CyberCompManageEdit — my company (supplier portal, also under /cyber). Phones,
 * e-mail, homepage and contacts change on saving; names, CEO, corporate number, address, business
 * type and bank account become a change request that staff approve on /CompManageEdit — it needs an
 * attachment (bankbook copy or registration certificate) and a reason, and its state is listed
 * below. The bank account shows masked, as the master's rule says for anyone who does not keep it.
 * At the internal address (#18) staff open any supplier's page with ?compNo= as the supplier sees
 * it: the server answers no actions, so the form is read only and no button shows.
 */
export default defineEditScreen({
  id: 'suppliers.cyberCompManageEdit',
  route: '/compManage/CyberCompManageEdit',
  portals: ['internal', 'external'],
  title: 'screen.suppliers.cyberCompManageEdit',
  singleton: true,
  load: { operation: 'getMyCompany', params: { query: { compNo: 'query.compNo' } } },
  readOnly: `!${may('update')}`,
  sections: [
    {
      title: T('registration'),
      columns: 3,
      fields: [
        { field: 'compNo', label: F('compNo'), readOnly: true },
        { field: 'taxNo2', label: F('taxNo2'), readOnly: true },
        { field: 'status', label: F('status'), widget: 'select', codeGroup: 'COMP_STATUS', readOnly: true },
        { field: 'compNameKr', label: F('compNameKr'), required: true, maxBytes: 100 },
        { field: 'compNameEn', label: F('compNameEn'), maxLength: 100 },
        { field: 'ceoName', label: F('ceoName'), required: true, maxBytes: 50 },
        { field: 'corpNo', label: F('corpNo'), maxLength: 14, placeholder: '110111-1234567' },
        { field: 'bizType', label: F('bizType'), maxLength: 50 },
        { field: 'bizItem', label: F('bizItem'), maxLength: 100 },
        { field: 'zipCode', label: F('zipCode'), maxLength: 10 },
        { field: 'address', label: F('address'), maxLength: 200, span: 2 },
      ],
    },
    {
      title: T('contact'),
      columns: 3,
      fields: [
        { field: 'phoneNo', label: F('phoneNo'), mask: 'phone', maxLength: 20 },
        { field: 'faxNo', label: F('faxNo'), mask: 'phone', maxLength: 20 },
        { field: 'email', label: F('email'), maxLength: 100 },
        { field: 'homepage', label: F('homepage'), maxLength: 100, span: 3 },
      ],
    },
    {
      title: T('bank'),
      columns: 3,
      fields: [
        { field: 'bankCode', label: F('bankCode'), widget: 'select', codeGroup: 'BANK' },
        { field: 'bankAccount', label: F('bankAccount'), maxLength: 40, help: T('myBankHelp') },
        { field: 'bankHolder', label: F('bankHolder'), maxLength: 50 },
      ],
    },
    {
      title: T('changeRequest'),
      columns: 2,
      visible: may('update'),
      fields: [
        { field: 'changeFileId', label: F('changeFileId'), widget: 'files', help: T('changeHelp') },
        { field: 'changeReason', label: F('changeReason'), widget: 'textarea', rows: 3, maxBytes: 1000 },
        { field: 'openReqNo', label: F('openReqNo'), readOnly: true, visible: '!empty(form.openReqNo)' },
      ],
    },
  ],
  details: [
    {
      id: 'contacts',
      title: T('contacts'),
      rowKey: 'seq',
      maxRows: 20,
      visibleRows: 4,
      newRow: { mainYn: 'N' },
      canAdd: may('update'),
      canDelete: may('update'),
      send: ['name', 'deptName', 'positionNm', 'phoneNo', 'cellPhoneNo', 'email', 'mainYn'],
      columns: [
        { field: 'name', label: F('contactName'), width: 100, editable: true, required: true, maxLength: 50 },
        { field: 'deptName', label: F('deptName'), width: 110, editable: true, maxLength: 50 },
        { field: 'positionNm', label: F('positionNm'), width: 80, editable: true, maxLength: 50 },
        { field: 'phoneNo', label: F('phoneNo'), width: 120, editable: true, maxLength: 20, mask: 'phone' },
        { field: 'cellPhoneNo', label: F('cellPhoneNo'), width: 120, editable: true, maxLength: 20, mask: 'phone' },
        { field: 'email', label: F('email'), width: 180, editable: true, maxLength: 100 },
        { field: 'mainYn', label: F('mainYn'), width: 70, editable: true, maxLength: 1 },
      ],
    },
    {
      id: 'changeRequests',
      title: T('changeRequests'),
      rowKey: 'reqNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      columns: [
        { field: 'reqNo', label: F('reqNo'), width: 130 },
        { field: 'status', label: F('requestStatus'), type: 'code', options: REQUEST_STATUS, width: 80 },
        { field: 'kinds', label: F('changeKinds'), type: 'code', options: KINDS, width: 110 },
        { field: 'summary', label: F('changeSummary'), width: 320 },
        { field: 'requestedByName', label: F('requestedByName'), width: 80 },
        { field: 'requestedAt', label: F('requestedAt'), type: 'datetime', width: 130 },
        { field: 'decidedAt', label: F('decidedAt'), type: 'datetime', width: 130 },
        { field: 'decisionComment', label: F('decisionComment'), width: 240 },
      ],
    },
  ],
  actions: [
    {
      kind: 'workflow',
      id: 'withdraw',
      label: T('withdrawChange'),
      operation: 'withdrawCompanyChangeRequest',
      visible: may('withdraw'),
      confirm: T('withdrawChangeConfirm'),
      params: { path: { reqNo: 'form.openReqNo' }, body: { version: 'form.openReqVersion' } },
      then: ['reloadRecord'],
    },
    {
      kind: 'save',
      operation: 'updateMyCompany',
      updateOperation: 'updateMyCompany',
      variant: 'primary',
      visible: may('update'),
      success: T('myCompanySaved'),
      then: ['reloadRecord'],
    },
  ],
});
