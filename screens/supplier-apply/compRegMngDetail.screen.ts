import { defineEditScreen } from '../../engine/define';
import { APP_STATUS, EVAL_STATUS, F, T, USER_DECISION } from './labels';

const can = (action: string) => `contains(form.actions, '${action}')`;
const check = (field: string) => ({ field, label: F(field), widget: 'checkbox' as const, readOnly: `!${can('save')}` });

/**
 * /business/evaManage/compRegMngDetail — one registration evaluation: the application's company and
 * attachments, a five-item checklist and a score against the pass mark. 합격 needs every item and the
 * mark (the server names what is missing); 불합격 asks for a reason and rejects the application.
 */
export default defineEditScreen({
  id: 'supplierApply.compRegMngDetail',
  route: '/business/evaManage/compRegMngDetail',
  title: T('compRegMngDetail'),
  labels: 'screen.supplierApply.field',
  key: ['evalNo'],
  load: { operation: 'getRegistrationEvaluation', params: { path: { evalNo: 'query.evalNo' } } },
  sections: [
    {
      title: T('application'),
      columns: 3,
      fields: [
        { field: 'evalNo', readOnly: true },
        { field: 'receiptNo', readOnly: true },
        { field: 'status', label: F('evalStatus'), widget: 'select', options: EVAL_STATUS, readOnly: true },
        { field: 'compNameKr', readOnly: true },
        { field: 'taxNo2', readOnly: true },
        { field: 'ceoName', readOnly: true },
        { field: 'bizType', readOnly: true },
        { field: 'bizItem', readOnly: true },
        { field: 'applicationStatus', label: F('status'), widget: 'select', options: APP_STATUS, readOnly: true },
        { field: 'address', readOnly: true, span: 2 },
        { field: 'userDecision', widget: 'select', options: USER_DECISION, readOnly: true },
        { field: 'attachments', widget: 'files', readOnly: true, span: 3 },
      ],
    },
    {
      title: T('checklist'),
      columns: 3,
      fields: [
        check('chkCert'),
        check('chkBank'),
        check('chkTax'),
        check('chkCredit'),
        check('chkQuality'),
        {
          field: 'score',
          widget: 'number',
          type: 'integer',
          minimum: 0,
          maximum: 100,
          readOnly: `!${can('save')}`,
          help: T('scoreHelp'),
        },
        { field: 'passMark', readOnly: true },
        { field: 'evaluatorName', label: F('evaluator'), readOnly: true },
        { field: 'evaluatedAt', widget: 'datetime', readOnly: true },
        { field: 'remark', widget: 'textarea', rows: 3, maxBytes: 1000, span: 3, readOnly: `!${can('save')}` },
        {
          field: 'failReason',
          widget: 'textarea',
          rows: 2,
          readOnly: true,
          span: 3,
          visible: '!empty(form.failReason)',
        },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'save',
      operation: 'saveRegistrationEvaluation',
      updateOperation: 'saveRegistrationEvaluation',
      // An evaluation is made by the application, never here: the save is an update's alone.
      visible: `mode == 'update' && ${can('save')}`,
      params: {
        path: { evalNo: 'form.evalNo' },
        body: {
          version: 'form.version',
          chkCert: 'form.chkCert',
          chkBank: 'form.chkBank',
          chkTax: 'form.chkTax',
          chkCredit: 'form.chkCredit',
          chkQuality: 'form.chkQuality',
          score: 'form.score',
          remark: 'form.remark',
        },
      },
    },
    {
      kind: 'workflow',
      id: 'pass',
      label: T('pass'),
      variant: 'primary',
      operation: 'passRegistrationEvaluation',
      visible: can('pass'),
      confirm: T('passConfirm'),
      params: {
        path: { evalNo: 'form.evalNo' },
        body: {
          version: 'form.version',
          chkCert: 'form.chkCert',
          chkBank: 'form.chkBank',
          chkTax: 'form.chkTax',
          chkCredit: 'form.chkCredit',
          chkQuality: 'form.chkQuality',
          score: 'form.score',
          remark: 'form.remark',
        },
      },
      success: T('passDone'),
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'fail',
      label: T('fail'),
      variant: 'danger',
      operation: 'failRegistrationEvaluation',
      visible: can('fail'),
      prompt: {
        message: T('failMessage'),
        fields: [
          { field: 'reason', label: F('failReason'), widget: 'textarea', rows: 3, required: true, maxBytes: 1000 },
        ],
      },
      params: { path: { evalNo: 'form.evalNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      success: T('failDone'),
      then: ['reloadRecord'],
    },
  ],
});
