import { compareDecimals } from '../../../../lib/money.js';
export { todayKst } from '../../../db/document-number.js';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date YYYY-MM-DD from 1900 on (spec §5 date inputs). */
export function isValidDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** A settlement period YYYYMM (spec §5 month picker: year ≥ 1900, month 1–12). */
export function isValidPeriod(value: string): boolean {
  if (!/^\d{6}$/.test(value)) return false;
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(4));
  return y >= 1900 && m >= 1 && m <= 12;
}

/** '2026-10-15' → '202610'. */
export const periodOf = (date: string): string => date.slice(0, 4) + date.slice(5, 7);

/** '202602' → '2026-02-28'. */
export function lastDayOf(period: string): string {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(4));
  return `${period.slice(0, 4)}-${period.slice(4)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** '202602' → '2026-02-01'. */
export const firstDayOf = (period: string): string => `${period.slice(0, 4)}-${period.slice(4)}-01`;

/** Trimmed text, or null for a blank or missing one. */
export const text = (v: string | null | undefined): string | null => {
  if (v === undefined || v === null) return null;
  const t = v.trim();
  return t === '' ? null : t;
};

export const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

export const isPositive = (v: string): boolean => compareDecimals(v, '0') > 0;

/** Thousands-grouped whole number for messages: 1234567 → 1,234,567 (decimals kept). */
export const grouped = (v: string): string => {
  const [int, frac] = v.split('.');
  const g = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac && /[1-9]/.test(frac) ? `${g}.${frac.replace(/0+$/, '')}` : g;
};
