import { defineEditScreen } from '../../engine/define';
import { bankSection, companyField, contactsGrid, directFields, F, may, REQUEST_STATUS, T } from './company-form';
import { HISTORY_ACTORS } from '../history-actors';

const HISTORY_ACTIONS = ['CREATE', 'UPDATE', 'STATUS_CHANGE', 'CHANGE_REQUEST', 'SUPPLIER_UPDATE'].map((value) => ({
  value,
  text: `option.suppliers.historyAction.${value}`,
}));

/**
 * /CompManageEdit — one supplier of the master: registration numbers (business number with its
 * check digit, fixed after registration; corporate number checked too), names, address, bank
 * account (masked by the server unless the user keeps the master), contacts, item categories and
 * sourcing groups supplied, FORWARD_YN, council membership, attachments and history. The trading
 * status changes only through a status change request (거래상태 변경요청), asked for here.
 */
export default defineEditScreen({
  id: 'suppliers.compManageEdit',
  route: '/CompManageEdit',
  title: 'screen.suppliers.compManageEdit',
  labels: 'screen.suppliers.field',
  key: ['compNo'],
  load: { operation: 'getSupplier', params: { path: { compNo: 'query.compNo' } } },
  readOnly: `mode == 'update' && !${may('update')}`,
  sections: [
    {
      title: T('registration'),
      columns: 3,
      fields: [
        { field: 'compNo', readOnly: true, visible: "mode == 'update'" },
        { field: 'status', widget: 'select', codeGroup: 'COMP_STATUS', readOnly: true, visible: "mode == 'update'" },
        { field: 'statusReason', readOnly: true, visible: "mode == 'update' && !empty(form.statusReason)" },
        {
          field: 'taxNo2',
          required: true,
          createOnly: true,
          mask: 'taxnum',
          maxLength: 12,
          placeholder: '123-45-67890',
        },
        companyField.corpNo,
        { field: 'regDate', readOnly: true, visible: "mode == 'update'" },
        companyField.compNameKr,
        companyField.compNameEn,
        companyField.ceoName,
        companyField.bizType,
        companyField.bizItem,
        { field: 'forwardYn', widget: 'select', codeGroup: 'YN', emptyOption: 'none', default: 'Y' },
        { field: 'councilYn', widget: 'select', codeGroup: 'YN', emptyOption: 'none', default: 'N' },
      ],
    },
    {
      title: T('contact'),
      columns: 3,
      fields: [companyField.zipCode, companyField.address, ...directFields],
    },
    bankSection(T('bankHelp')),
    {
      title: T('supplies'),
      columns: 2,
      fields: [
        {
          field: 'catCodes',
          widget: 'multiSelect',
          optionsFrom: { operation: 'listSupplierCategoryOptions', value: 'catCode', text: 'nameKo' },
        },
        { field: 'fileId', widget: 'files' },
      ],
    },
  ],
  details: [
    contactsGrid(),
    {
      id: 'sourcingGroups',
      title: T('sourcingGroups'),
      rowKey: 'code',
      canAdd: false,
      canDelete: false,
      visibleRows: 4,
      visible: "mode == 'update'",
      columns: [
        { field: 'code', label: F('sgCode'), width: 140 },
        { field: 'name', label: F('sgName'), width: 240 },
      ],
    },
    {
      // The supplier's change requests (CyberCompManageEdit): a link opens one to approve or reject it.
      id: 'changeRequests',
      title: T('changeRequests'),
      rowKey: 'reqNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 4,
      visible: "mode == 'update'",
      load: { operation: 'listCompanyChangeRequests', params: { query: { compNo: 'form.compNo', size: "'50'" } } },
      columns: [
        {
          field: 'reqNo',
          width: 130,
          link: { screen: 'suppliers.compChangeRequestEdit', query: { reqNo: 'row.reqNo' }, dialog: true },
        },
        { field: 'status', label: F('requestStatus'), type: 'code', options: REQUEST_STATUS, width: 80 },
        { field: 'summary', label: F('changeSummary'), width: 320 },
        { field: 'requestedByName', width: 80 },
        { field: 'requestedAt', type: 'datetime', width: 130 },
        { field: 'decisionComment', width: 200 },
      ],
    },
    {
      id: 'history',
      title: T('history'),
      rowKey: 'at',
      canAdd: false,
      canDelete: false,
      visibleRows: 4,
      visible: "mode == 'update'",
      columns: [
        { field: 'at', type: 'datetime', width: 140 },
        { field: 'action', label: F('historyAction'), type: 'code', options: HISTORY_ACTIONS, width: 110 },
        { field: 'actorName', type: 'code', options: HISTORY_ACTORS, width: 90 },
        { field: 'reason', width: 300 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'navigate',
      id: 'glance',
      label: T('glance'),
      screen: 'suppliers.compStatusView',
      query: { compNo: 'form.compNo' },
      visible: "mode == 'update'",
      requires: 'read',
    },
    {
      kind: 'workflow',
      id: 'requestStatus',
      label: T('requestStatus'),
      operation: 'createSupplierStatusRequest',
      visible: `mode == 'update' && ${may('requestStatus')}`,
      enabled: '!screen.dirty',
      prompt: {
        message: T('requestStatusMessage'),
        fields: [
          { field: 'toStatus', widget: 'select', codeGroup: 'COMP_STATUS', required: true },
          { field: 'reason', widget: 'textarea', rows: 3, required: true, maxBytes: 1000 },
        ],
      },
      params: { body: { compNo: 'form.compNo', toStatus: 'input.toStatus', reason: 'input.reason' } },
      success: T('requestStatusDone'),
      then: ['reloadRecord'],
    },
    {
      kind: 'save',
      operation: 'createSupplier',
      updateOperation: 'updateSupplier',
      variant: 'primary',
      visible: `mode == 'create' || ${may('update')}`,
    },
  ],
});
