import { defineTreeScreen } from '../../engine/define';
import { T, f, actions, kinds, measures } from './labels';

const modes = ['ALL', 'SG', 'SPEND', 'LIST'].map((value) => ({ value, text: `screen.evaluation.mode.${value}` }));
const statuses = ['PLANNED', 'OPEN', 'CLOSED'].map((value) => ({
  value,
  text: `screen.evaluation.periodStatus.${value}`,
}));

/**
 * /business/evaManage/evaSetting — evaluation periods (평가설정): the periods on the left; the chosen
 * one on the right with its scope, its criteria tree (category → criterion, weight, quantitative
 * measure with scoring bands "rate:score, …", or qualitative with its evaluators), and the grade
 * bands A–D with the action each grade has on sourcing. Weights must sum to 100; dates may not
 * overlap another period. 시작 opens the evaluation (tasks for evaluators), 마감 closes it.
 */
export default defineTreeScreen({
  id: 'evaluation.evaSetting',
  route: '/business/evaManage/evaSetting',
  title: T('evaSetting.title'),
  labels: 'screen.evaluation.f',
  tree: {
    operation: 'listEvaPeriods',
    idField: 'periodId',
    labelField: 'label',
    detailField: 'weightSum',
    search: true,
    rootLabel: T('evaSetting.periods'),
  },
  actions: [{ kind: 'new', label: T('evaSetting.new') }],
  detail: {
    sections: [
      {
        title: T('evaSetting.period'),
        columns: 4,
        fields: [
          { field: 'periodName', required: true, maxLength: 100, span: 2 },
          {
            field: 'status',
            label: f('periodStatus'),
            widget: 'select',
            options: statuses,
            readOnly: true,
            visible: "mode == 'update'",
          },
          { field: 'weightSum', readOnly: true, visible: "mode == 'update'" },
          { field: 'startDate', widget: 'date', required: true },
          { field: 'endDate', widget: 'date', required: true },
          { field: 'dueDate', widget: 'date', required: true },
          {
            field: 'targetMode',
            widget: 'select',
            options: modes,
            required: true,
            default: 'ALL',
            emptyOption: 'none',
          },
          { field: 'targetSgCode', maxLength: 20, visible: "form.targetMode == 'SG'" },
          { field: 'targetMinSpend', mask: 'numComma', visible: "form.targetMode == 'SPEND'" },
          {
            field: 'targetList',
            widget: 'textarea',
            rows: 2,
            span: 4,
            maxLength: 2000,
            visible: "form.targetMode == 'LIST'",
            help: T('evaSetting.targetListHelp'),
          },
          { field: 'remark', widget: 'textarea', rows: 2, span: 4, maxLength: 1000 },
          { field: 'targetCount', readOnly: true, visible: "mode == 'update'" },
          { field: 'taskCount', readOnly: true, visible: "mode == 'update'" },
          { field: 'submittedCount', readOnly: true, visible: "mode == 'update'" },
          { field: 'publishedCount', readOnly: true, visible: "mode == 'update'" },
        ],
      },
    ],
    readOnly: "mode == 'update' && form.status != 'PLANNED'",
    details: [
      {
        id: 'criteria',
        title: T('evaSetting.criteria'),
        rowKey: 'seq',
        minRows: 1,
        maxRows: 50,
        visibleRows: 8,
        newRow: { kind: 'QUAL', weight: 10 },
        send: ['seq', 'category', 'name', 'kind', 'weight', 'measure', 'bands'],
        columns: [
          { field: 'seq', type: 'number', width: 60, editable: true, required: true },
          { field: 'category', width: 110, editable: true, required: true, maxLength: 100 },
          { field: 'name', label: f('criterionName'), width: 160, editable: true, required: true, maxLength: 200 },
          { field: 'kind', type: 'code', options: kinds, width: 80, editable: true, required: true },
          { field: 'weight', type: 'number', width: 70, editable: true, required: true, total: 'sum' },
          { field: 'measure', type: 'code', options: measures, width: 130, editable: true },
          { field: 'bands', width: 190, editable: true, maxLength: 500 },
          { field: 'evaluatorNames', width: 150 },
        ],
      },
      {
        // Who scores each qualitative criterion: people chosen with the person popup, the criterion by its seq.
        id: 'evaluatorRows',
        title: T('evaSetting.evaluators'),
        // seq:singleid from the server (one person may score several criteria); added rows have none until saved.
        rowKey: 'key',
        canAdd: false,
        visibleRows: 5,
        maxRows: 500,
        addFrom: { widget: 'person', label: T('evaSetting.addEvaluator'), fill: ['singleid', 'hname', 'deptnm'] },
        send: ['seq', 'singleid'],
        columns: [
          { field: 'seq', label: f('criterionSeq'), type: 'number', width: 90, editable: true, required: true },
          { field: 'criterionName', width: 160 },
          { field: 'singleid', label: f('evaluatorId'), width: 90 },
          { field: 'hname', label: f('evaluatorName'), width: 100 },
          { field: 'deptnm', width: 150 },
        ],
      },
      {
        id: 'grades',
        title: T('evaSetting.grades'),
        rowKey: 'grade',
        canAdd: false,
        canDelete: false,
        minRows: 4,
        maxRows: 4,
        visibleRows: 4,
        // A new period starts from the usual bands (A 90, B 75, C 60 warn, D 0 block); they stay editable.
        initialRows: [
          { grade: 'A', minScore: 90, action: 'NONE' },
          { grade: 'B', minScore: 75, action: 'NONE' },
          { grade: 'C', minScore: 60, action: 'WARN' },
          { grade: 'D', minScore: 0, action: 'BLOCK' },
        ],
        send: ['grade', 'minScore', 'action'],
        columns: [
          { field: 'grade', width: 70 },
          { field: 'minScore', type: 'number', width: 100, editable: true, required: true },
          {
            field: 'action',
            label: f('gradeAction'),
            type: 'code',
            options: actions,
            width: 140,
            editable: true,
            required: true,
          },
        ],
      },
    ],
    actions: [
      { kind: 'delete', operation: 'deleteEvaPeriod', visible: "mode == 'update' && contains(form.actions, 'delete')" },
      {
        kind: 'workflow',
        id: 'open',
        label: T('action.open'),
        operation: 'openEvaPeriod',
        visible: "contains(form.actions, 'open')",
        enabled: '!screen.dirty',
        confirm: T('confirm.open'),
        params: { path: { periodId: 'form.periodId' }, body: { version: 'form.version' } },
      },
      {
        kind: 'workflow',
        id: 'compute',
        label: T('action.compute'),
        operation: 'computeEvaPeriod',
        visible: "contains(form.actions, 'compute')",
        params: { path: { periodId: 'form.periodId' }, body: { version: 'form.version' } },
      },
      {
        kind: 'workflow',
        id: 'close',
        label: T('action.close'),
        operation: 'closeEvaPeriod',
        visible: "contains(form.actions, 'close')",
        confirm: T('confirm.close'),
        params: { path: { periodId: 'form.periodId' }, body: { version: 'form.version' } },
      },
      {
        kind: 'save',
        operation: 'createEvaPeriod',
        updateOperation: 'updateEvaPeriod',
        variant: 'primary',
        visible: "mode == 'create' || contains(form.actions, 'update')",
      },
    ],
  },
});
