import { defineEditScreen } from '../../engine/define';
import { T, f, actions, kinds, totalStatus } from './labels';

/**
 * /compEvaTotalEdit — one supplier's total (종합평가 상세), explained line by line: each criterion's
 * figures, band or 1–5 score, its weight (scaled when a criterion has no data) and weighted points;
 * the revisions and the trend across periods. 조정 (with a reason) on a draft, 확정 (immutable), 공개
 * to the supplier, 정정 (a new revision with a reason).
 */
export default defineEditScreen({
  id: 'evaluation.compEvaTotalEdit',
  route: '/compEvaTotalEdit',
  menu: '/compEvaTotalList',
  title: T('compEvaTotalEdit.title'),
  labels: 'screen.evaluation.f',
  key: ['totalId'],
  load: { operation: 'getEvaTotal', params: { path: { totalId: 'query.totalId' } } },
  readOnly: true,
  confirmLeave: false,
  sections: [
    {
      columns: 4,
      fields: [
        { field: 'periodName', label: f('period'), readOnly: true, span: 2 },
        { field: 'compName', readOnly: true },
        { field: 'compNo', readOnly: true },
        { field: 'computedScore', readOnly: true },
        { field: 'adjustment', readOnly: true },
        { field: 'totalScore', readOnly: true },
        { field: 'grade', readOnly: true },
        { field: 'gradeAction', widget: 'select', options: actions, readOnly: true },
        { field: 'rankNo', readOnly: true },
        { field: 'prevScore', readOnly: true },
        { field: 'trend', readOnly: true },
        { field: 'status', label: f('totalStatus'), widget: 'select', options: totalStatus, readOnly: true },
        { field: 'revision', readOnly: true },
        { field: 'finalizedAt', widget: 'datetime', readOnly: true },
        { field: 'publishedAt', widget: 'datetime', readOnly: true },
        { field: 'adjustReason', readOnly: true, span: 2, visible: '!empty(form.adjustReason)' },
        { field: 'correctionReason', readOnly: true, span: 2, visible: '!empty(form.correctionReason)' },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      title: T('compEvaTotalEdit.lines'),
      rowKey: 'criterionId',
      canAdd: false,
      canDelete: false,
      visibleRows: 9,
      columns: [
        { field: 'category', width: 90 },
        { field: 'name', label: f('criterionName'), width: 150 },
        { field: 'kind', type: 'code', options: kinds, width: 70 },
        { field: 'numerator', type: 'number', width: 90 },
        { field: 'denominator', type: 'number', width: 90 },
        { field: 'rate', type: 'number', width: 70 },
        { field: 'answers', type: 'number', width: 60 },
        { field: 'score', type: 'number', width: 70 },
        { field: 'weight', type: 'number', width: 60 },
        { field: 'effectiveWeight', type: 'number', width: 80 },
        { field: 'weighted', type: 'number', width: 80, total: 'sum' },
        { field: 'comments', width: 220 },
      ],
    },
    {
      id: 'revisions',
      title: T('compEvaTotalEdit.revisions'),
      rowKey: 'totalId',
      canAdd: false,
      canDelete: false,
      visibleRows: 3,
      columns: [
        {
          field: 'revision',
          type: 'number',
          width: 60,
          link: { screen: 'evaluation.compEvaTotalEdit', query: { totalId: 'row.totalId' } },
        },
        { field: 'status', label: f('totalStatus'), type: 'code', options: totalStatus, width: 80 },
        { field: 'totalScore', type: 'number', width: 80 },
        { field: 'grade', width: 60 },
        { field: 'correctionReason', width: 240 },
        { field: 'finalizedAt', type: 'datetime', width: 130 },
        { field: 'publishedAt', type: 'datetime', width: 130 },
      ],
    },
    {
      id: 'trendRows',
      title: T('compEvaTotalEdit.trend'),
      rowKey: 'periodName',
      canAdd: false,
      canDelete: false,
      visibleRows: 4,
      columns: [
        { field: 'periodName', label: f('period'), width: 200 },
        { field: 'totalScore', type: 'number', width: 90 },
        { field: 'grade', width: 60 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'workflow',
      id: 'adjust',
      label: T('action.adjust'),
      operation: 'adjustEvaTotal',
      visible: "contains(form.actions, 'adjust')",
      prompt: {
        fields: [
          { field: 'adjustment', widget: 'number', required: true },
          { field: 'reason', label: f('adjustReason'), widget: 'textarea', rows: 3, required: true, maxLength: 500 },
        ],
      },
      params: {
        path: { totalId: 'form.totalId' },
        body: { version: 'form.version', adjustment: 'input.adjustment', reason: 'input.reason' },
      },
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'finalize',
      label: T('action.finalize'),
      variant: 'primary',
      operation: 'finalizeEvaTotal',
      visible: "contains(form.actions, 'finalize')",
      confirm: T('confirm.finalize'),
      params: { path: { totalId: 'form.totalId' }, body: { version: 'form.version' } },
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'publish',
      label: T('action.publish'),
      variant: 'primary',
      operation: 'publishEvaTotal',
      visible: "contains(form.actions, 'publish')",
      confirm: T('confirm.publish'),
      params: { path: { totalId: 'form.totalId' }, body: { version: 'form.version' } },
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'correct',
      label: T('action.correct'),
      operation: 'correctEvaTotal',
      visible: "contains(form.actions, 'correct')",
      prompt: {
        fields: [
          {
            field: 'reason',
            label: f('correctionReason'),
            widget: 'textarea',
            rows: 3,
            required: true,
            maxLength: 500,
          },
        ],
      },
      params: { path: { totalId: 'form.totalId' }, body: { version: 'form.version', reason: 'input.reason' } },
      then: ['reloadRecord'],
    },
  ],
});
