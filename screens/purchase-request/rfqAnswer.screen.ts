import { defineEditScreen } from '../../engine/define';

const F = (name: string) => `screen.purchaseRequest.field.${name}`;
const T = (name: string) => `screen.purchaseRequest.${name}`;

/**
 * Opened in a dialog from /prConfirmEdit's supplier questions (query questionId): the buyer reads
 * who asked and answers once — privately, or shared with every invited supplier (the shared copy
 * names no one).
 */
export default defineEditScreen({
  id: 'purchaseRequest.rfqAnswer',
  title: 'screen.purchaseRequest.rfqAnswer',
  labels: 'screen.purchaseRequest.field',
  menu: '/prConfirmEdit',
  key: ['questionId'],
  load: { operation: 'getRfqQuestion', params: { path: { questionId: 'query.questionId' } } },
  confirmLeave: false,
  readOnly: "form.answered == 'Y'",
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'compName', label: F('compNameKr'), readOnly: true },
        { field: 'askedAt', widget: 'datetime', readOnly: true },
        { field: 'question', widget: 'textarea', rows: 3, readOnly: true, span: 2 },
        { field: 'answer', widget: 'textarea', rows: 4, maxLength: 2000, required: true, span: 2 },
        {
          field: 'shared',
          widget: 'select',
          options: [
            { value: 'N', text: T('sharedN') },
            { value: 'Y', text: T('sharedY') },
          ],
          emptyOption: 'none',
          default: 'N',
          span: 2,
        },
        { field: 'answeredAt', widget: 'datetime', readOnly: true, visible: "form.answered == 'Y'" },
        { field: 'answeredByName', readOnly: true, visible: "form.answered == 'Y'" },
      ],
    },
  ],
  actions: [
    { kind: 'close', requires: 'read' },
    {
      kind: 'workflow',
      id: 'answer',
      label: T('answerQuestion'),
      variant: 'primary',
      operation: 'answerRfqQuestion',
      visible: "form.answered != 'Y'",
      confirm: T('answerConfirm'),
      params: {
        path: { questionId: 'form.questionId' },
        body: { version: 'form.version', answer: 'form.answer', shared: 'form.shared' },
      },
      success: T('answered'),
      then: ['close'],
    },
  ],
});
