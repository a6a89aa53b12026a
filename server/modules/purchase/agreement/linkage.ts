/**
 * An agreement's 납품대금 연동 answer (상생협력법 §21; docs/subcontracting.md "납품대금 연동"): the clause or the 미연동
 * agreement checked against the pure rules (server/domain/linkage.ts) and the agreement's own amount and period,
 * and whether a 하도급 agreement may be submitted without one. The agreement's command that stores it is
 * setAgreementLinkage (service.ts); this file holds what it and submitAgreement share.
 */
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { checkDate } from '../../../domain/dates.js';
import type { FieldError } from '../../../domain/errors.js';
import { clauseErrors, noLinkageErrors } from '../../../domain/linkage.js';
import { jpyRate, lineAmount, toKrw, totalOf, type Currency } from '../../../domain/money.js';
import { subconKindOf, SUBCON_KIND_LABELS } from '../../../domain/subcontracting.js';
import { decimalProblem, text, type DecimalRule } from '../../../domain/values.js';
import { findSubconRules } from '../po/queries-subcon.js';
import { findAgreementLinkage, findLinkageIndex } from './queries-linkage.js';
import type { LinkageBody } from './schemas.js';

const SHARE: DecimalRule = { label: '주요 원재료 비중', scale: 3, intDigits: 3, sign: 'positive' };
const TRIGGER: DecimalRule = { label: '조정요건(변동률)', scale: 2, intDigits: 3, sign: 'positive' };
const BASE_VALUE: DecimalRule = { label: '기준시점 지표값', scale: 4, intDigits: 14, sign: 'positive' };
const COMPARE_BASES = ['DAY', 'MONTH_AVG'];

/** The stored codes (checked before a row is written: failIf on the errors answered with it). */
type Stored = Database['agreementLinkage'];
type ExceptionType = NonNullable<Stored['exceptionType']>;
type CompareBasis = NonNullable<Stored['compareBasis']>;

interface AgreementHead {
  agreementNo: string;
  compNo: string;
  currency: string;
  validFrom: string;
  validTo: string;
  ceilingAmount: string | null;
}
interface AgreementLineHead {
  sgCode: string | null;
  unitPrice: string;
  agreedQty: string | null;
}

/**
 * The 하도급 kind an agreement would give its call-offs by today's rules (`subcon_rule`, as an order of type PO:
 * a call-off is one), or null.
 */
export async function agreementSubconKind(db: Db, a: AgreementHead, lines: readonly AgreementLineHead[]) {
  const order = { poType: 'PO', compNo: a.compNo, sgCodes: lines.map((l) => l.sgCode) };
  return subconKindOf(await findSubconRules(db, order), order);
}

/**
 * What the 소액 and 단기 exceptions are checked against: the amount the agreement commits to in won (its ceiling,
 * else the agreed quantities at the agreed prices; null when neither fixes it — a price-only line without a
 * ceiling) and its period in days, both ends counted.
 */
async function agreementFacts(db: Db, a: AgreementHead, lines: readonly AgreementLineHead[]) {
  const fixed = a.ceilingAmount !== null || lines.every((l) => l.agreedQty !== null);
  const currency = a.currency as Currency;
  const amount =
    a.ceilingAmount ?? totalOf(lines.map((l) => (l.agreedQty ? lineAmount(l.agreedQty, l.unitPrice, currency) : '0')));
  const rate = fixed && currency === 'JPY' ? await jpyRate(db) : null;
  const periodDays = Math.round((Date.parse(a.validTo) - Date.parse(a.validFrom)) / 86_400_000) + 1;
  return { amountKrw: fixed ? toKrw(amount, currency, rate) : null, periodDays };
}

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

const SMALL_AMOUNT_UNFIXED = '소액 예외는 한도금액 또는 계약 수량으로 납품대금이 정해진 단가계약에만 적용됩니다';

/** The row to store for the answer `b`, and the field errors (paths body/linkage…, the body's names). */
export async function checkLinkage(
  db: Db,
  a: AgreementHead,
  lines: readonly AgreementLineHead[],
  b: Static<typeof LinkageBody>,
) {
  const errors: FieldError[] = [];
  if (b.linkageKind === 'NOT_LINKED') {
    const n = { exceptionType: text(b.linkageExceptionType) ?? '', reason: text(b.linkageReason) ?? '' };
    const facts = await agreementFacts(db, a, lines);
    if (n.exceptionType === 'SMALL_AMOUNT' && facts.amountKrw === null)
      errors.push({ path: 'body/linkageExceptionType', message: SMALL_AMOUNT_UNFIXED });
    else
      errors.push(...onBody(noLinkageErrors(n, { amountKrw: facts.amountKrw ?? '0', periodDays: facts.periodDays })));
    return {
      errors,
      row: { kind: 'NOT_LINKED' as const, exceptionType: n.exceptionType as ExceptionType, reason: n.reason },
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
  if (c.indexCode) {
    const index = await findLinkageIndex(db, c.indexCode);
    if (!index || index.useYn !== 'Y')
      errors.push({ path: 'body/linkageIndexCode', message: `사용 중인 기준 지표가 아닙니다: ${c.indexCode}` });
  }
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
      kind: 'LINKED' as const,
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
 * Why a 하도급 agreement may not be submitted as it stands: no answer, or a 미연동 exception its amount or period
 * no longer allows (its lines changed after the answer). A clause was checked when it was stored. Empty: it may go.
 */
export async function linkageSubmitErrors(
  db: Db,
  a: AgreementHead,
  lines: readonly AgreementLineHead[],
): Promise<FieldError[]> {
  const kind = await agreementSubconKind(db, a, lines);
  if (kind === null) return [];
  const answer = await findAgreementLinkage(db, a.agreementNo);
  if (!answer)
    return [
      {
        path: 'body',
        message: `${SUBCON_KIND_LABELS[kind]} 하도급 단가계약은 납품대금 연동 약정 또는 미연동 합의를 입력한 뒤 상신할 수 있습니다 (상생협력법 제21조)`,
      },
    ];
  if (answer.kind !== 'NOT_LINKED') return [];
  const facts = await agreementFacts(db, a, lines);
  const n = { exceptionType: answer.exceptionType ?? '', reason: answer.reason ?? '' };
  if (n.exceptionType === 'SMALL_AMOUNT' && facts.amountKrw === null)
    return [{ path: 'body', message: SMALL_AMOUNT_UNFIXED }];
  // Submitting sends no 연동 fields: the refusal is the agreement's, not a field's.
  return noLinkageErrors(n, { amountKrw: facts.amountKrw ?? '0', periodDays: facts.periodDays }, 'body').map((e) => ({
    ...e,
    path: 'body',
  }));
}

/** The answer as the agreement's GET gives it: flat `linkage…` fields (all null: not answered). */
export async function linkageFields(db: Db, agreementNo: string) {
  const k = await findAgreementLinkage(db, agreementNo);
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
