/**
 * A document's 납품대금 연동 answer (상생협력법 §21; docs/subcontracting.md "납품대금 연동") as a body gives it — an
 * agreement's or an e-contract's, the same fields and the same rules: the row to store and each field's error (paths
 * body/linkage…, the body's names), checked with the pure rules of linkage.ts against the document's own amount and
 * period; and whether a document of a 하도급 kind may go on (submitted) with the answer it holds.
 */
import { checkDate } from './dates.js';
import type { FieldError } from './errors.js';
import { clauseErrors, noLinkageErrors } from './linkage.js';
import type { LinkageAnswerBody } from './linkage-schemas.js';
import { decimalProblem, text, type DecimalRule } from './values.js';

const SHARE: DecimalRule = { label: '주요 원재료 비중', scale: 3, intDigits: 3, sign: 'positive' };
const TRIGGER: DecimalRule = { label: '조정요건(변동률)', scale: 2, intDigits: 3, sign: 'positive' };
const BASE_VALUE: DecimalRule = { label: '기준시점 지표값', scale: 4, intDigits: 14, sign: 'positive' };
const COMPARE_BASES = ['DAY', 'MONTH_AVG'];

type ExceptionType = 'SMALL_AMOUNT' | 'SHORT_TERM' | 'SMALL_ENTRUSTER' | 'AGREED_NONE';
type CompareBasis = 'DAY' | 'MONTH_AVG';

/**
 * What the 소액 and 단기 exceptions are checked against: the amount the document commits to in won and its period in
 * days, both ends counted — null when the document does not fix it, and then the exception is refused with the
 * document's own words (`unfixed`).
 */
export interface LinkageFacts {
  amountKrw: string | null;
  periodDays: number | null;
  unfixed: { amount: string; period: string };
}

/** The row a document stores: every column, the other kind's null. */
export interface LinkageRow {
  kind: 'LINKED' | 'NOT_LINKED';
  material: string | null;
  sharePct: string | null;
  indexCode: string | null;
  baseDate: string | null;
  baseValue: string | null;
  compareBasis: CompareBasis | null;
  comparePeriodMonths: number | null;
  triggerPct: string | null;
  formulaNote: string | null;
  exceptionType: ExceptionType | null;
  reason: string | null;
}

const EMPTY: Omit<LinkageRow, 'kind'> = {
  material: null,
  sharePct: null,
  indexCode: null,
  baseDate: null,
  baseValue: null,
  compareBasis: null,
  comparePeriodMonths: null,
  triggerPct: null,
  formulaNote: null,
  exceptionType: null,
  reason: null,
};

/** The pure rules' paths (linkage/sharePct) as the body's (body/linkageSharePct): the screen's field names. */
const onBody = (errors: readonly FieldError[]): FieldError[] =>
  errors.map((e) => ({
    ...e,
    path: e.path.replace(/^linkage\/(\w)/, (_, c: string) => `body/linkage${c.toUpperCase()}`),
  }));

function scaleError(errors: FieldError[], path: string, value: string, rule: DecimalRule) {
  if (errors.some((e) => e.path === path)) return;
  const problem = decimalProblem(value, rule);
  if (problem) errors.push({ path, message: problem });
}

/**
 * A 미연동 exception against the document's facts, at `at` (the pure rules' own paths under it): an exception the
 * document's facts cannot show is refused alone, with the document's words.
 */
function exceptionErrors(n: { exceptionType: string; reason: string }, facts: LinkageFacts, at: string): FieldError[] {
  if (n.exceptionType === 'SMALL_AMOUNT' && facts.amountKrw === null)
    return [{ path: `${at}/exceptionType`, message: facts.unfixed.amount }];
  if (n.exceptionType === 'SHORT_TERM' && facts.periodDays === null)
    return [{ path: `${at}/exceptionType`, message: facts.unfixed.period }];
  return noLinkageErrors(n, { amountKrw: facts.amountKrw ?? '0', periodDays: facts.periodDays ?? 0 }, at);
}

/**
 * The row to store for the answer `b`, and the field errors. `indexInUse` says whether a 기준 지표 may be named (its
 * table is the linkage index's, read by the caller's module).
 */
export async function checkLinkageAnswer(
  b: LinkageAnswerBody,
  facts: LinkageFacts,
  indexInUse: (indexCode: string) => Promise<boolean>,
): Promise<{ errors: FieldError[]; row: LinkageRow }> {
  const errors: FieldError[] = [];
  if (b.linkageKind === 'NOT_LINKED') {
    const n = { exceptionType: text(b.linkageExceptionType) ?? '', reason: text(b.linkageReason) ?? '' };
    errors.push(...onBody(exceptionErrors(n, facts, 'linkage')));
    return {
      errors,
      row: { ...EMPTY, kind: 'NOT_LINKED', exceptionType: n.exceptionType as ExceptionType, reason: n.reason },
    };
  }
  const c = {
    material: text(b.linkageMaterial) ?? '',
    sharePct: text(b.linkageSharePct) ?? '',
    indexCode: (text(b.linkageIndexCode) ?? '').toUpperCase(),
    triggerPct: text(b.linkageTriggerPct) ?? '',
  };
  errors.push(...onBody(clauseErrors(c)));
  scaleError(errors, 'body/linkageSharePct', c.sharePct, SHARE);
  scaleError(errors, 'body/linkageTriggerPct', c.triggerPct, TRIGGER);
  if (c.indexCode && !(await indexInUse(c.indexCode)))
    errors.push({ path: 'body/linkageIndexCode', message: `사용 중인 기준 지표가 아닙니다: ${c.indexCode}` });
  const baseDate = checkDate(errors, 'body/linkageBaseDate', b.linkageBaseDate, '기준시점', { required: true });
  const baseValue = text(b.linkageBaseValue) ?? '';
  scaleError(errors, 'body/linkageBaseValue', baseValue, BASE_VALUE);
  const compareBasis = text(b.linkageCompareBasis) ?? '';
  if (!COMPARE_BASES.includes(compareBasis))
    errors.push({ path: 'body/linkageCompareBasis', message: '비교시점 지표값의 산정 방법을 선택하세요' });
  const months = b.linkageComparePeriodMonths ?? null;
  if (months === null || months < 1 || months > 12)
    errors.push({ path: 'body/linkageComparePeriodMonths', message: '조정주기는 1개월에서 12개월 사이로 입력하세요' });
  return {
    errors,
    row: {
      ...EMPTY,
      kind: 'LINKED',
      material: c.material,
      sharePct: c.sharePct,
      indexCode: c.indexCode,
      baseDate,
      baseValue,
      compareBasis: compareBasis as CompareBasis,
      comparePeriodMonths: months,
      triggerPct: c.triggerPct,
      formulaNote: text(b.linkageFormulaNote),
    },
  };
}

/**
 * Why a document of a 하도급 kind may not go on as it stands: no answer (`missing`, the document's own words), or a
 * 미연동 exception its amount or period no longer allows (it changed after the answer). A clause was checked when
 * it was stored. The refusal is the document's, not a field's (path `body`). Empty: it may go.
 */
export function linkageGateErrors(
  answer: { kind: string; exceptionType: string | null; reason: string | null } | undefined,
  facts: LinkageFacts,
  missing: string,
): FieldError[] {
  if (!answer) return [{ path: 'body', message: missing }];
  if (answer.kind !== 'NOT_LINKED') return [];
  const n = { exceptionType: answer.exceptionType ?? '', reason: answer.reason ?? '' };
  return exceptionErrors(n, facts, 'body').map((e) => ({ ...e, path: 'body' }));
}

/** A stored answer (with its index's name and unit) as the flat `linkage…` fields of a GET; none: all null. */
export function linkageView(
  k:
    | (Omit<LinkageRow, 'kind'> & {
        kind: string;
        indexName: string | null;
        indexUnit: string | null;
      })
    | undefined,
) {
  return {
    linkageKind: k?.kind ?? null,
    linkageMaterial: k?.material ?? null,
    linkageSharePct: k?.sharePct ?? null,
    linkageIndexCode: k?.indexCode ?? null,
    linkageIndexName: k?.indexName ?? null,
    linkageIndexUnit: k?.indexUnit ?? null,
    linkageBaseDate: k?.baseDate ?? null,
    linkageBaseValue: k?.baseValue ?? null,
    linkageCompareBasis: k?.compareBasis ?? null,
    linkageComparePeriodMonths: k?.comparePeriodMonths ?? null,
    linkageTriggerPct: k?.triggerPct ?? null,
    linkageFormulaNote: k?.formulaNote ?? null,
    linkageExceptionType: k?.exceptionType ?? null,
    linkageReason: k?.reason ?? null,
  };
}
