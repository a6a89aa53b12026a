/**
 * Input rules shared by every purchasing document, as pure functions: exact decimals (never
 * floats), dates, and the Korean particle that makes a message read naturally. Each check
 * appends field errors (`body/lines/0/quantity`) so one answer names every bad field.
 */
import { compareDecimals } from '../../../../lib/money.js';
import type { FieldError } from './errors.js';

const DECIMAL_RE = /^-?\d+(?:\.\d+)?$/;

/** 은/는 (topic), 이/가 (subject), 을/를 (object) after a Korean word, by its last syllable's final consonant. */
export function josa(word: string, pair: '은/는' | '이/가' | '을/를'): string {
  const last = word.charCodeAt(word.length - 1);
  const hangul = last >= 0xac00 && last <= 0xd7a3;
  const hasFinal = hangul ? (last - 0xac00) % 28 !== 0 : false;
  const [withFinal, without] = pair.split('/');
  return word + (hasFinal ? withFinal : without);
}

export interface DecimalRule {
  label: string;
  /** Decimals allowed. */
  scale: number;
  /** Digits allowed before the point (numeric(p, s): p − s). */
  intDigits: number;
  /** 'positive': > 0; 'nonNegative': ≥ 0. */
  sign: 'positive' | 'nonNegative';
}

export const QUANTITY: DecimalRule = { label: '수량', scale: 3, intDigits: 12, sign: 'positive' };
export const UNIT_PRICE: DecimalRule = { label: '단가', scale: 2, intDigits: 16, sign: 'nonNegative' };
export const AMOUNT: DecimalRule = { label: '금액', scale: 2, intDigits: 16, sign: 'positive' };

/** The message for a bad decimal, or null when the value follows the rule. */
export function decimalProblem(value: string, rule: DecimalRule): string | null {
  const v = value.trim();
  if (v === '') return `${josa(rule.label, '을/를')} 입력하세요`;
  if (!DECIMAL_RE.test(v)) return `${josa(rule.label, '은/는')} 숫자로 입력하세요`;
  const [int, frac = ''] = v.replace('-', '').split('.');
  if (rule.sign === 'positive' && compareDecimals(v, '0') <= 0) return `${josa(rule.label, '은/는')} 0보다 커야 합니다`;
  if (rule.sign === 'nonNegative' && compareDecimals(v, '0') < 0) return `${josa(rule.label, '은/는')} 0 이상이어야 합니다`;
  if (frac.length > rule.scale) {
    return rule.scale === 0 ? `${josa(rule.label, '은/는')} 소수점 없이 입력하세요` : `${josa(rule.label, '은/는')} 소수점 이하 ${rule.scale}자리까지 입력할 수 있습니다`;
  }
  if (int.replace(/^0+(?=\d)/, '').length > rule.intDigits) return `${josa(rule.label, '이/가')} 너무 큽니다`;
  return null;
}

export function checkDecimal(errors: FieldError[], path: string, value: string | undefined | null, rule: DecimalRule): void {
  const problem = decimalProblem(value ?? '', rule);
  if (problem) errors.push({ path, message: problem });
}

/** Today in Korea (the business day of every date rule), as YYYY-MM-DD. */
export function todayKst(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date YYYY-MM-DD from 1900 on (spec §5 date inputs). */
export function isValidDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

export function checkDate(errors: FieldError[], path: string, value: string | undefined | null, label: string, options: { required?: boolean; notBefore?: string; notBeforeLabel?: string } = {}): void {
  if (value === undefined || value === null || value.trim() === '') {
    if (options.required) errors.push({ path, message: `${josa(label, '을/를')} 입력하세요` });
    return;
  }
  if (!isValidDate(value)) {
    errors.push({ path, message: `${josa(label, '은/는')} YYYY-MM-DD 형식의 올바른 날짜여야 합니다` });
    return;
  }
  if (options.notBefore && value < options.notBefore) {
    errors.push({ path, message: options.notBeforeLabel ?? `${josa(label, '은/는')} 오늘 이후여야 합니다` });
  }
}

/**
 * A deadline: a date (meaning the end of that day in Korea, 23:59:59 KST) or an ISO date-time
 * with an offset. Returns the instant, or null with an error pushed.
 */
export function parseDeadline(errors: FieldError[], path: string, value: string, now: Date = new Date()): Date | null {
  const v = value.trim();
  let at: Date | null = null;
  if (isValidDate(v)) at = new Date(`${v}T23:59:59+09:00`);
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && isValidDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v))) at = new Date(v);
  if (!at) {
    errors.push({ path, message: '마감일시는 YYYY-MM-DD 또는 시간대가 있는 ISO 일시(2026-12-01T18:00:00+09:00)로 입력하세요' });
    return null;
  }
  if (at.getTime() <= now.getTime()) {
    errors.push({ path, message: '마감일시는 현재 이후여야 합니다' });
    return null;
  }
  return at;
}

/** Trimmed text, or null for a blank or missing one. */
export const text = (v: string | null | undefined): string | null => {
  if (v === undefined || v === null) return null;
  const t = v.trim();
  return t === '' ? null : t;
};

export function requireText(errors: FieldError[], path: string, value: string | null | undefined, label: string): void {
  if (text(value) === null) errors.push({ path, message: `${josa(label, '을/를')} 입력하세요` });
}

export const iso = (d: Date | string | null | undefined): string | null => (d === null || d === undefined ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());
