/**
 * 납품대금 연동 (상생협력법 §21; docs/subcontracting.md "납품대금 연동"), the pure rules on exact
 * decimal strings (never floats):
 * - a clause names a 주요 원재료 whose share of the price is at least 10 % (and at most 100 %), an
 *   index, and a trigger rate the parties set above 0 and at most 10 %;
 * - a 미연동 agreement names one of the legal exceptions and a reason; 소액 (≤ ₩100,000,000) and
 *   단기 (≤ 90 days) are checked against the agreement's own amount and period;
 * - the change rate is (비교시점 − 기준시점) / 기준시점; the trigger is crossed when |change| ≥ t;
 * - the adjusted price is price × (1 + share × change), rounded half up to the won.
 * The numbers (10 %, 1억, 90일) come from the 시행령 as the research summarises it *(secondary)*.
 */
import { compareDecimals } from '../../lib/money.js';
import type { FieldError } from './errors.js';

/** The exceptions of 상생협력법 §21② *(secondary)*. */
const LINKAGE_EXCEPTIONS = ['SMALL_AMOUNT', 'SHORT_TERM', 'SMALL_ENTRUSTER', 'AGREED_NONE'] as const;

const SMALL_AMOUNT_LIMIT = '100000000';
const SHORT_TERM_DAYS = 90;
const MIN_SHARE_PCT = '10';
const MAX_TRIGGER_PCT = '10';

export interface LinkageClause {
  material: string;
  sharePct: string;
  indexCode: string;
  triggerPct: string;
}

export interface NoLinkage {
  exceptionType: string;
  reason: string;
}

/** What the agreement itself says, for the 소액 and 단기 exceptions. */
export interface AgreementFacts {
  amountKrw: string;
  periodDays: number;
}

const DECIMAL = /^\d+(\.\d+)?$/;
const blank = (s: string | undefined | null): boolean => !s || s.trim() === '';

export function clauseErrors(c: LinkageClause, at = 'linkage'): FieldError[] {
  const out: FieldError[] = [];
  if (blank(c.material)) out.push({ path: `${at}/material`, message: '주요 원재료를 입력하세요' });
  if (blank(c.indexCode)) out.push({ path: `${at}/indexCode`, message: '기준 지표를 선택하세요' });
  if (
    !DECIMAL.test(c.sharePct) ||
    compareDecimals(c.sharePct, MIN_SHARE_PCT) < 0 ||
    compareDecimals(c.sharePct, '100') > 0
  )
    out.push({ path: `${at}/sharePct`, message: '주요 원재료 비중은 10% 이상 100% 이하여야 합니다' });
  if (
    !DECIMAL.test(c.triggerPct) ||
    compareDecimals(c.triggerPct, '0') <= 0 ||
    compareDecimals(c.triggerPct, MAX_TRIGGER_PCT) > 0
  )
    out.push({ path: `${at}/triggerPct`, message: '조정요건(변동률)은 0%보다 크고 10% 이하여야 합니다' });
  return out;
}

export function noLinkageErrors(n: NoLinkage, facts: AgreementFacts, at = 'linkage'): FieldError[] {
  const out: FieldError[] = [];
  if (!(LINKAGE_EXCEPTIONS as readonly string[]).includes(n.exceptionType))
    out.push({ path: `${at}/exceptionType`, message: '미연동 사유 유형을 선택하세요' });
  else if (n.exceptionType === 'SMALL_AMOUNT' && compareDecimals(facts.amountKrw, SMALL_AMOUNT_LIMIT) > 0)
    out.push({ path: `${at}/exceptionType`, message: '소액 예외는 납품대금 1억 원 이하에만 적용됩니다' });
  else if (n.exceptionType === 'SHORT_TERM' && facts.periodDays > SHORT_TERM_DAYS)
    out.push({ path: `${at}/exceptionType`, message: '단기 예외는 계약기간 90일 이내에만 적용됩니다' });
  if (blank(n.reason)) out.push({ path: `${at}/reason`, message: '미연동 사유를 입력하세요' });
  return out;
}

interface Rational {
  num: bigint;
  den: bigint;
}

function rational(v: string): Rational {
  const [int, frac = ''] = v.replace(/^-/, '').split('.');
  const mag = BigInt(int + frac);
  return { num: v.startsWith('-') ? -mag : mag, den: 10n ** BigInt(frac.length) };
}

/** Rounds num/den (den > 0) half up, away from zero, to `scale` decimals. */
function roundRational(num: bigint, den: bigint, scale: number): string {
  const scaled = num * 10n ** BigInt(scale);
  const mag = scaled < 0n ? -scaled : scaled;
  let q = mag / den;
  if ((mag % den) * 2n >= den) q += 1n;
  const units = scaled < 0n ? -q : q;
  const text = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const body = scale > 0 ? `${text.slice(0, -scale)}.${text.slice(-scale)}` : text;
  return units < 0n ? `-${body}` : body;
}

function changeRatio(base: string, compare: string): Rational {
  const b = rational(base);
  const c = rational(compare);
  if (b.num <= 0n) throw new RangeError('an index base must be above zero');
  // (c − b) / b with c = c.num/c.den, b = b.num/b.den
  return { num: c.num * b.den - b.num * c.den, den: b.num * c.den };
}

/** The change rate in percent, rounded half up to `scale` decimals (for showing; the trigger is exact). */
export function changeRatePct(base: string, compare: string, scale = 2): string {
  const r = changeRatio(base, compare);
  return roundRational(r.num * 100n, r.den, scale);
}

/** Whether |change| ≥ triggerPct, exactly. */
export function triggerCrossed(base: string, compare: string, triggerPct: string): boolean {
  const r = changeRatio(base, compare);
  const t = rational(triggerPct);
  const moved = (r.num < 0n ? -r.num : r.num) * 100n * t.den;
  return moved >= t.num * r.den;
}

/** price × (1 + share/100 × (compare − base)/base), half up to the won. */
export function adjustedPrice(price: string, sharePct: string, base: string, compare: string): string {
  const p = rational(price);
  const s = rational(sharePct);
  const r = changeRatio(base, compare);
  // p × (1 + s/100 × r) = p.num/p.den × (100·s.den·r.den + s.num·r.num) / (100·s.den·r.den)
  const den = p.den * 100n * s.den * r.den;
  const num = p.num * (100n * s.den * r.den + s.num * r.num);
  return roundRational(num, den, 0);
}
