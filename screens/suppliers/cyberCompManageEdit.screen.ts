import { defineEditScreen } from '../../engine/define';
import {
  bankSection,
  CHANGE_KINDS,
  companyField,
  contactsGrid,
  directFields,
  F,
  may,
  REQUEST_STATUS,
  T,
} from './company-form';

/**
 * /compManage/CyberCompManageEdit — my company (supplier portal, also under /cyber). Phones,
 * e-mail, homepage and contacts change on saving; names, CEO, corporate number, address, business
 * type and bank account become a change request that staff approve on /CompManageEdit — it needs an
 * attachment (bankbook copy or registration certificate) and a reason, and its state is listed
 * below. The bank account shows masked, as the master's rule says for anyone who does not keep it.
 * At the internal address staff open any supplier's page with ?compNo= as the supplier sees
 * it: the server answers no actions, so the form is read only and no button shows. Without a
 * supplier named, staff get the company popup to choose one instead of a refused load.
 */
export default defineEditScreen({
  id: 'suppliers.cyberCompManageEdit',
  route: '/compManage/CyberCompManageEdit',
  portals: ['internal', 'external'],
  title: 'screen.suppliers.cyberCompManageEdit',
  labels: 'screen.suppliers.field',
  singleton: true,
  load: { operation: 'getMyCompany', params: { query: { compNo: 'query.compNo' } } },
  choose: { param: 'compNo', widget: 'company', operation: 'listSuppliers', portal: 'internal' },
  readOnly: `!${may('update')}`,
  sections: [
    {
      title: T('registration'),
      columns: 3,
      fields: [
        { field: 'compNo', readOnly: true },
        { field: 'taxNo2', readOnly: true },
        { field: 'status', widget: 'select', codeGroup: 'COMP_STATUS', readOnly: true },
        companyField.compNameKr,
        companyField.compNameEn,
        companyField.ceoName,
        companyField.corpNo,
        companyField.bizType,
        companyField.bizItem,
        companyField.zipCode,
        companyField.address,
      ],
    },
    {
      title: T('contact'),
      columns: 3,
      fields: directFields,
    },
    bankSection(T('myBankHelp')),
    {
      title: T('changeRequest'),
      columns: 2,
      visible: may('update'),
      fields: [
        { field: 'changeFileId', widget: 'files', help: T('changeHelp') },
        { field: 'changeReason', widget: 'textarea', rows: 3, maxBytes: 1000 },
        { field: 'openReqNo', readOnly: true, visible: '!empty(form.openReqNo)' },
      ],
    },
  ],
  details: [
    contactsGrid({ canAdd: may('update'), canDelete: may('update') }),
    {
      id: 'changeRequests',
      title: T('changeRequests'),
      rowKey: 'reqNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      columns: [
        { field: 'reqNo', width: 130 },
        { field: 'status', label: F('requestStatus'), type: 'code', options: REQUEST_STATUS, width: 80 },
        { field: 'kinds', label: F('changeKinds'), type: 'code', options: CHANGE_KINDS, width: 110 },
        { field: 'summary', label: F('changeSummary'), width: 320 },
        { field: 'requestedByName', width: 80 },
        { field: 'requestedAt', type: 'datetime', width: 130 },
        { field: 'decidedAt', type: 'datetime', width: 130 },
        { field: 'decisionComment', width: 240 },
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
