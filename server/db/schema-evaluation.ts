import type { ColumnType, Generated } from 'kysely';

/** Supplier evaluation (migration 0050-evaluation, docs/evaluation.md). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateStr = ColumnType<string, string, string>;
type Decimal = ColumnType<string, string | number, string | number>;
type Json<T> = ColumnType<T, string, string>;

export type EvaPeriodStatus = 'PLANNED' | 'OPEN' | 'CLOSED';
export type EvaTargetMode = 'ALL' | 'SG' | 'SPEND' | 'LIST';
export type EvaKind = 'QUANT' | 'QUAL';
export type EvaMeasure = 'ON_TIME' | 'QTY_ACCURACY' | 'QUALITY' | 'PRICE' | 'DISPUTE' | 'RFQ_RESPONSE';
export type EvaGrade = 'A' | 'B' | 'C' | 'D';
export type EvaAction = 'NONE' | 'WARN' | 'BLOCK';
export type EvaTaskStatus = 'PENDING' | 'DRAFT' | 'SUBMITTED';
export type EvaTotalStatus = 'DRAFT' | 'FINAL' | 'SUPERSEDED';
/** A scoring band: a rate (percent) at or above `min` scores `score` (0–100). */
export interface EvaBand {
  min: number;
  score: number;
}

export interface EvaPeriodTable {
  periodId: Generated<number>;
  periodName: string;
  startDate: DateStr;
  endDate: DateStr;
  dueDate: DateStr;
  status: EvaPeriodStatus;
  targetMode: Generated<EvaTargetMode>;
  targetSgCode: string | null;
  targetMinSpend: Decimal | null;
  targetList: string | null;
  remark: string | null;
  openedAt: Timestamp | null;
  closedAt: Timestamp | null;
  computedAt: Timestamp | null;
  createdBy: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface EvaCriterionTable {
  criterionId: Generated<number>;
  periodId: number;
  seq: number;
  category: string;
  name: string;
  kind: EvaKind;
  weight: Decimal;
  measure: EvaMeasure | null;
  bands: Json<EvaBand[]> | null;
}

export interface EvaCriterionEvaluatorTable {
  criterionId: number;
  evaluatorId: string;
}

export interface EvaGradeTable {
  periodId: number;
  grade: EvaGrade;
  minScore: Decimal;
  action: EvaAction;
}

export interface EvaTargetTable {
  periodId: number;
  compNo: string;
  spendKrw: ColumnType<string, string | number | undefined, string | number>;
}

export interface EvaTaskTable {
  taskId: Generated<number>;
  periodId: number;
  compNo: string;
  evaluatorId: string;
  status: EvaTaskStatus;
  savedAt: Timestamp | null;
  submittedAt: Timestamp | null;
  version: Generated<number>;
}

export interface EvaScoreTable {
  taskId: number;
  criterionId: number;
  score: number;
  comment: string | null;
}

export interface EvaMeasureTable {
  periodId: number;
  compNo: string;
  criterionId: number;
  numerator: Decimal;
  denominator: Decimal;
  rate: Decimal | null;
  score: Decimal | null;
  computedAt: GeneratedTimestamp;
}

export interface EvaTotalTable {
  totalId: Generated<number>;
  periodId: number;
  compNo: string;
  revision: Generated<number>;
  status: EvaTotalStatus;
  computedScore: Decimal;
  adjustment: ColumnType<string, string | number | undefined, string | number>;
  adjustReason: string | null;
  totalScore: Decimal;
  grade: EvaGrade;
  gradeAction: EvaAction;
  rankNo: number | null;
  prevScore: Decimal | null;
  correctionReason: string | null;
  finalizedAt: Timestamp | null;
  finalizedBy: string | null;
  publishedAt: Timestamp | null;
  publishedBy: string | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface EvaTotalLineTable {
  totalId: number;
  compNo: string;
  criterionId: number;
  seq: number;
  category: string;
  name: string;
  kind: EvaKind;
  measure: EvaMeasure | null;
  weight: Decimal;
  effectiveWeight: Decimal;
  numerator: Decimal | null;
  denominator: Decimal | null;
  rate: Decimal | null;
  score: Decimal | null;
  weighted: Decimal | null;
  answers: Generated<number>;
  comments: string | null;
}

export interface EvaWarnConfirmTable {
  confirmId: Generated<number>;
  compNo: string;
  periodId: number;
  totalId: number;
  grade: EvaGrade;
  docType: 'RFQ' | 'PO' | 'SIMPLE';
  docNo: string;
  confirmedBy: string;
  confirmedAt: GeneratedTimestamp;
}

export interface PurContractTable {
  contractNo: string;
  compNo: string;
  contractYear: number;
  title: string;
  sgCode: string | null;
  startDate: DateStr;
  endDate: DateStr;
  paymentTerms: string;
  deliveryTerms: string | null;
  amountLimit: Decimal | null;
  status: 'ACTIVE' | 'TERMINATED';
  remark: string | null;
  createdBy: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface SatSurveyTable {
  surveyId: Generated<number>;
  title: string;
  startDate: DateStr;
  endDate: DateStr;
  status: 'DRAFT' | 'OPEN' | 'CLOSED';
  createdBy: string;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
  version: Generated<number>;
}

export interface SatQuestionTable {
  surveyId: number;
  qNo: number;
  text: string;
}

export interface SatResponseTable {
  surveyId: number;
  compNo: string;
  status: 'REQUESTED' | 'SUBMITTED';
  comment: string | null;
  submittedAt: Timestamp | null;
  submittedBy: string | null;
  version: Generated<number>;
}

export interface SatAnswerTable {
  surveyId: number;
  compNo: string;
  qNo: number;
  score: number;
}

export interface EvaluationTables {
  evaPeriod: EvaPeriodTable;
  evaCriterion: EvaCriterionTable;
  evaCriterionEvaluator: EvaCriterionEvaluatorTable;
  evaGrade: EvaGradeTable;
  evaTarget: EvaTargetTable;
  evaTask: EvaTaskTable;
  evaScore: EvaScoreTable;
  evaMeasure: EvaMeasureTable;
  evaTotal: EvaTotalTable;
  evaTotalLine: EvaTotalLineTable;
  evaWarnConfirm: EvaWarnConfirmTable;
  purContract: PurContractTable;
  satSurvey: SatSurveyTable;
  satQuestion: SatQuestionTable;
  satResponse: SatResponseTable;
  satAnswer: SatAnswerTable;
}
