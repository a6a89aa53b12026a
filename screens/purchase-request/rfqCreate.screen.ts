import { defineEditScreen } from '../../engine/define';

const F = (name: string) => `screen.purchaseRequest.field.${name}`;
const T = (name: string) => `screen.purchaseRequest.${name}`;
const GRADE_ACTIONS = ['NONE', 'WARN', 'BLOCK'].map((value) => ({ value, text: `screen.evaluation.action.${value}` }));

/**
 * Opened in a dialog from /prConfirmEdit (query prNo): invite suppliers to quote on a received PR
 * (견적요청). The PR's number, its current version and title come from getPr; suppliers are chosen
 * with the company popup (trading suppliers, by name, company number or business number); the
 * deadline is the end of that day in Korea. The request copies the PR's lines.
 */
export default defineEditScreen({
  id: 'purchaseRequest.rfqCreate',
  title: 'screen.purchaseRequest.rfqCreate',
  labels: 'screen.purchaseRequest.field',
  menu: '/prConfirmEdit',
  sections: [
    {
      columns: 2,
      fields: [
        {
          field: 'prNo',
          readOnly: true,
          valueFrom: { operation: 'getPr', params: { path: { prNo: 'query.prNo' } }, value: 'prNo' },
        },
        {
          field: 'prVersion',
          readOnly: true,
          visible: 'false',
          valueFrom: { operation: 'getPr', params: { path: { prNo: 'query.prNo' } }, value: 'version' },
        },
        { field: 'deadline', widget: 'date', required: true, help: T('deadlineHelp') },
        {
          field: 'title',
          label: F('rfqTitle'),
          maxLength: 200,
          span: 2,
          valueFrom: { operation: 'getPr', params: { path: { prNo: 'query.prNo' } }, value: 'title' },
        },
        { field: 'description', label: F('rfqDescription'), widget: 'textarea', rows: 3, maxLength: 1000, span: 2 },
        // A supplier graded "warn" (협력사 평가) is invited only once the buyer confirms; the server records who confirmed.
        {
          field: 'confirmEvaluationWarning',
          label: F('confirmEvaluationWarning'),
          widget: 'checkbox',
          type: 'boolean',
          span: 2,
          visible: "some(detail.suppliers.rows, 'gradeAction', 'WARN')",
          help: T('evaluationWarningHelp'),
        },
      ],
    },
  ],
  details: [
    {
      id: 'suppliers',
      title: T('suppliers'),
      rowKey: 'compNo',
      canAdd: false,
      minRows: 1,
      maxRows: 20,
      visibleRows: 5,
      send: 'compNo',
      addFrom: {
        widget: 'company',
        label: T('addSupplier'),
        operation: 'searchRfqSuppliers',
        fill: ['compNo', 'compNameKr', 'taxNo2', 'grade', 'gradeAction', 'gradePeriod'],
      },
      // The newest finalized evaluation grade: "warn" asks for the confirmation above, "block" is refused on sending.
      columns: [
        { field: 'compNo', width: 100 },
        { field: 'compNameKr', width: 200 },
        { field: 'taxNo2', width: 120 },
        { field: 'grade', label: F('evaGrade'), width: 60, align: 'center' },
        { field: 'gradeAction', label: F('evaGradeAction'), type: 'code', options: GRADE_ACTIONS, width: 110 },
        { field: 'gradePeriod', label: F('evaGradePeriod'), width: 180 },
      ],
    },
  ],
  attachments: { field: 'fileId', label: T('rfqAttachments') },
  actions: [
    { kind: 'close', requires: 'read' },
    {
      kind: 'save',
      label: T('sendRfq'),
      operation: 'createRfq',
      variant: 'primary',
      confirm: T('confirmRfq'),
      success: T('rfqSent'),
    },
  ],
});
