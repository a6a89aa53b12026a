/**
 * The evaluation screens' shared texts and code lists (keys in screens/evaluation/i18n), and the
 * parts two or more of their definitions show alike.
 */
import type { ColumnDef, SectionDef } from '../../engine/definition/types';

const options = (values: readonly string[], group: string) =>
  values.map((value) => ({ value, text: `screen.evaluation.${group}.${value}` }));

export const f = (name: string) => `screen.evaluation.f.${name}`;
export const T = (name: string) => `screen.evaluation.${name}`;

export const kinds = options(['QUANT', 'QUAL'], 'kind');
export const taskStatus = options(['PENDING', 'DRAFT', 'SUBMITTED'], 'taskStatus');
export const actions = options(['NONE', 'WARN', 'BLOCK'], 'action');
export const totalStatus = options(['DRAFT', 'FINAL', 'SUPERSEDED'], 'totalStatus');
export const surveyStatus = options(['DRAFT', 'OPEN', 'CLOSED'], 'surveyStatus');
export const respStatus = options(['REQUESTED', 'SUBMITTED'], 'responseStatus');
export const measures = options(['ON_TIME', 'QTY_ACCURACY', 'QUALITY', 'PRICE', 'DISPUTE', 'RFQ_RESPONSE'], 'measure');
export const contractStatus = options(['ACTIVE', 'TERMINATED'], 'contractStatus');
export const grades = ['A', 'B', 'C', 'D'].map((value) => ({ value, text: value }));

/** One evaluation task's header: period, state, due date, supplier, evaluator (evaWorkEdit, evaWorkResultView). */
export const taskSection: SectionDef = {
  columns: 4,
  fields: [
    { field: 'periodName', label: f('period'), readOnly: true, span: 2 },
    { field: 'status', label: f('taskStatus'), widget: 'select', options: taskStatus, readOnly: true },
    { field: 'dueDate', label: f('dueDate'), readOnly: true },
    { field: 'compName', label: f('compName'), readOnly: true },
    { field: 'compNo', label: f('compNo'), readOnly: true },
    { field: 'evaluatorName', label: f('evaluatorName'), readOnly: true },
    { field: 'submittedAt', label: f('submittedAt'), widget: 'datetime', readOnly: true },
  ],
};

/** One task's scores with the quantitative figures behind them; `editable` (an expression) opens score and comment. */
export function scoreColumns(editable?: string): ColumnDef[] {
  return [
    { field: 'category', label: f('category'), width: 90 },
    { field: 'name', label: f('criterionName'), width: 150 },
    { field: 'kind', label: f('kind'), type: 'code', options: kinds, width: 70 },
    { field: 'weight', label: f('weight'), type: 'number', width: 60 },
    { field: 'measure', label: f('measure'), type: 'code', options: measures, width: 120 },
    { field: 'numerator', label: f('numerator'), type: 'number', width: 80 },
    { field: 'denominator', label: f('denominator'), type: 'number', width: 80 },
    { field: 'rate', label: f('rate'), type: 'number', width: 70 },
    { field: 'computedScore', label: f('computedScore'), type: 'number', width: 70 },
    { field: 'score', label: f('score15'), type: 'number', width: 70, ...(editable ? { editable } : {}) },
    { field: 'comment', label: f('comment'), width: 220, ...(editable ? { editable } : {}), maxLength: 1000 },
  ];
}
