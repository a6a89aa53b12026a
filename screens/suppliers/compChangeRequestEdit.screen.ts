import { defineEditScreen } from '../../engine/define';
import { CHANGE_KINDS, REQUEST_STATUS } from './company-form';

const F = (name: string) => `screen.suppliers.field.${name}`;
const T = (name: string) => `screen.suppliers.${name}`;
const FIELDS = [
  'compNameKr',
  'compNameEn',
  'ceoName',
  'corpNo',
  'bizType',
  'bizItem',
  'zipCode',
  'address',
  'bankCode',
  'bankAccount',
  'bankHolder',
].map((value) => ({ value, text: F(value) }));
const may = (action: string) => `contains(form.actions, '${action}')`;

/**
 * A supplier's change request as staff review it (opened from /CompManageEdit and /CompManageList,
 * under /CompManageEdit's authority): each field from → to (bank accounts masked), the attachment
 * the supplier sent, and approve (the master changes in the same transaction) or reject with a reason.
 */
export default defineEditScreen({
  id: 'suppliers.compChangeRequestEdit',
  menu: '/CompManageEdit',
  title: 'screen.suppliers.compChangeRequestEdit',
  labels: 'screen.suppliers.field',
  key: ['reqNo'],
  load: { operation: 'getCompanyChangeRequest', params: { path: { reqNo: 'query.reqNo' } } },
  readOnly: true,
  sections: [
    {
      columns: 3,
      fields: [
        { field: 'reqNo' },
        { field: 'compNo' },
        { field: 'compNameKr' },
        { field: 'status', label: F('requestStatus'), widget: 'select', options: REQUEST_STATUS },
        { field: 'kinds', label: F('changeKinds'), widget: 'select', options: CHANGE_KINDS },
        { field: 'requestedByName' },
        { field: 'requestedAt', widget: 'datetime' },
        { field: 'decidedByName' },
        { field: 'decidedAt', widget: 'datetime' },
        { field: 'reason', label: F('changeReason'), widget: 'textarea', rows: 2, span: 3 },
        { field: 'decisionComment', visible: '!empty(form.decisionComment)', span: 3 },
        { field: 'attachments', label: F('changeFileId'), widget: 'files', span: 3 },
      ],
    },
  ],
  details: [
    {
      id: 'changes',
      title: T('changes'),
      rowKey: 'field',
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      columns: [
        { field: 'field', label: F('changeField'), type: 'code', options: FIELDS, width: 130 },
        { field: 'from', label: F('changeFrom'), width: 260 },
        { field: 'to', label: F('changeTo'), width: 260 },
      ],
    },
  ],
  actions: [
    { kind: 'close', requires: 'read' },
    {
      kind: 'workflow',
      id: 'reject',
      label: T('reject'),
      operation: 'rejectCompanyChangeRequest',
      variant: 'danger',
      visible: may('reject'),
      prompt: {
        message: T('rejectChangeMessage'),
        fields: [
          {
            field: 'comment',
            label: F('decisionComment'),
            widget: 'textarea',
            rows: 3,
            required: true,
            maxBytes: 1000,
          },
        ],
      },
      params: { path: { reqNo: 'form.reqNo' }, body: { version: 'form.version', comment: 'input.comment' } },
      success: T('changeRejected'),
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'approve',
      label: T('approve'),
      operation: 'approveCompanyChangeRequest',
      variant: 'primary',
      visible: may('approve'),
      prompt: {
        message: T('approveChangeMessage'),
        fields: [{ field: 'comment', label: F('decisionComment'), widget: 'textarea', rows: 2, maxBytes: 1000 }],
      },
      params: { path: { reqNo: 'form.reqNo' }, body: { version: 'form.version', comment: 'input.comment' } },
      success: T('changeApproved'),
      then: ['reloadRecord'],
    },
  ],
});
