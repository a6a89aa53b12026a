/**
 * When a 납품대금 연동 clause is compared, and with what (docs/subcontracting.md "연동 조정 제안"): the 조정주기 points
 * after 기준시점, the days a point's comparison value is read from (`DAY`: the point itself; `MONTH_AVG`: the
 * calendar month before it), and the mean of a month's values. Pure, on YYYY-MM-DD strings and exact decimals.
 */
import { daysInMonth } from '../../lib/date.js';
import { roundDecimal, sumDecimals } from '../../lib/money.js';

export type CompareBasis = 'DAY' | 'MONTH_AVG';

/** The scale of an index value (linkage_index_value.value numeric(18,4)); a month's mean is kept at it too. */
const VALUE_SCALE = 4;
/** More points than any agreement has (a century of monthly periods): a guard, never a rule. */
const MAX_POINTS = 1200;

const pad = (n: number) => String(n).padStart(2, '0');

/** `day` plus `months` calendar months (negative: back), the day of the month kept or, past its end, its last day. */
export function plusMonths(day: string, months: number): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const dom = Math.min(Number(day.slice(8, 10)), daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(dom)}`;
}

/**
 * The 조정주기 points of a clause, oldest first: 기준시점 + k × period (k = 1, 2, …), those after `after` and within
 * [from, to]. Each is counted from 기준시점 itself, not from the point before, so a day cut short by a short month
 * (01-31 → 02-28) does not move the later points (03-31).
 */
export function comparisonPoints(
  baseDate: string,
  periodMonths: number,
  o: { after: string; from: string; to: string },
): string[] {
  const out: string[] = [];
  for (let k = 1; k <= MAX_POINTS; k++) {
    const point = plusMonths(baseDate, k * periodMonths);
    if (point > o.to) break;
    if (point > o.after && point >= o.from) out.push(point);
  }
  return out;
}

/** The days whose index values make a point's comparison value: the point (DAY), or the whole month before it. */
export function comparisonWindow(point: string, basis: CompareBasis): { from: string; to: string } {
  if (basis === 'DAY') return { from: point, to: point };
  const first = plusMonths(`${point.slice(0, 7)}-01`, -1);
  const last = daysInMonth(Number(first.slice(0, 4)), Number(first.slice(5, 7)));
  return { from: first, to: `${first.slice(0, 8)}${pad(last)}` };
}

/**
 * The mean of index values, rounded half up to the values' own scale (4 decimals): the comparison value a
 * `MONTH_AVG` clause reads. Null without values — no comparison, and so no proposal, for that point.
 */
export function meanValue(values: readonly string[]): string | null {
  if (values.length === 0) return null;
  const units = BigInt(roundDecimal(sumDecimals(values), VALUE_SCALE).replace('.', ''));
  const n = BigInt(values.length);
  let q = units / n;
  if ((units % n) * 2n >= n) q += 1n;
  // Index values are above zero (a CHECK), so the mean is too: no sign to carry.
  const text = q.toString().padStart(VALUE_SCALE + 1, '0');
  return `${text.slice(0, -VALUE_SCALE)}.${text.slice(-VALUE_SCALE)}`;
}
