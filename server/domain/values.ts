/**
 * Input rules every module shares, as pure functions: text, exact decimals (never floats), and the
 * Korean particle that makes a message read naturally. Each check appends field errors
 * (`body/lines/0/quantity`) so one answer names every bad field.
 */
import { josa } from '../../lib/josa.js';
import { compareDecimals } from '../../lib/money.js';
import type { FieldError } from './errors.js';

const DECIMAL_RE = /^-?\d+(?:\.\d+)?$/;

/** The project's one particle helper (lib/josa.ts): 은/는, 이/가, 을/를, 으로/로, 와/과 after a word as it is read. */
export { josa } from '../../lib/josa.js';

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
  if (rule.sign === 'nonNegative' && compareDecimals(v, '0') < 0)
    return `${josa(rule.label, '은/는')} 0 이상이어야 합니다`;
  if (frac.length > rule.scale) {
    return rule.scale === 0
      ? `${josa(rule.label, '은/는')} 소수점 없이 입력하세요`
      : `${josa(rule.label, '은/는')} 소수점 이하 ${rule.scale}자리까지 입력할 수 있습니다`;
  }
  if (int.replace(/^0+(?=\d)/, '').length > rule.intDigits) return `${josa(rule.label, '이/가')} 너무 큽니다`;
  return null;
}

export function checkDecimal(
  errors: FieldError[],
  path: string,
  value: string | undefined | null,
  rule: DecimalRule,
): void {
  const problem = decimalProblem(value ?? '', rule);
  if (problem) errors.push({ path, message: problem });
}

/** Trimmed text, or null for a blank or missing one. */
export const text = (v: string | null | undefined): string | null => {
  if (v === undefined || v === null) return null;
  const t = v.trim();
  return t === '' ? null : t;
};

/** An e-mail address as the screens accept it: something@domain.tld, no blanks. */
export const isEmail = (v: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

export function requireText(errors: FieldError[], path: string, value: string | null | undefined, label: string): void {
  if (text(value) === null) errors.push({ path, message: `${josa(label, '을/를')} 입력하세요` });
}

/**
 * A timestamp as the API answers it (ISO 8601, UTC). Timestamps read from the database already are
 * (server/db/pglite/parsers.mjs) and pass as they are; other text is read as a date and printed.
 */
export const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined
    ? null
    : d instanceof Date
      ? d.toISOString()
      : isIsoUtc(d)
        ? d
        : new Date(d).toISOString();

/** Date#toISOString's own form: 2024-11-05T05:30:09.000Z. */
const isIsoUtc = (s: string): boolean =>
  s.length === 24 &&
  s.charCodeAt(23) === 90 /* Z */ &&
  s.charCodeAt(10) === 84 /* T */ &&
  s.charCodeAt(19) === 46; /* . */

/** Thousands-grouped number for messages: 1234567 → 1,234,567 (decimals kept, trailing zeros dropped). */
export const grouped = (v: string): string => {
  const [int, frac] = v.split('.');
  const g = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac && /[1-9]/.test(frac) ? `${g}.${frac.replace(/0+$/, '')}` : g;
};
