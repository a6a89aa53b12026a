import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../http/list-query.js';
import { SupplierCompanyQuery } from '../../http/supplier-view.js';
import { DateStr, Nullable, Version } from '../../domain/schemas.js';

/** TypeBox schemas of the evaluation operations (docs/evaluation.md). Scores travel as decimal strings. */
const Score = Type.String({ maxLength: 10, description: 'Score 0–100 as a decimal string' });
const Grade = Type.Enum(['A', 'B', 'C', 'D']);
const Action = Type.Enum(['NONE', 'WARN', 'BLOCK'], {
  description: 'What the grade does to sourcing: nothing, ask for confirmation, refuse',
});
const Measure = Type.Enum(['ON_TIME', 'QTY_ACCURACY', 'QUALITY', 'PRICE', 'DISPUTE', 'RFQ_RESPONSE']);
const Kind = Type.Enum(['QUANT', 'QUAL'], {
  description: 'Quantitative (computed from transactions) or qualitative (scored 1–5 by evaluators)',
});
const Iso = Type.String({ format: 'date-time' });

export const PeriodIdParams = Type.Object({ periodId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const TaskIdParams = Type.Object({ taskId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const TotalIdParams = Type.Object({ totalId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const ContractNoParams = Type.Object(
  { contractNo: Type.String({ maxLength: 20 }) },
  { additionalProperties: false },
);
export const SurveyIdParams = Type.Object({ surveyId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

// ── Periods and their setup (evaSetting) ───────────────────────────────────────────────
const CriterionView = Type.Object({
  criterionId: Type.Integer(),
  seq: Type.Integer(),
  category: Type.String(),
  name: Type.String(),
  kind: Kind,
  weight: Type.Number(),
  measure: Nullable(Measure),
  bands: Nullable(Type.String({ description: 'Scoring bands "rate:score, …", highest rate first' })),
  evaluators: Nullable(Type.String({ description: 'Evaluators (singleid), comma-separated' })),
  evaluatorNames: Nullable(Type.String()),
});
const GradeView = Type.Object({ grade: Grade, minScore: Type.Number(), action: Action });

export const PeriodRow = Type.Object({
  periodId: Type.Integer(),
  periodName: Type.String(),
  label: Type.String({ description: 'Name with dates and status, for the tree' }),
  startDate: Type.String(),
  endDate: Type.String(),
  dueDate: Type.String(),
  status: Type.Enum(['PLANNED', 'OPEN', 'CLOSED']),
  targetMode: Type.Enum(['ALL', 'SG', 'SPEND', 'LIST']),
  targetSgCode: Nullable(Type.String()),
  targetMinSpend: Nullable(Type.String()),
  targetList: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  openedAt: Nullable(Iso),
  closedAt: Nullable(Iso),
  computedAt: Nullable(Iso),
  weightSum: Type.Number(),
  targetCount: Type.Integer(),
  taskCount: Type.Integer(),
  submittedCount: Type.Integer(),
  finalCount: Type.Integer(),
  publishedCount: Type.Integer(),
  criteria: Type.Array(CriterionView),
  evaluatorRows: Type.Array(
    Type.Object({
      key: Type.String({ description: 'seq:singleid (the row key)' }),
      seq: Type.Integer(),
      criterionName: Type.String(),
      singleid: Type.String(),
      hname: Type.String(),
      deptnm: Type.Union([Type.String(), Type.Null()]),
    }),
    { description: 'Every qualitative criterion’s evaluators, one row each' },
  ),
  grades: Type.Array(GradeView),
  actions: Type.Array(Type.String()),
  version: Type.Integer(),
});

export const PeriodListQuery = Type.Object(
  { status: Type.Optional(Type.Enum(['PLANNED', 'OPEN', 'CLOSED'])), ...PagingQuery },
  { additionalProperties: false },
);

const CriterionInput = Type.Object(
  {
    criterionId: Type.Optional(Nullable(Type.Integer())),
    seq: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000 }))),
    category: Type.String({ maxLength: 100 }),
    name: Type.String({ maxLength: 200 }),
    kind: Kind,
    weight: Type.Number({ minimum: 0, maximum: 100 }),
    measure: Type.Optional(Nullable(Type.Union([Measure, Type.Literal('')]))),
    bands: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    evaluators: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    evaluatorNames: Type.Optional(Nullable(Type.String())),
  },
  { additionalProperties: false },
);
const EvaluatorInput = Type.Object(
  {
    seq: Type.Integer({ minimum: 0, maximum: 1000, description: 'The qualitative criterion’s seq' }),
    singleid: Type.String({ maxLength: 30, description: 'The evaluator (employee)' }),
    hname: Type.Optional(Nullable(Type.String())),
    deptnm: Type.Optional(Nullable(Type.String())),
    criterionName: Type.Optional(Nullable(Type.String())),
  },
  { additionalProperties: false },
);
const GradeInput = Type.Object(
  { grade: Grade, minScore: Type.Number({ minimum: 0, maximum: 100 }), action: Action },
  { additionalProperties: false },
);

const periodFields = {
  periodName: Type.String({ maxLength: 100 }),
  startDate: DateStr(),
  endDate: DateStr(),
  dueDate: DateStr('Evaluators submit by this day'),
  targetMode: Type.Enum(['ALL', 'SG', 'SPEND', 'LIST'], {
    description: 'Every trading supplier, a sourcing group, a minimum spend, or a list',
  }),
  targetSgCode: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  targetMinSpend: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  targetList: Type.Optional(Nullable(Type.String({ maxLength: 2000, description: 'COMP_NOs, comma-separated' }))),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  criteria: Type.Array(CriterionInput, { minItems: 1, maxItems: 50 }),
  /** The evaluators as rows (the screen's person popup): when given, they replace every criterion's `evaluators` text. */
  evaluatorRows: Type.Optional(
    Type.Array(EvaluatorInput, {
      maxItems: 500,
      description:
        'Evaluators per qualitative criterion (by its seq); when given, the criteria’s evaluators texts are not read',
    }),
  ),
  grades: Type.Array(GradeInput, { minItems: 4, maxItems: 4 }),
};
export const PeriodCreateBody = Type.Object(periodFields, { additionalProperties: false });
export const PeriodUpdateBody = Type.Object({ ...periodFields, version: Version }, { additionalProperties: false });
export const VersionOnly = Type.Object({ version: Version }, { additionalProperties: false });

// ── Tasks (evaWorkList / evaWorkEdit) and results (evaWorkResultList / View) ─────────────
export const TaskRow = Type.Object({
  taskId: Type.Integer(),
  periodId: Type.Integer(),
  periodName: Type.String(),
  periodStatus: Type.String(),
  compNo: Type.String(),
  compName: Type.String(),
  evaluatorId: Type.String(),
  evaluatorName: Type.String(),
  status: Type.Enum(['PENDING', 'DRAFT', 'SUBMITTED']),
  dueDate: Type.String(),
  overdue: Type.Boolean(),
  criteriaCount: Type.Integer(),
  scoredCount: Type.Integer(),
  averageScore: Nullable(Type.Number()),
  savedAt: Nullable(Iso),
  submittedAt: Nullable(Iso),
  version: Type.Integer(),
});
const TASK_SORT = [
  'taskId',
  'dueDate',
  'compNo',
  'compName',
  'status',
  'periodName',
  'evaluatorName',
  'submittedAt',
] as const;
export const TaskListQuery = Type.Object(
  {
    periodId: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(Type.Enum(['PENDING', 'DRAFT', 'SUBMITTED'])),
    compNo: Type.Optional(Type.String({ maxLength: 10 })),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    ...PagingQuery,
    sort: SortQuery(TASK_SORT),
  },
  { additionalProperties: false },
);
export const ResultListQuery = Type.Object(
  {
    periodId: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(Type.Enum(['PENDING', 'DRAFT', 'SUBMITTED'])),
    compNo: Type.Optional(Type.String({ maxLength: 10 })),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    evaluatorName: Type.Optional(Type.String({ maxLength: 50 })),
    ...PagingQuery,
    sort: SortQuery(TASK_SORT),
  },
  { additionalProperties: false },
);

const TaskScoreRow = Type.Object({
  criterionId: Type.Integer(),
  seq: Type.Integer(),
  category: Type.String(),
  name: Type.String(),
  kind: Kind,
  weight: Type.Number(),
  measure: Nullable(Measure),
  numerator: Nullable(Type.String()),
  denominator: Nullable(Type.String()),
  rate: Nullable(Type.String({ description: 'Percent' })),
  computedScore: Nullable(Type.String({ description: 'Quantitative: the band score 0–100' })),
  score: Nullable(Type.Integer({ description: 'Qualitative: 1–5' })),
  comment: Nullable(Type.String()),
  mine: Type.Boolean({ description: 'A qualitative criterion this evaluator scores' }),
});
export const TaskDetail = Type.Object({
  ...TaskRow.properties,
  scores: Type.Array(TaskScoreRow),
  actions: Type.Array(Type.String()),
});
export const TaskSaveBody = Type.Object(
  {
    version: Version,
    scores: Type.Array(
      Type.Object(
        {
          criterionId: Type.Integer(),
          score: Nullable(Type.Number({ description: '1–5 (whole numbers)' })),
          comment: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
        },
        { additionalProperties: true, description: 'Other fields of the screen’s rows are ignored' },
      ),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: false },
);

// ── Totals (compEvaTotalList / compEvaTotalEdit) and the supplier's view ──────────────────
export const TotalRow = Type.Object({
  totalId: Type.Integer(),
  periodId: Type.Integer(),
  periodName: Type.String(),
  compNo: Type.String(),
  compName: Type.String(),
  revision: Type.Integer(),
  status: Type.Enum(['DRAFT', 'FINAL', 'SUPERSEDED']),
  computedScore: Score,
  adjustment: Score,
  totalScore: Score,
  grade: Grade,
  gradeAction: Action,
  rankNo: Type.Integer(),
  prevScore: Nullable(Score),
  trend: Nullable(Type.String({ description: 'totalScore − prevScore' })),
  published: Type.Enum(['Y', 'N']),
  finalizedAt: Nullable(Iso),
  publishedAt: Nullable(Iso),
  version: Type.Integer(),
});
const TOTAL_SORT = ['totalScore', 'rankNo', 'compNo', 'compName', 'grade', 'status', 'periodName'] as const;
export const TotalListQuery = Type.Object(
  {
    periodId: Type.Optional(Type.Integer({ minimum: 1 })),
    grade: Type.Optional(Grade),
    status: Type.Optional(Type.Enum(['DRAFT', 'FINAL'])),
    published: Type.Optional(Type.Enum(['Y', 'N'])),
    compNo: Type.Optional(Type.String({ maxLength: 10 })),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    ...PagingQuery,
    sort: SortQuery(TOTAL_SORT),
  },
  { additionalProperties: false },
);
const TotalLine = Type.Object({
  criterionId: Type.Integer(),
  seq: Type.Integer(),
  category: Type.String(),
  name: Type.String(),
  kind: Kind,
  measure: Nullable(Measure),
  weight: Type.String(),
  effectiveWeight: Type.String(),
  numerator: Nullable(Type.String()),
  denominator: Nullable(Type.String()),
  rate: Nullable(Type.String()),
  score: Nullable(Type.String()),
  weighted: Nullable(Type.String()),
  answers: Type.Integer(),
  comments: Nullable(Type.String()),
});
const Revision = Type.Object({
  totalId: Type.Integer(),
  revision: Type.Integer(),
  status: Type.String(),
  totalScore: Score,
  grade: Grade,
  correctionReason: Nullable(Type.String()),
  finalizedAt: Nullable(Iso),
  publishedAt: Nullable(Iso),
});
export const TotalDetail = Type.Object({
  ...TotalRow.properties,
  adjustReason: Nullable(Type.String()),
  correctionReason: Nullable(Type.String()),
  finalizedBy: Nullable(Type.String()),
  publishedBy: Nullable(Type.String()),
  periodStatus: Type.String(),
  lines: Type.Array(TotalLine),
  revisions: Type.Array(Revision),
  trendRows: Type.Array(Type.Object({ periodName: Type.String(), totalScore: Score, grade: Grade })),
  actions: Type.Array(Type.String()),
});
export const AdjustBody = Type.Object(
  {
    version: Version,
    adjustment: Type.Number({
      minimum: -100,
      maximum: 100,
      description: 'Points added to the computed score (−100 … 100)',
    }),
    reason: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);
export const CorrectBody = Type.Object(
  {
    version: Version,
    reason: Type.String({ maxLength: 500, description: 'Why the finalized result is corrected (required)' }),
  },
  { additionalProperties: false },
);

export const MyTotalRow = Type.Object({
  totalId: Type.Integer(),
  compNo: Type.String({ description: 'The supplier (staff read across suppliers)' }),
  compName: Type.String(),
  periodName: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  revision: Type.Integer(),
  totalScore: Score,
  grade: Grade,
  prevScore: Nullable(Score),
  trend: Nullable(Type.String()),
  publishedAt: Iso,
});
export const MyTotalListQuery = Type.Object(
  { ...SupplierCompanyQuery, ...PagingQuery, sort: SortQuery(['endDate', 'totalScore', 'grade'] as const) },
  { additionalProperties: false },
);
export const MyTotalDetail = Type.Object({
  ...MyTotalRow.properties,
  compNo: Type.String(),
  compName: Type.String(),
  adjustment: Score,
  adjustReason: Nullable(Type.String()),
  correctionReason: Nullable(Type.String()),
  lines: Type.Array(TotalLine),
});

// ── Purchase-contract suppliers (purContCompMngList / Detail) ──────────────────────────
export const ContractRow = Type.Object({
  contractNo: Type.String(),
  compNo: Type.String(),
  compName: Type.String(),
  contractYear: Type.Integer(),
  title: Type.String(),
  sgCode: Nullable(Type.String()),
  sgName: Nullable(Type.String()),
  startDate: Type.String(),
  endDate: Type.String(),
  paymentTerms: Type.String(),
  deliveryTerms: Nullable(Type.String()),
  amountLimit: Nullable(Type.String()),
  status: Type.Enum(['ACTIVE', 'TERMINATED']),
  remark: Nullable(Type.String()),
  grade: Nullable(Grade),
  gradeAction: Nullable(Action),
  gradePeriod: Nullable(Type.String()),
  gradeScore: Nullable(Score),
  openTasks: Type.Integer({ description: 'Unsubmitted evaluation tasks of open periods' }),
  version: Type.Integer(),
});
export const ContractListQuery = Type.Object(
  {
    contractYear: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
    status: Type.Optional(Type.Enum(['ACTIVE', 'TERMINATED'])),
    compNo: Type.Optional(Type.String({ maxLength: 10 })),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    grade: Type.Optional(Grade),
    ...PagingQuery,
    sort: SortQuery(['contractNo', 'compNo', 'compName', 'contractYear', 'endDate', 'grade'] as const),
  },
  { additionalProperties: false },
);
const contractFields = {
  compNo: Type.String({ maxLength: 10 }),
  contractYear: Type.Integer({ minimum: 2000, maximum: 2100 }),
  title: Type.String({ maxLength: 200 }),
  sgCode: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  startDate: DateStr(),
  endDate: DateStr(),
  paymentTerms: Type.String({ maxLength: 200 }),
  deliveryTerms: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  amountLimit: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  status: Type.Optional(Type.Enum(['ACTIVE', 'TERMINATED'])),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
};
export const ContractCreateBody = Type.Object(contractFields, { additionalProperties: false });
export const ContractUpdateBody = Type.Object({ ...contractFields, version: Version }, { additionalProperties: false });
export const ContractDetail = Type.Object({
  ...ContractRow.properties,
  history: Type.Array(
    Type.Object({
      periodName: Type.String(),
      totalScore: Score,
      grade: Grade,
      status: Type.String(),
      published: Type.Enum(['Y', 'N']),
    }),
  ),
});

// ── Transaction-satisfaction surveys (transSatisMngList / Detail, supplier answers) ─────
export const SurveyRow = Type.Object({
  surveyId: Type.Integer(),
  title: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  status: Type.Enum(['DRAFT', 'OPEN', 'CLOSED']),
  questionCount: Type.Integer(),
  invited: Type.Integer(),
  answered: Type.Integer(),
  averageScore: Nullable(Type.Number()),
  version: Type.Integer(),
});
export const SurveyListQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum(['DRAFT', 'OPEN', 'CLOSED'])),
    title: Type.Optional(Type.String({ maxLength: 100 })),
    ...PagingQuery,
    sort: SortQuery(['surveyId', 'startDate', 'title'] as const),
  },
  { additionalProperties: false },
);
const QuestionView = Type.Object({
  qNo: Type.Integer(),
  text: Type.String(),
  averageScore: Nullable(Type.Number()),
  answers: Type.Integer(),
});
const ResponseView = Type.Object({
  compNo: Type.String(),
  compName: Type.String(),
  status: Type.Enum(['REQUESTED', 'SUBMITTED']),
  averageScore: Nullable(Type.Number()),
  comment: Nullable(Type.String()),
  submittedAt: Nullable(Iso),
  submittedBy: Nullable(Type.String()),
});
export const SurveyDetail = Type.Object({
  ...SurveyRow.properties,
  questions: Type.Array(QuestionView),
  responses: Type.Array(ResponseView),
  suppliers: Type.String(),
  actions: Type.Array(Type.String()),
});
const surveyFields = {
  title: Type.String({ maxLength: 200 }),
  startDate: DateStr(),
  endDate: DateStr(),
  questions: Type.Array(
    Type.Object(
      { qNo: Type.Optional(Nullable(Type.Integer())), text: Type.String({ maxLength: 500 }) },
      { additionalProperties: true },
    ),
    { minItems: 1, maxItems: 30 },
  ),
  suppliers: Type.String({ maxLength: 4000, description: 'COMP_NOs asked to answer, comma-separated' }),
};
export const SurveyCreateBody = Type.Object(surveyFields, { additionalProperties: false });
export const SurveyUpdateBody = Type.Object({ ...surveyFields, version: Version }, { additionalProperties: false });

export const MySurveyRow = Type.Object({
  surveyId: Type.Integer(),
  compNo: Type.String({ description: 'The supplier asked (staff read across suppliers)' }),
  compName: Type.String(),
  title: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  surveyStatus: Type.String(),
  status: Type.Enum(['REQUESTED', 'SUBMITTED']),
  submittedAt: Nullable(Iso),
  version: Type.Integer(),
});
export const MySurveyListQuery = Type.Object(
  { ...SupplierCompanyQuery, ...PagingQuery, sort: SortQuery(['surveyId', 'endDate'] as const) },
  { additionalProperties: false },
);
/** Staff reading one supplier's answers name the supplier (suppliers: ignored). */
export const MySurveyReadQuery = Type.Object({ ...SupplierCompanyQuery }, { additionalProperties: false });
export const MySurveyDetail = Type.Object({
  ...MySurveyRow.properties,
  comment: Nullable(Type.String()),
  answers: Type.Array(Type.Object({ qNo: Type.Integer(), text: Type.String(), score: Nullable(Type.Integer()) })),
  actions: Type.Array(Type.String()),
});
export const MySurveyAnswerBody = Type.Object(
  {
    version: Version,
    comment: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    answers: Type.Array(
      Type.Object({ qNo: Type.Integer(), score: Nullable(Type.Number()) }, { additionalProperties: true }),
      { minItems: 1, maxItems: 30 },
    ),
  },
  { additionalProperties: false },
);
